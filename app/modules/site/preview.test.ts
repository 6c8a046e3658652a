import { describe, expect, it } from "vitest";
import { readsAgainAfter } from "./preview.ts";

describe("when a page reads its data again after a form was sent", () => {
  const editor = new URL("https://tidewell.test/studio/words/article/oxytocin");
  const revision = new URL("https://tidewell.test/studio/words/article/oxytocin?restore=1");

  it("does not after a preview on the same page", () => {
    expect(readsAgainAfter({ intent: "preview", from: editor, to: editor })).toBe(false);
  });

  it("does after a preview while she is on her way to a revision, so that page shows its own text", () => {
    expect(readsAgainAfter({ intent: "preview", from: editor, to: revision })).toBe(true);
  });

  it("does after a save or a publish", () => {
    expect(readsAgainAfter({ intent: "save", from: editor, to: editor })).toBe(true);
    expect(readsAgainAfter({ intent: "publish", from: editor, to: editor })).toBe(true);
  });
});
