/**
 * Timing contractions: the list a birth partner builds with one button, its
 * statistics, the pattern that says "time to call", and the text to share.
 * Times are epoch milliseconds; the clock and the time zone are arguments.
 */

/** One contraction; `endedAt` is null while it is still going. */
export interface Contraction {
  startedAt: number;
  endedAt: number | null;
}

/** A contraction as the list shows it: how long it lasted, and how long after the one before it began. */
export interface TimedContraction extends Contraction {
  /** Null while it is still going. */
  durationMs: number | null;
  /** Start to start; null for the first one. */
  intervalMs: number | null;
}

/** The pattern to watch for, as a midwife says it: "5-1-1" is 5 minutes apart, 1 minute long, for 1 hour. */
export interface PatternRule {
  minutesApart: number;
  secondsLong: number;
  forMinutes: number;
}

export const DEFAULT_PATTERN: PatternRule = { minutesApart: 5, secondsLong: 60, forMinutes: 60 };

/** The choices the settings offer, each within these bounds. */
export const PATTERN_LIMITS = {
  minutesApart: { min: 2, max: 10 },
  secondsLong: { min: 30, max: 120 },
  forMinutes: { min: 30, max: 120 },
} as const;

/**
 * "About": the averages may miss the rule by a fifth and still count
 * (5 minutes apart allows up to 6; 1 minute long allows down to 48 seconds).
 * Closer together or longer than the rule always counts.
 */
const PATTERN_TOLERANCE = 0.2;

/** A wait longer than twice the rule's spacing is a break: the hour starts again after it. */
const GAP_FACTOR = 2;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const byStart = (a: Contraction, b: Contraction) => a.startedAt - b.startedAt;

/** The contraction still going, if there is one. */
export function currentContraction(list: readonly Contraction[]): Contraction | null {
  return list.find((c) => c.endedAt === null) ?? null;
}

/** Starts a contraction at `now`; one already going stays the only one. */
export function startContraction(list: readonly Contraction[], now: number): Contraction[] {
  if (currentContraction(list)) return [...list];
  return [...list, { startedAt: now, endedAt: null }].sort(byStart);
}

/** Ends the contraction that is going (never before it began). */
export function stopContraction(list: readonly Contraction[], now: number): Contraction[] {
  return list.map((c) => (c.endedAt === null ? { ...c, endedAt: Math.max(now, c.startedAt) } : c));
}

/** Takes out the contraction that began at `startedAt` (a tap by mistake). */
export function removeContraction(list: readonly Contraction[], startedAt: number): Contraction[] {
  return list.filter((c) => c.startedAt !== startedAt);
}

/** Every contraction in order of starting, with its length and its interval (start to start). */
export function timeline(list: readonly Contraction[]): TimedContraction[] {
  const sorted = [...list].sort(byStart);
  return sorted.map((c, index) => ({
    ...c,
    durationMs: c.endedAt === null ? null : c.endedAt - c.startedAt,
    intervalMs: index === 0 ? null : c.startedAt - sorted[index - 1]!.startedAt,
  }));
}

/** Her account keeps the latest 500 (days of timing); the device may hold more. */
export const ACCOUNT_HISTORY_LIMIT = 500;

/** What the device saves to her account: the latest contractions, as many as the account keeps. */
export function historyForAccount(list: readonly Contraction[]): Contraction[] {
  return [...list].sort(byStart).slice(-ACCOUNT_HISTORY_LIMIT);
}

/** The same contractions, in the same order: nothing to save. */
export function sameHistory(a: readonly Contraction[], b: readonly Contraction[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, index) => c.startedAt === b[index]!.startedAt && c.endedAt === b[index]!.endedAt)
  );
}

export interface Averages {
  /** Contractions that began in the window, the one going included. */
  count: number;
  /** Over the finished ones; null without any. */
  averageDurationMs: number | null;
  /** Over the intervals between two contractions that both began in the window; null without any. */
  averageIntervalMs: number | null;
}

