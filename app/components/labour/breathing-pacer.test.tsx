import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BREATHS } from "#app/modules/labour/breathing.ts";
import { BreathingPacer } from "./breathing-pacer.tsx";

const counts = { wave: BREATHS.wave.defaults, birthing: BREATHS.birthing.defaults };

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query === "(prefers-reduced-motion: reduce)",
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const renderPacer = () =>
  render(
    <BreathingPacer counts={counts} vibrate={false} onCountsChange={() => {}} onVibrateChange={() => {}} />,
  );
const shape = (container: HTMLElement) => container.querySelector<HTMLElement>("[aria-hidden] > div")!;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the breathing pacer", () => {
  it("paces in for four and out for eight, turning the shape as it goes", () => {
    prefersReducedMotion(false);
    const { container } = renderPacer();
    fireEvent.click(screen.getByRole("button", { name: "Start breathing guide" }));
    expect(screen.getByText("Breathe in")).toBeVisible();
    expect(shape(container).style.transform).toBe("scale(1)");
    expect(shape(container).style.transition).toBe("transform 4000ms ease-in-out");

    act(() => vi.advanceTimersByTime(4200));
    expect(screen.getByText("Breathe out")).toBeVisible();
    expect(shape(container).style.transform).toBe("scale(0.45)");

    fireEvent.click(screen.getByRole("button", { name: "Stop breathing guide" }));
    expect(screen.queryByText("Breathe out")).toBeNull();
  });

  it("holds the shape still with reduced motion, and counts in words instead", () => {
    prefersReducedMotion(true);
    const { container } = renderPacer();
    fireEvent.click(screen.getByRole("button", { name: "Start breathing guide" }));
    act(() => vi.advanceTimersByTime(2200));
    expect(screen.getByText("Breathe in")).toBeVisible();
    expect(screen.getByText("3")).toBeVisible();
    expect(shape(container).style.transition).toBe("");
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText("Breathe out")).toBeVisible();
    expect(screen.getByText("3")).toBeVisible();
  });
});
