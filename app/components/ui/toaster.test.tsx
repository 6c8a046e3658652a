import { act, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { ACROSS_PAGES, TOAST_DEFAULTS, toast, Toaster } from "./toaster.tsx";

function renderWithRouter() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: [
        { index: true, Component: () => <Link to="/next">Next page</Link> },
        { path: "next", Component: () => <p>The next page</p> },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("Toaster", () => {
  it("keeps the spec's duration, width and gap, and shows two at most", () => {
    expect(TOAST_DEFAULTS).toEqual({ duration: 4000, visibleToasts: 2, width: 356, gap: 14 });
  });

  it("never stacks more than two toasts", async () => {
    renderWithRouter();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast(`Message ${n}`);
    });
    await screen.findByText("Message 5");
    const shown = screen.getAllByText(/^Message \d$/).filter((el) => el.closest("[data-visible='true']"));
    expect(shown.map((el) => el.textContent)).toEqual(["Message 5", "Message 4"]);
  });

  it("leaves the last page's messages behind on navigation, but not one that says why it moved", async () => {
    renderWithRouter();
    act(() => {
      toast("Saved on the first page");
      toast("You've been signed out", { id: `${ACROSS_PAGES}signed-out` });
    });
    await screen.findByText("Saved on the first page");
    act(() => screen.getByRole("link", { name: "Next page" }).click());
    await screen.findByText("The next page");
    await waitFor(() => expect(screen.queryByText("Saved on the first page")).toBeNull());
    expect(screen.getByText("You've been signed out")).toBeInTheDocument();
  });
});
