import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WakeLockToggle } from "./wake-lock.tsx";

/** A stand-in for the browser's WakeLockSentinel: released by us, or by the browser when the page hides. */
class Sentinel extends EventTarget {
  released = false;
  type = "screen" as const;
  release = vi.fn(async () => this.letGo());
  letGo() {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event("release"));
  }
}

let sentinels: Sentinel[];
const request = vi.fn(async () => {
  const sentinel = new Sentinel();
  sentinels.push(sentinel);
  return sentinel;
});

function Harness({ initially = true }: { initially?: boolean }) {
  const [wanted, setWanted] = useState(initially);
  return <WakeLockToggle wanted={wanted} onChange={setWanted} />;
}

const button = () => screen.getByRole("switch", { name: "Keep screen on" });
const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
};

beforeEach(() => {
  sentinels = [];
  request.mockClear();
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
});

afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe("the keep-screen-on toggle", () => {
  it("asks for a screen wake lock while labour mode is open, and says the screen stays on", async () => {
    render(<Harness />);
    await screen.findByText("The screen stays on while labour mode is open.");
    expect(request).toHaveBeenCalledWith("screen");
    expect(button()).toHaveAttribute("aria-checked", "true");
    expect(button()).toHaveAccessibleDescription("The screen stays on while labour mode is open.");
  });

  it("lets go when turned off, and asks again when turned on", async () => {
    render(<Harness />);
    await screen.findByText("The screen stays on while labour mode is open.");
    fireEvent.click(button());
    expect(sentinels[0]!.release).toHaveBeenCalled();
    expect(button()).toHaveAttribute("aria-checked", "false");
    expect(screen.getByText("Off: the screen dims and locks as usual. Tap to keep it on.")).toBeVisible();

    fireEvent.click(button());
    await screen.findByText("The screen stays on while labour mode is open.");
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("asks again when the page is shown after the browser let go of it", async () => {
    render(<Harness />);
    await screen.findByText("The screen stays on while labour mode is open.");
    // The phone locks: the page hides and the browser releases the lock.
    act(() => {
      setVisibility("hidden");
      sentinels[0]!.letGo();
    });
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => setVisibility("visible"));
    await screen.findByText("The screen stays on while labour mode is open.");
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("says so when the phone refuses", async () => {
    request.mockRejectedValueOnce(new DOMException("Low battery", "NotAllowedError"));
    render(<Harness />);
    await screen.findByText(/wouldn't keep the screen on just now/);
  });

  it("doesn't ask when the member turned it off before", async () => {
    render(<Harness initially={false} />);
    expect(button()).toHaveAttribute("aria-checked", "false");
    await act(async () => {});
    expect(request).not.toHaveBeenCalled();
  });

  it("says when the browser can't keep the screen on, and the toggle does nothing", () => {
    delete (navigator as { wakeLock?: unknown }).wakeLock;
    render(<Harness />);
    expect(button()).toHaveAttribute("aria-disabled", "true");
    expect(button()).toHaveAttribute("aria-checked", "false");
    expect(button()).toHaveAccessibleDescription(/This browser can't keep the screen on/);
    fireEvent.click(button());
    expect(button()).toHaveAttribute("aria-checked", "false");
  });
});
