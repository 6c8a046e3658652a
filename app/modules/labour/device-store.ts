import { AFFIRMATION_SETS, DEFAULT_AFFIRMATION_SET } from "./affirmations.ts";
import { BREATHS, BREATH_KINDS, clampCounts, type BreathCounts, type BreathKind } from "./breathing.ts";
import { DEFAULT_PATTERN, PATTERN_LIMITS, type Contraction, type PatternRule } from "./contractions.ts";
import { deviceKey } from "#app/modules/offline/device.ts";

/**
 * Labour mode's memory on the device: the contraction history and the
 * settings, under one versioned entry per member (named by her opaque member
 * key, never her account id), so a shared phone never shows one member
 * another's timings, and the entry goes with her (modules/offline/device.ts). The contractions are also saved to her
 * account (the screen sends them; see history.server.ts), and the record says
 * whether a change here is still to be saved there. Whatever the store holds
 * is read defensively: unreadable parts fall back to the defaults, and the
 * rest is kept.
 */

export type LabourTheme = "dark" | "light";

export interface LabourSettings {
  pattern: PatternRule;
  breathing: Record<BreathKind, BreathCounts>;
  /** A short buzz as each breath turns, where the phone can. */
  vibrate: boolean;
  /** Ask the browser to keep the screen on while labour mode is open. */
  keepScreenOn: boolean;
  theme: LabourTheme;
  /** The labour playlist goes on to the next track when one ends. */
  playOn: boolean;
  affirmationSet: string;
}

export interface LabourRecord {
  contractions: Contraction[];
  settings: LabourSettings;
  /** The contractions changed here since her account last had them: a save is owed. */
  awaitingAccount: boolean;
}

/** Just what is used of localStorage, so tests can hand in a map. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_VERSION = 1;
/** Enough for several days of timing; the oldest go first. */
export const MAX_CONTRACTIONS = 1000;

export const DEFAULT_SETTINGS: LabourSettings = {
  pattern: DEFAULT_PATTERN,
  breathing: { wave: BREATHS.wave.defaults, birthing: BREATHS.birthing.defaults },
  vibrate: false,
  keepScreenOn: true,
  theme: "dark",
  playOn: true,
  affirmationSet: DEFAULT_AFFIRMATION_SET,
};

export function storageKey(memberKey: string): string {
  return deviceKey(memberKey, "labour", `v${STORAGE_VERSION}`);
}

function emptyRecord(): LabourRecord {
  return { contractions: [], settings: DEFAULT_SETTINGS, awaitingAccount: false };
}

/** The member's saved record as stored, or null without one; never throws (a blocked store has none). */
export function readStoredRecord(store: KeyValueStore, memberKey: string): string | null {
  try {
    return store.getItem(storageKey(memberKey));
  } catch {
    return null;
  }
}

/** Saves the record; false when the store refused (private browsing, full). */
export function writeLabourRecord(store: KeyValueStore, memberKey: string, record: LabourRecord): boolean {
  try {
    store.setItem(storageKey(memberKey), serialiseLabourRecord(record));
    return true;
  } catch {
    return false;
  }
}

export function serialiseLabourRecord(record: LabourRecord): string {
  return JSON.stringify({ version: STORAGE_VERSION, ...record });
}

export function parseLabourRecord(raw: string | null): LabourRecord {
  if (!raw) return emptyRecord();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyRecord();
  }
  if (!isObject(data)) return emptyRecord();
  const contractions = readContractions(data.contractions);
  return {
    contractions,
    settings: readSettings(data.settings),
    // A record from before accounts kept the history owes its account whatever it holds.
    awaitingAccount:
      typeof data.awaitingAccount === "boolean" ? data.awaitingAccount : contractions.length > 0,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isTime = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0;

/** Sound entries in order of starting, one per start time; only the latest may still be going. */
function readContractions(value: unknown): Contraction[] {
  if (!Array.isArray(value)) return [];
  const byStart = new Map<number, Contraction>();
  for (const item of value) {
    if (!isObject(item) || !isTime(item.startedAt)) continue;
    const endedAt = item.endedAt === null ? null : isTime(item.endedAt) ? item.endedAt : undefined;
    if (endedAt === undefined || (endedAt !== null && endedAt < item.startedAt)) continue;
    byStart.set(item.startedAt, { startedAt: item.startedAt, endedAt });
  }
  const sorted = [...byStart.values()].sort((a, b) => a.startedAt - b.startedAt);
  const last = sorted.length - 1;
  return sorted.filter((c, index) => c.endedAt !== null || index === last).slice(-MAX_CONTRACTIONS);
}

function readSettings(value: unknown): LabourSettings {
  const data = isObject(value) ? value : {};
  const flag = (key: keyof LabourSettings & string, fallback: boolean) =>
    typeof data[key] === "boolean" ? data[key] : fallback;
  const breathing = isObject(data.breathing) ? data.breathing : {};
  const setId = data.affirmationSet;
  return {
    pattern: readPattern(data.pattern),
    breathing: Object.fromEntries(
      BREATH_KINDS.map((kind) => [
        kind,
        clampCounts(isObject(breathing[kind]) ? breathing[kind] : {}, BREATHS[kind].defaults),
      ]),
    ) as Record<BreathKind, BreathCounts>,
    vibrate: flag("vibrate", DEFAULT_SETTINGS.vibrate),
    keepScreenOn: flag("keepScreenOn", DEFAULT_SETTINGS.keepScreenOn),
    theme: data.theme === "light" || data.theme === "dark" ? data.theme : DEFAULT_SETTINGS.theme,
    playOn: flag("playOn", DEFAULT_SETTINGS.playOn),
    affirmationSet: AFFIRMATION_SETS.some((set) => set.id === setId)
      ? (setId as string)
      : DEFAULT_SETTINGS.affirmationSet,
  };
}

/** Each part of the rule within its limits, in whole numbers; anything unreadable is the default's. */
function readPattern(value: unknown): PatternRule {
  const data = isObject(value) ? value : {};
  const part = (key: keyof PatternRule) => {
    const { min, max } = PATTERN_LIMITS[key];
    const given = data[key];
    return typeof given === "number" && Number.isFinite(given)
      ? Math.min(max, Math.max(min, Math.round(given)))
      : DEFAULT_PATTERN[key];
  };
  return {
    minutesApart: part("minutesApart"),
    secondsLong: part("secondsLong"),
    forMinutes: part("forMinutes"),
  };
}
