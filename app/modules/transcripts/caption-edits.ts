import { formatTimestamp, formatVtt, type Cue } from "./vtt.ts";

/**
 * The studio's two ways to change a recording's captions, as pure steps: her
 * words put back into the cues she was shown (their times kept), and the
 * problems of an uploaded file said the way the build says them, with the file
 * and the line.
 */

/** The most a caption file may weigh when uploaded: an hour's captions are well under 200 KB. */
export const CAPTION_FILE_MAX_BYTES = 512 * 1024;

/** The most one cue's words may run to. */
export const CUE_TEXT_MAX = 500;

export type EditedCaptions = { ok: true; source: string } | { ok: false; message: string };

/** The cues with her words, one per cue in order, as a WebVTT file; times as they were. */
export function withWords(cues: readonly Cue[], words: readonly string[]): EditedCaptions {
  if (words.length !== cues.length) {
    return { ok: false, message: "The captions changed since the page was opened. Please open it again." };
  }
  const edited = cues.map((cue, index) => ({ ...cue, text: words[index]!.replace(/\s+/g, " ").trim() }));
  for (const [index, cue] of edited.entries()) {
    const which = `Cue ${index + 1} (at ${cueTime(cue.start)})`;
    if (cue.text === "")
      return { ok: false, message: `${which} has no words: every cue must say something.` };
    if (cue.text.length > CUE_TEXT_MAX) {
      return { ok: false, message: `${which} is too long: please keep a cue to ${CUE_TEXT_MAX} characters.` };
    }
  }
  return { ok: true, source: formatVtt(edited) };
}

/** A cue's start as the studio shows it: "1:02.5", "1:01:02.0". */
export function cueTime(seconds: number): string {
  const [hours, minutes, rest] = formatTimestamp(seconds).split(":") as [string, string, string];
  const shown = `${Number(minutes)}:${rest.slice(0, 4)}`;
  return hours === "00" ? shown : `${Number(hours)}:${minutes}:${rest.slice(0, 4)}`;
}

/** A problem in an uploaded file, named as she named it: "fear-release.vtt, line 14: the cue has no text". */
export function uploadProblemText(fileName: string, problem: { line: number; message: string }): string {
  return `${shownFileName(fileName)}, line ${problem.line}: ${problem.message}`;
}

/** The file's own name (no folders, no control characters), cut short. */
function shownFileName(fileName: string): string {
  const name = fileName
    .replace(/^.*[\\/]/, "")
    .replace(/[\p{C}]/gu, "")
    .trim();
  return (name === "" ? "the file" : name).slice(0, 80);
}
