import fs from "node:fs";
import path from "node:path";
import { parseVtt } from "./vtt.ts";

/**
 * Checks every caption file in a folder of recordings before the app is built:
 * each must read as WebVTT, sit beside its recording, and end within it. An
 * owner who adds a transcript gets the file and the line of each problem.
 * Relative imports only: the build runs this before the app's aliases exist.
 */

/** A last cue may end this much past the recording (an encoder's padding). */
const END_TOLERANCE_SECONDS = 0.5;

/** The problems found, as "content/audio/x.vtt:12: message"; none when all is well. */
export async function checkCaptionFiles(
  dir: string,
  durationOf: (file: string) => Promise<number | undefined>,
  shownAs = dir,
): Promise<string[]> {
  const problems: string[] = [];
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".vtt")) : [];
  for (const name of names.sort()) {
    const shown = path.join(shownAs, name);
    const reading = parseVtt(fs.readFileSync(path.join(dir, name), "utf8"));
    if (!reading.ok) {
      for (const { line, message } of reading.problems) problems.push(`${shown}:${line}: ${message}`);
      continue;
    }
    const recording = name.replace(/\.vtt$/, ".mp3");
    if (!fs.existsSync(path.join(dir, recording))) {
      problems.push(`${shown}:1: there is no recording ${recording} beside it`);
      continue;
    }
    const duration = await durationOf(path.join(dir, recording));
    const last = reading.cues.at(-1)!;
    if (duration !== undefined && last.end > duration + END_TOLERANCE_SECONDS) {
      problems.push(
        `${shown}:${last.line}: the cue ends at ${last.end.toFixed(3)} s, after the recording (${duration.toFixed(3)} s)`,
      );
    }
  }
  return problems;
}

/** A recording's length in seconds, read from the file. */
export async function recordingDuration(file: string): Promise<number | undefined> {
  const { parseFile } = await import("music-metadata");
  return (await parseFile(file, { duration: true })).format.duration;
}
