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

export interface CaptionProblem {
  line: number;
  message: string;
}

/**
 * What is wrong with one caption file for a recording of `duration` seconds
 * (undefined when it cannot be read): the file must read as WebVTT and end
 * within the recording. The build's check and the studio's upload both ask this.
 */
export function captionProblems(source: string, duration: number | undefined): CaptionProblem[] {
  const reading = parseVtt(source);
  if (!reading.ok) return reading.problems;
  const last = reading.cues.at(-1)!;
  if (duration !== undefined && last.end > duration + END_TOLERANCE_SECONDS) {
    return [
      {
        line: last.line,
        message: `the cue ends at ${last.end.toFixed(3)} s, after the recording (${duration.toFixed(3)} s)`,
      },
    ];
  }
  return [];
}

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
    const source = fs.readFileSync(path.join(dir, name), "utf8");
    const recording = name.replace(/\.vtt$/, ".mp3");
    const beside = fs.existsSync(path.join(dir, recording));
    const found = captionProblems(source, beside ? await durationOf(path.join(dir, recording)) : undefined);
    if (found.length === 0 && !beside)
      found.push({ line: 1, message: `there is no recording ${recording} beside it` });
    for (const { line, message } of found) problems.push(`${shown}:${line}: ${message}`);
  }
  return problems;
}

/** A recording's length in seconds, read from the file. */
export async function recordingDuration(file: string): Promise<number | undefined> {
  const { parseFile } = await import("music-metadata");
  return (await parseFile(file, { duration: true })).format.duration;
}
