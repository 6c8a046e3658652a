import { describe, expect, it } from "vitest";
import { captionProblems } from "./check-files.server.ts";
import { cueTime, uploadProblemText, withWords } from "./caption-edits.ts";
import { formatVtt, parseVtt, type Cue } from "./vtt.ts";

const cues: Cue[] = [
  { start: 3, end: 5.5, text: "Hello, and welcome.", line: 3 },
  { start: 6, end: 8, text: "Breathe in.", line: 6 },
];

describe("fixing a cue's words", () => {
  it("keeps every cue's time and changes only its words", () => {
    const edited = withWords(cues, ["Hello, and  welcome here.\n", "Breathe in slowly."]);
    expect(edited.ok).toBe(true);
    const reading = parseVtt(edited.ok ? edited.source : "");
    expect(reading.ok && reading.cues.map(({ start, end, text }) => ({ start, end, text }))).toEqual([
      { start: 3, end: 5.5, text: "Hello, and welcome here." },
      { start: 6, end: 8, text: "Breathe in slowly." },
    ]);
  });

  it("refuses a cue with no words, naming it, and a count of words that is not the cues'", () => {
    expect(withWords(cues, ["Hello.", "  \n "])).toEqual({
      ok: false,
      message: "Cue 2 (at 0:06.0) has no words: every cue must say something.",
    });
    expect(withWords(cues, ["Hello."])).toMatchObject({ ok: false });
  });

  it("keeps what she typed as plain words: a tag, an arrow or a blank line is read back as she wrote it", () => {
    const planted = `<script>alert("x")</script> --> & <b>bold</b>`;
    const edited = withWords(cues, [planted, "Line one.\n\nLine two."]);
    const source = edited.ok ? edited.source : "";
    expect(source).not.toContain("<script>");
    // Only the two timing lines hold an arrow: hers is escaped.
    expect(source.split("\n").filter((line) => line.includes("-->"))).toHaveLength(2);
    const reading = parseVtt(source);
    expect(reading.ok && reading.cues.map((cue) => cue.text)).toEqual([
      `<script>alert("x")</script> --> & <b>bold</b>`,
      "Line one. Line two.",
    ]);
    // Written again, it reads the same: nothing grows or is lost on each save.
    expect(reading.ok && formatVtt(reading.cues)).toBe(source);
  });

  it("shows a cue's time as the page does", () => {
    expect(cueTime(6)).toBe("0:06.0");
    expect(cueTime(75.25)).toBe("1:15.2");
    expect(cueTime(3723.5)).toBe("1:02:03.5");
  });
});

describe("an uploaded caption file", () => {
  it("is checked as the build checks the bundled ones, each problem with its file and line", () => {
    const source = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne.\n\n00:00:03.000 --> 00:00:02.000\nTwo.\n";
    const problems = captionProblems(source, 600);
    expect(problems).toEqual([{ line: 6, message: "the cue ends before it starts" }]);
    expect(uploadProblemText("C:\\Users\\Aoife\\fear-release.vtt", problems[0]!)).toBe(
      "fear-release.vtt, line 6: the cue ends before it starts",
    );
  });

  it("must end within its recording", () => {
    const source = formatVtt([{ start: 1, end: 700, text: "Long." }]);
    expect(captionProblems(source, 600)).toEqual([
      { line: 3, message: "the cue ends at 700.000 s, after the recording (600.000 s)" },
    ]);
    expect(captionProblems(source, undefined)).toEqual([]);
    expect(captionProblems("Hello", 600)).toEqual([
      { line: 1, message: 'the file must begin with "WEBVTT"' },
    ]);
  });
});
