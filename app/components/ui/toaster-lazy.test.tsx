import { act, screen, waitFor } from "@testing-library/react";
import { renderToasterPages } from "../../../tests/support/toaster-page.tsx";
import { expect, it, vi } from "vitest";
import { ACROSS_PAGES, toast } from "./toaster.tsx";

// Sonner arrives when the test lets it: a slow network, in effect.
const network = vi.hoisted(() => {
  let deliver = () => {};
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  return { requested: 0, delivered, deliver: () => deliver() };
});
vi.mock("sonner", async (importOriginal) => {
  network.requested += 1;
  await network.delivered;
  return importOriginal();
});

// In a file of its own, so that sonner has not been loaded by another test.
it("fetches sonner with the first toast, shows what was asked meanwhile, and leaves the last page's behind", async () => {
  renderToasterPages();
  await screen.findByRole("link", { name: "Next page" });
  expect(network.requested).toBe(0);
  expect(document.querySelector("[data-sonner-toaster]")).toBeNull();

  act(() => {
    toast("Saved on the first page");
    toast.info("You've been signed out", { id: `${ACROSS_PAGES}signed-out` });
  });
  await waitFor(() => expect(network.requested).toBe(1));
  act(() => screen.getByRole("link", { name: "Next page" }).click());
  await screen.findByText("The next page");
  act(() => toast.success("Welcome to the next page"));

  network.deliver();
  expect(await screen.findByText("You've been signed out")).toBeInTheDocument();
  expect(await screen.findByText("Welcome to the next page")).toBeInTheDocument();
  expect(screen.queryByText("Saved on the first page")).toBeNull();
  expect(network.requested).toBe(1);
});