/** Averages over the contractions that began in the last `windowMs` (an hour unless told). */
export function averages(list: readonly Contraction[], now: number, windowMs = HOUR): Averages {
  const inWindow = timeline(list).filter((c) => c.startedAt >= now - windowMs && c.startedAt <= now);
  const durations = inWindow.flatMap((c) => (c.durationMs === null ? [] : [c.durationMs]));
  // The first one's interval reaches back outside the window: it is left out.
  const intervals = inWindow.slice(1).map((c) => c.intervalMs!);
  return { count: inWindow.length, averageDurationMs: mean(durations), averageIntervalMs: mean(intervals) };
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

export interface PatternCheck {
  met: boolean;
  /** When the unbroken run of contractions being checked began; null without one. */
  runStartedAt: number | null;
}

/**
 * Whether the contractions have kept to the pattern for its whole length, up to `now`:
 * - the run: contractions with no break (a wait over GAP_FACTOR times the spacing) between
 *   them, nor since the last one began until now, reaching back at least `forMinutes`;
 * - over those `forMinutes`, the average interval is at most the spacing, and the average
 *   length at least the length, each give or take PATTERN_TOLERANCE.
 * A contraction still going counts by its start; its length, unknown yet, waits until it ends.
 */
export function checkPattern(list: readonly Contraction[], rule: PatternRule, now: number): PatternCheck {
  const starts = [...list]
    .map((c) => c.startedAt)
    .filter((t) => t <= now)
    .sort((a, b) => a - b);
  const gapMs = rule.minutesApart * MINUTE * GAP_FACTOR;
  const last = starts.at(-1);
  if (last === undefined || now - last > gapMs) return { met: false, runStartedAt: null };

  let first = starts.length - 1;
  while (first > 0 && starts[first]! - starts[first - 1]! <= gapMs) first -= 1;
  const runStartedAt = starts[first]!;

  const forMs = rule.forMinutes * MINUTE;
  if (now - runStartedAt < forMs) return { met: false, runStartedAt };

  const { averageDurationMs, averageIntervalMs } = averages(list, now, forMs);
  const closeEnough =
    averageIntervalMs !== null && averageIntervalMs <= rule.minutesApart * MINUTE * (1 + PATTERN_TOLERANCE);
  const longEnough =
    averageDurationMs !== null && averageDurationMs >= rule.secondsLong * 1000 * (1 - PATTERN_TOLERANCE);
  return { met: closeEnough && longEnough, runStartedAt };
}

/** "5-1-1": minutes apart, minutes long, hours (or minutes under an hour) of it. */
export function patternName(rule: PatternRule): string {
  const long = rule.secondsLong % 60 === 0 ? rule.secondsLong / 60 : `${rule.secondsLong}s`;
  const span = rule.forMinutes % 60 === 0 ? rule.forMinutes / 60 : `${rule.forMinutes}m`;
  return `${rule.minutesApart}-${long}-${span}`;
}

/** "about 5 minutes apart or closer, lasting about 1 minute or longer, for 1 hour". */
export function describePattern(rule: PatternRule): string {
  return (
    `about ${rule.minutesApart} minutes apart or closer, ` +
    `lasting about ${spokenSpan(rule.secondsLong * 1000)} or longer, ` +
    `for ${spokenSpan(rule.forMinutes * MINUTE)}`
  );
}

/** "1 minute", "45 seconds", "1 hour 30 minutes": for sentences. */
export function spokenSpan(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const { hours, minutes, seconds } = parts(ms);
  const pieces = [
    hours ? unit(hours, "hour") : "",
    minutes ? unit(minutes, "minute") : "",
    seconds ? unit(seconds, "second") : "",
  ].filter(Boolean);
  return pieces.join(" ") || "0 seconds";
}

function parts(ms: number) {
  const total = Math.max(0, Math.round(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** 58_000 → "58 sec"; 65_000 → "1 min 5 sec"; 7_500_000 → "2 hr 5 min": for the list and the export. */
export function formatSpan(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  if (hours > 0) return minutes ? `${hours} hr ${minutes} min` : `${hours} hr`;
  if (minutes > 0) return seconds ? `${minutes} min ${seconds} sec` : `${minutes} min`;
  return `${seconds} sec`;
}

/** "21:07" in the given time zone. */
export function formatClockTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
}

/** "Saturday 14 November 2026", put together from its parts: engines differ on the comma. */
function formatDay(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/** A sentence for the averages: "9 contractions, on average 58 sec long and 5 min 40 sec apart." */
export function describeAverages(stats: Averages): string {
  const count = `${stats.count} contraction${stats.count === 1 ? "" : "s"}`;
  const details = [
    stats.averageDurationMs === null ? "" : `${formatSpan(stats.averageDurationMs)} long`,
    stats.averageIntervalMs === null ? "" : `${formatSpan(stats.averageIntervalMs)} apart`,
  ].filter(Boolean);
  return details.length ? `${count}, on average ${details.join(" and ")}.` : `${count}.`;
}

/**
 * The history as plain text for a midwife: one line per contraction in local
 * time under its date, the last hour's averages and the pattern being watched for.
 */
export function exportText(
  list: readonly Contraction[],
  { rule, now, timeZone }: { rule: PatternRule; now: number; timeZone: string },
): string {
  const lines = ["Contractions timed with Tidewell", ""];
  let day = "";
  for (const c of timeline(list)) {
    const thisDay = formatDay(c.startedAt, timeZone);
    if (thisDay !== day) {
      if (day) lines.push("");
      lines.push(thisDay);
      day = thisDay;
    }
    const lasted = c.durationMs === null ? "still going" : `lasted ${formatSpan(c.durationMs)}`;
    const apart = c.intervalMs === null ? "" : `, ${formatSpan(c.intervalMs)} after the one before`;
    lines.push(`${formatClockTime(c.startedAt, timeZone)}  ${lasted}${apart}`);
  }
  if (list.length === 0) lines.push("No contractions timed yet.");
  lines.push(
    "",
    `Last hour: ${describeAverages(averages(list, now))}`,
    `Pattern watched for: ${describePattern(rule)} (${patternName(rule)}).`,
    `Sent at ${formatClockTime(now, timeZone)} on ${formatDay(now, timeZone)} (${timeZone}).`,
  );
  return lines.join("\n");
}
