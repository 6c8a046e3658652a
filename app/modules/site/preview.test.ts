import { describe, expect, it } from "vitest";
import { notAfterPreview, PREVIEW_INTENT, readsAgainAfter } from "./preview.ts";

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

describe("a route that is not read again after a preview", () => {
  const page = new URL("https://tidewell.test/studio/words/article/oxytocin");
  const sent = (intent: string) => {
    const formData = new FormData();
    formData.set("intent", intent);
    return formData;
  };

  it("is not after a preview on the same page, whatever React Router would do", () => {
    expect(
      notAfterPreview({
        formData: sent(PREVIEW_INTENT),
        currentUrl: page,
        nextUrl: page,
        defaultShouldRevalidate: true,
      }),
    ).toBe(false);
  });

  it("is as React Router would have it after anything else", () => {
    for (const defaultShouldRevalidate of [true, false]) {
      expect(
        notAfterPreview({ formData: sent("save"), currentUrl: page, nextUrl: page, defaultShouldRevalidate }),
      ).toBe(defaultShouldRevalidate);
      expect(notAfterPreview({ currentUrl: page, nextUrl: page, defaultShouldRevalidate })).toBe(
        defaultShouldRevalidate,
      );
    }
  });
});
