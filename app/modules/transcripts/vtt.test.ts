import { describe, expect, it } from "vitest";
import { formatTimestamp, formatVtt, indexAt, paragraphsOf, parseTimestamp, parseVtt } from "./vtt.ts";

describe("WebVTT", () => {
  it("reads timestamps with and without hours, and writes them back with hours", () => {
    expect(parseTimestamp("00:01.250")).toBe(1.25);
    expect(parseTimestamp("01:02:03.004")).toBeCloseTo(3723.004);
    expect(parseTimestamp("1:02.000")).toBeNull();
    expect(parseTimestamp("00:61.000")).toBeNull();
    expect(formatTimestamp(75.5)).toBe("00:01:15.500");
    expect(formatTimestamp(3723.004)).toBe("01:02:03.004");
  });

  it("reads cues with identifiers, settings, tags, notes and Windows line ends", () => {
    const source = [
      "WEBVTT - Fear Release",
      "",
      "NOTE written by hand",
      "",
      "intro",
      "00:00:03.000 --> 00:00:05.500 align:start",
      "<v Narrator>Hello, and</v>",
      "welcome &amp; rest.",
      "",
      "00:06.000 --> 00:08.000",
      "Breathe in.",
      "",
    ].join("\r\n");
    expect(parseVtt(source)).toEqual({
      ok: true,
      cues: [
        { start: 3, end: 5.5, text: "Hello, and welcome & rest.", line: 6 },
        { start: 6, end: 8, text: "Breathe in.", line: 10 },
      ],
    });
  });

  it("names the line of every mistake", () => {
    const source = [
      "WEBVTT",
      "",
      "00:00:01.000 --> 00:00:02.000",
      "One.",
      "",
      "00:00:03.000 -> 00:00:04.000",
      "Arrow too short.",
      "",
      "00:00:05.000 --> 00:00:04.000",
      "Backwards.",
      "",
      "00:00:01.500 --> 00:00:06.000",
      "Overlaps the first.",
      "",
      "00:00:07.000 --> 00:00:08.000",
      "",
    ].join("\n");
    const reading = parseVtt(source);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? [] : reading.problems.map(({ line }) => line)).toEqual([6, 9, 12, 15]);
    expect(parseVtt("Hello\n\n00:00:01.000 --> 00:00:02.000\nx")).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'the file must begin with "WEBVTT"' }],
    });
    expect(parseVtt("WEBVTT\n")).toEqual({
      ok: false,
      problems: [{ line: 1, message: "the file has no cues" }],
    });
  });

  it("writes what it reads", () => {
    const cues = [
      { start: 3, end: 4.25, text: "Hello." },
      { start: 5, end: 7, text: "Breathe." },
    ];
    const reading = parseVtt(formatVtt(cues));
    expect(reading.ok && reading.cues.map(({ start, end, text }) => ({ start, end, text }))).toEqual(cues);
  });

  it("joins cues into paragraphs at pauses, and finds what is said at a time", () => {
    const cues = [
      { start: 3, end: 5, text: "Hello.", line: 3 },
      { start: 5.2, end: 7, text: "Welcome.", line: 6 },
      { start: 9, end: 11, text: "Breathe in.", line: 9 },
    ];
    const paragraphs = paragraphsOf(cues);
    expect(paragraphs).toEqual([
      { start: 3, end: 7, text: "Hello. Welcome." },
      { start: 9, end: 11, text: "Breathe in." },
    ]);
    expect([0, 3, 5.1, 5.2, 8, 10.99, 11, 20].map((time) => indexAt(cues, time))).toEqual([
      -1, 0, -1, 1, -1, 2, -1, -1,
    ]);
    expect(indexAt(paragraphs, 6)).toBe(0);
    expect(indexAt([], 1)).toBe(-1);
  });
});
