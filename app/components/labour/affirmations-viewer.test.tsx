import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { affirmationSet } from "#app/modules/labour/affirmations.ts";
import { AffirmationsViewer } from "./affirmations-viewer.tsx";

const wave = affirmationSet("wave").lines;
const shown = (line: string) => screen.getAllByText(line)[0];

describe("the affirmations", () => {
  it("move on with the buttons, the arrow keys, a swipe and a tap, and wrap round", () => {
    render(<AffirmationsViewer setId="wave" onSetChange={() => {}} />);
    expect(shown(wave[0]!)).toBeVisible();
    expect(screen.getAllByText(`1 of ${wave.length}`)[0]).toBeVisible();

    const next = screen.getAllByRole("button", { name: "Next affirmation" })[0]!;
    fireEvent.click(next);
    expect(shown(wave[1]!)).toBeVisible();

    fireEvent.keyDown(next, { key: "ArrowRight" });
    expect(shown(wave[2]!)).toBeVisible();
    fireEvent.keyDown(next, { key: "ArrowLeft" });
    fireEvent.keyDown(next, { key: "ArrowLeft" });
    fireEvent.keyDown(next, { key: "ArrowLeft" });
    expect(shown(wave.at(-1)!)).toBeVisible();

    const words = shown(wave.at(-1)!)!.parentElement!;
    fireEvent.pointerDown(words, { clientX: 200 });
    fireEvent.pointerUp(words, { clientX: 100 }); // a swipe to the left: the next one
    expect(shown(wave[0]!)).toBeVisible();
    fireEvent.pointerDown(words, { clientX: 150 });
    fireEvent.pointerUp(words, { clientX: 152 }); // a tap
    expect(shown(wave[1]!)).toBeVisible();
  });

  it("changes set from the list, starting at its first", () => {
    const onSetChange = vi.fn();
    render(<AffirmationsViewer setId="wave" onSetChange={onSetChange} />);
    fireEvent.change(screen.getByLabelText("Which words"), { target: { value: "partner" } });
    expect(onSetChange).toHaveBeenCalledWith("partner");
  });
});
