/**
 * The breathing pacer's rhythm: the course's two labour breaths, their
 * counts, and where in a breath any moment falls. One count is one second.
 */

export type BreathKind = "wave" | "birthing";
export type BreathPhase = "in" | "out";

export interface BreathCounts {
  inCount: number;
  outCount: number;
}

export interface Breath {
  name: string;
  /** What many courses call it. */
  alsoCalled: string;
  howTo: string;
  defaults: BreathCounts;
}

/**
 * The wave breath's counts are the ones Practice Contractions rehearses (in
 * for about four, out for about eight); the course gives the birthing breath
 * no count, so it starts from the same until changed.
 */
export const BREATHS: Record<BreathKind, Breath> = {
  wave: {
    name: "Wave breath",
    alsoCalled: "up-breathing",
    howTo:
      "For each contraction: breathe in slowly, filling up from the bottom like a balloon, then out long and soft.",
    defaults: { inCount: 4, outCount: 8 },
  },
  birthing: {
    name: "Birthing breath",
    alsoCalled: "down-breathing",
    howTo: "Breathe in, then out slowly and steadily, imagining the breath travelling down and out.",
    defaults: { inCount: 4, outCount: 8 },
  },
};

export const BREATH_KINDS = Object.keys(BREATHS) as BreathKind[];

export const COUNT_LIMITS = {
  inCount: { min: 2, max: 10 },
  outCount: { min: 2, max: 16 },
} as const;

const MS_PER_COUNT = 1000;

/** Counts within their limits, whole numbers; anything unreadable becomes the default. */
export function clampCounts(counts: Partial<BreathCounts>, defaults: BreathCounts): BreathCounts {
  const clamp = (value: unknown, fallback: number, { min, max }: { min: number; max: number }) =>
    typeof value === "number" && Number.isFinite(value)
      ? Math.min(max, Math.max(min, Math.round(value)))
      : fallback;
  return {
    inCount: clamp(counts.inCount, defaults.inCount, COUNT_LIMITS.inCount),
    outCount: clamp(counts.outCount, defaults.outCount, COUNT_LIMITS.outCount),
  };
}

export interface PhaseStep {
  phase: BreathPhase;
  counts: number;
  /** From the start of the breath. */
  startsAtMs: number;
  ms: number;
}

/** One breath: in, then out. */
export function breathSteps({ inCount, outCount }: BreathCounts): PhaseStep[] {
  return [
    { phase: "in", counts: inCount, startsAtMs: 0, ms: inCount * MS_PER_COUNT },
    { phase: "out", counts: outCount, startsAtMs: inCount * MS_PER_COUNT, ms: outCount * MS_PER_COUNT },
  ];
}

export function breathLengthMs(counts: BreathCounts): number {
  return (counts.inCount + counts.outCount) * MS_PER_COUNT;
}

export interface BreathMoment {
  phase: BreathPhase;
  /** 1 to the phase's counts: the number to say now. */
  count: number;
  /** How far through the phase, 0 to 1. */
  progress: number;
  /** How long the phase lasts, for the animation. */
  phaseMs: number;
  /** Breaths completed before this one. */
  breathsDone: number;
}

/** Where `elapsedMs` (since the pacer started) falls: which phase, which count. */
export function breathAt(counts: BreathCounts, elapsedMs: number): BreathMoment {
  const length = breathLengthMs(counts);
  const elapsed = Math.max(0, elapsedMs);
  const intoBreath = elapsed % length;
  const step = breathSteps(counts).findLast((s) => intoBreath >= s.startsAtMs)!;
  const intoPhase = intoBreath - step.startsAtMs;
  return {
    phase: step.phase,
    count: Math.floor(intoPhase / MS_PER_COUNT) + 1,
    progress: intoPhase / step.ms,
    phaseMs: step.ms,
    breathsDone: Math.floor(elapsed / length),
  };
}

/** What the pacer says as each phase begins. */
export const PHASE_WORDS: Record<BreathPhase, string> = { in: "Breathe in", out: "Breathe out" };
