import { afterEach, describe, expect, it, vi } from "vitest";
import { captionAt, loadCaptions } from "./captions.ts";

const FILE =
  "WEBVTT\n\n00:00:03.000 --> 00:00:05.000\nHello.\n\n00:00:05.000 --> 00:00:08.000\nBreathe in.\n";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch that answers each request with the next of `answers` (an Error is a lost signal). */
function answering(...answers: (Response | Error)[]) {
  const fetch = vi.fn(async () => {
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error("no more answers");
    return answer;
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the player's captions", () => {
  it("reads a track's captions from its own address, with her cookies, and asks once", async () => {
    const fetch = answering(new Response(FILE, { headers: { "Content-Type": "text/vtt" } }));
    const cues = await loadCaptions("fear-release");
    expect(cues?.map((cue) => cue.text)).toEqual(["Hello.", "Breathe in."]);
    expect(fetch).toHaveBeenCalledWith("/captions/fear-release.vtt", { credentials: "same-origin" });
    expect(await loadCaptions("fear-release")).toBe(cues);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("has none for a refusal, a lost signal or a file that doesn't read, and asks again next time", async () => {
    const fetch = answering(
      new Response("This session's transcript is part of the Complete Course.", { status: 403 }),
      new TypeError("Failed to fetch"),
      new Response("not captions"),
      new Response(FILE),
    );
    expect(await loadCaptions("prepare-for-birth")).toBeNull();
    expect(await loadCaptions("prepare-for-birth")).toBeNull();
    expect(await loadCaptions("prepare-for-birth")).toBeNull();
    expect(await loadCaptions("prepare-for-birth")).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("shows one cue at a time, and nothing between cues or without captions", () => {
    const cues = [
      { start: 3, end: 5, text: "Hello.", line: 3 },
      { start: 6, end: 8, text: "Breathe in.", line: 6 },
    ];
    expect([0, 3, 4.9, 5.5, 6, 8].map((seconds) => captionAt(cues, seconds))).toEqual([
      "",
      "Hello.",
      "Hello.",
      "",
      "Breathe in.",
      "",
    ]);
    expect(captionAt(null, 4)).toBe("");
    expect(captionAt(undefined, 4)).toBe("");
  });
});
