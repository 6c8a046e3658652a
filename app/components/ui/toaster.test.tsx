import { act, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { TOAST_DEFAULTS, Toaster } from "./toaster.tsx";

describe("Toaster", () => {
  it("uses the spec's defaults", () => {
    expect(TOAST_DEFAULTS).toEqual({ duration: 4000, visibleToasts: 3, width: 356, gap: 14 });
  });

  it("shows at most three toasts at once", async () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast(`Message ${n}`);
    });
    await screen.findByText("Message 5");
    const shown = screen.getAllByText(/^Message \d$/).filter((el) => el.closest("[data-visible='true']"));
    expect(shown).toHaveLength(3);
  });
});
