import { act, screen, waitFor } from "@testing-library/react";
import { renderToasterPages } from "../../../tests/support/toaster-page.tsx";
import { describe, expect, it } from "vitest";
import { ACROSS_PAGES, TOAST_DEFAULTS, toast } from "./toaster.tsx";

describe("Toaster", () => {
  it("keeps the spec's duration, width and gap, and shows two at most", () => {
    expect(TOAST_DEFAULTS).toEqual({ duration: 4000, visibleToasts: 2, width: 356, gap: 14 });
  });

  it("never stacks more than two toasts", async () => {
    renderToasterPages();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast(`Message ${n}`);
    });
    await screen.findByText("Message 5");
    const shown = screen.getAllByText(/^Message \d$/).filter((el) => el.closest("[data-visible='true']"));
    expect(shown.map((el) => el.textContent)).toEqual(["Message 5", "Message 4"]);
  });

  it("leaves the last page's messages behind on navigation, but not one that says why it moved", async () => {
    renderToasterPages();
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
