import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_SESSIONS, PREVIEW_AUDIO_FILE } from "#app/modules/catalogue/tracks.ts";
import { checkCaptionFiles, recordingDuration } from "./check-files.server.ts";
import { parseVtt } from "./vtt.ts";

const AUDIO = "content/audio";
const SCRIPTS = "content/audio-scripts";
/** scripts/build-audio.sh: background before the voice starts, and after it ends. */
const LEAD_IN_SECONDS = 3;
const TAIL_SECONDS = 6;

const recordings = [...ALL_SESSIONS.map((track) => track.audioFile), PREVIEW_AUDIO_FILE];

function cuesOf(file: string) {
  const reading = parseVtt(fs.readFileSync(file, "utf8"));
  if (!reading.ok) throw new Error(`${file}: ${JSON.stringify(reading.problems)}`);
  return reading.cues;
}

describe("the recordings' captions", () => {
  it("pass the build's check: every file reads, sits beside its recording and ends within it", async () => {
    expect(await checkCaptionFiles(AUDIO, recordingDuration)).toEqual([]);
  });

  it.each(recordings)("%s has captions that say its script and keep time with it", async (audioFile) => {
    const id = audioFile.replace(/\.mp3$/, "");
    const cues = cuesOf(path.join(AUDIO, `${id}.vtt`));
    const duration = (await recordingDuration(path.join(AUDIO, audioFile)))!;
    // The voice starts after the lead-in and ends before the tail: the first cue and the last
    // are within half a second of where the recording's own length puts them.
    expect(Math.abs(cues[0]!.start - LEAD_IN_SECONDS)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(duration - TAIL_SECONDS - cues.at(-1)!.end)).toBeLessThanOrEqual(0.5);
    for (const [index, cue] of cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (index > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[index - 1]!.end);
    }
    // Every word of the script, in order, and nothing else.
    const script = fs
      .readFileSync(path.join(SCRIPTS, `${id}.txt`), "utf8")
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "" && !line.startsWith("["))
      .join(" ");
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    expect(words(cues.map((cue) => cue.text).join(" "))).toEqual(words(script));
  });
});

describe("checking an owner's caption files", () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-captions-"));
  const lengthOf = (seconds: number) => async () => seconds;

  it("names the file and line of each mistake", async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, "talk.mp3"), "");
    fs.writeFileSync(
      path.join(dir, "talk.vtt"),
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello.\n\n00:00:04.000 --> 00:00:02.000\nBackwards.\n",
    );
    expect(await checkCaptionFiles(dir, lengthOf(60), "content/audio")).toEqual([
      "content/audio/talk.vtt:6: the cue ends before it starts",
    ]);
  });

  it("wants the recording beside the captions, and the captions to end within it", async () => {
    const dir = folder();
    const captions =
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello.\n\n00:01:10.000 --> 00:01:12.000\nGoodbye.\n";
    fs.writeFileSync(path.join(dir, "lonely.vtt"), captions);
    fs.writeFileSync(path.join(dir, "short.vtt"), captions);
    fs.writeFileSync(path.join(dir, "short.mp3"), "");
    expect(await checkCaptionFiles(dir, lengthOf(71.4), "content/audio")).toEqual([
      "content/audio/lonely.vtt:1: there is no recording lonely.mp3 beside it",
      "content/audio/short.vtt:6: the cue ends at 72.000 s, after the recording (71.400 s)",
    ]);
    // Half a second of an encoder's padding is allowed.
    expect(await checkCaptionFiles(dir, lengthOf(71.6), "content/audio")).toEqual([
      "content/audio/lonely.vtt:1: there is no recording lonely.mp3 beside it",
    ]);
  });
});
