/**
 * WebVTT, the caption format of the web: read, checked and shaped for the
 * player (one cue at a time) and the transcript (paragraphs). Pure, so the
 * build, the server and the browser read a file the same way.
 */

export interface Cue {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** What is said, as plain text (tags such as <v Voice> removed). */
  text: string;
  /** The line of its timing in the file, for messages about it. */
  line: number;
}

export interface Paragraph {
  start: number;
  end: number;
  text: string;
}

/** Something wrong in a file, with the line (from 1) it is on. */
interface VttProblem {
  line: number;
  message: string;
}

export type VttReading = { ok: true; cues: Cue[] } | { ok: false; problems: VttProblem[] };

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/;

/** "01:02.500" or "1:01:02.500" as seconds; null when it is not a WebVTT timestamp. */
export function parseTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, millis] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/** Seconds as a WebVTT timestamp, always with hours: 75.5 → "00:01:15.500". */
export function formatTimestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(
    Math.floor(millis / 1000) % 60,
  )}.${pad(millis % 1000, 3)}`;
}

/** Cue text as plain words: voice and style tags dropped, the three escapes read. */
function plainText(lines: string[]): string {
  return lines
    .join(" ")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Reads a WebVTT file. Beyond the format, a transcript's cues must be in
 * order and not overlap, and each must say something: every problem found is
 * reported with its line.
 */
export function parseVtt(source: string): VttReading {
  const lines = source.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const problems: VttProblem[] = [];
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) {
    return { ok: false, problems: [{ line: 1, message: 'the file must begin with "WEBVTT"' }] };
  }
  const cues: Cue[] = [];
  let index = 1;
  while (index < lines.length) {
    // A block runs to the next blank line.
    while (index < lines.length && lines[index]!.trim() === "") index += 1;
    if (index >= lines.length) break;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== "") block.push(lines[index++]!);
    const first = block[0]!;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    // An optional cue identifier comes before the timing line; with no arrow on either, the
    // mistake is most likely on the first.
    const timingAt = !first.includes("-->") && block[1]?.includes("-->") ? 1 : 0;
    const timingLine = block[timingAt];
    const lineNumber = blockStart + timingAt + 1;
    const timing = timingLine === undefined ? null : TIMING.exec(timingLine.trim());
    if (!timing) {
      problems.push({
        line: lineNumber,
        message: 'expected a cue timing such as "00:00:01.000 --> 00:00:04.000"',
      });
      continue;
    }
    const start = parseTimestamp(timing[1]!);
    const end = parseTimestamp(timing[2]!);
    if (start === null || end === null) {
      problems.push({ line: lineNumber, message: `"${timingLine!.trim()}" is not a valid cue timing` });
      continue;
    }
    const text = plainText(block.slice(timingAt + 1));
    const previous = cues.at(-1);
    if (end <= start) problems.push({ line: lineNumber, message: "the cue ends before it starts" });
    else if (text === "") problems.push({ line: lineNumber, message: "the cue has no text" });
    else if (previous && start < previous.end) {
      problems.push({
        line: lineNumber,
        message: `the cue starts at ${formatTimestamp(start)}, before the one above it ends (${formatTimestamp(previous.end)})`,
      });
    } else cues.push({ start, end, text, line: lineNumber });
  }
  if (problems.length === 0 && cues.length === 0) problems.push({ line: 1, message: "the file has no cues" });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, cues };
}

/**
 * Plain words as a cue's text: on one line, with "&", "<" and ">" escaped, so
 * what she typed is read back as the same words, never as a tag, a cue timing
 * ("-->") or the end of the cue (a blank line).
 */
function cueTextOf(words: string): string {
  return words.replace(/\s+/g, " ").trim().replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Cues as a WebVTT file; each cue's text is plain words (`cueTextOf`). */
export function formatVtt(cues: readonly Omit<Cue, "line">[]): string {
  const blocks = cues.map(
    (cue) => `${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}\n${cueTextOf(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

/** A silence at least this long between cues starts a new paragraph. */
const PARAGRAPH_GAP_SECONDS = 1.2;

/** The transcript as paragraphs: cues joined until a pause. */
export function paragraphsOf(cues: readonly Cue[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  for (const cue of cues) {
    const current = paragraphs.at(-1);
    if (current && cue.start - current.end < PARAGRAPH_GAP_SECONDS) {
      current.end = cue.end;
      current.text = `${current.text} ${cue.text}`;
    } else paragraphs.push({ start: cue.start, end: cue.end, text: cue.text });
  }
  return paragraphs;
}

/** The index of what is being said at this time, or -1 between cues. */
export function indexAt(spans: readonly { start: number; end: number }[], seconds: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle]!;
    if (seconds < span.start) high = middle - 1;
    else if (seconds >= span.end) low = middle + 1;
    else return middle;
  }
  return -1;
}
