import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  MAX_CONTRACTIONS,
  parseLabourRecord,
  readStoredRecord,
  serialiseLabourRecord,
  storageKey,
  writeLabourRecord,
  type KeyValueStore,
  type LabourRecord,
} from "./device-store.ts";

const T0 = Date.UTC(2026, 10, 14, 20, 0, 0);

function memoryStore(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

const record: LabourRecord = {
  contractions: [
    { startedAt: T0, endedAt: T0 + 60_000 },
    { startedAt: T0 + 300_000, endedAt: null },
  ],
  settings: {
    ...DEFAULT_SETTINGS,
    theme: "light",
    pattern: { minutesApart: 4, secondsLong: 60, forMinutes: 90 },
  },
  awaitingAccount: true,
};

describe("the device record", () => {
  it("is kept under a versioned key of the member's own, named by her member key", () => {
    const memberKey = "Mk0000000000000000000a";
    expect(storageKey(memberKey)).toBe(`tidewell:${memberKey}:labour:v1`);
    const store = memoryStore();
    expect(writeLabourRecord(store, memberKey, record)).toBe(true);
    expect(parseLabourRecord(readStoredRecord(store, memberKey))).toEqual(record);
    expect([...store.items.keys()]).toEqual([`tidewell:${memberKey}:labour:v1`]);
  });

  it("never shows one member another's", () => {
    const store = memoryStore();
    writeLabourRecord(store, "member-1", record);
    expect(readStoredRecord(store, "member-2")).toBeNull();
  });

  it("reads nothing when the store refuses, and says when a write fails", () => {
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(readStoredRecord(refusing, "member-1")).toBeNull();
    expect(writeLabourRecord(refusing, "member-1", record)).toBe(false);
  });
});

describe("parseLabourRecord", () => {
  const empty = { contractions: [], settings: DEFAULT_SETTINGS, awaitingAccount: false };

  it.each([null, "", "not json", "[]", "42", "null", '"text"'])("reads %j as empty", (raw) => {
    expect(parseLabourRecord(raw)).toEqual(empty);
  });

  it("round-trips what it wrote", () => {
    expect(parseLabourRecord(serialiseLabourRecord(record))).toEqual(record);
    const saved = { ...record, awaitingAccount: false };
    expect(parseLabourRecord(serialiseLabourRecord(saved))).toEqual(saved);
  });

  it("owes the account a history written before the account kept one, and nothing for none", () => {
    const before = (contractions: unknown[]) => JSON.stringify({ version: 1, contractions, settings: {} });
    expect(parseLabourRecord(before([{ startedAt: T0, endedAt: T0 + 60_000 }])).awaitingAccount).toBe(true);
    expect(parseLabourRecord(before([])).awaitingAccount).toBe(false);
  });

  it("keeps the sound contractions and drops the rest", () => {
    const raw = JSON.stringify({
      contractions: [
        { startedAt: T0 + 600_000, endedAt: T0 + 660_000 },
        { startedAt: T0, endedAt: T0 + 60_000 },
        { startedAt: T0, endedAt: T0 + 61_000 }, // the same start twice: the later entry wins
        { startedAt: "yesterday", endedAt: T0 },
        { startedAt: T0 + 100_000, endedAt: T0 }, // ends before it began
        { startedAt: T0 + 200_000 }, // no end at all
        { startedAt: T0 + 300_000, endedAt: null }, // "still going", but others began after it
        null,
        7,
      ],
    });
    expect(parseLabourRecord(raw).contractions).toEqual([
      { startedAt: T0, endedAt: T0 + 61_000 },
      { startedAt: T0 + 600_000, endedAt: T0 + 660_000 },
    ]);
  });

  it("keeps the latest one still going", () => {
    const raw = JSON.stringify({
      contractions: [
        { startedAt: T0, endedAt: T0 + 60_000 },
        { startedAt: T0 + 300_000, endedAt: null },
      ],
    });
    expect(parseLabourRecord(raw).contractions.at(-1)).toEqual({ startedAt: T0 + 300_000, endedAt: null });
  });

  it(`keeps at most the latest ${MAX_CONTRACTIONS}`, () => {
    const contractions = Array.from({ length: MAX_CONTRACTIONS + 5 }, (_, i) => ({
      startedAt: T0 + i * 300_000,
      endedAt: T0 + i * 300_000 + 60_000,
    }));
    const kept = parseLabourRecord(JSON.stringify({ contractions })).contractions;
    expect(kept).toHaveLength(MAX_CONTRACTIONS);
    expect(kept[0]!.startedAt).toBe(T0 + 5 * 300_000);
  });

  it("reads each setting on its own, falling back to its default", () => {
    const raw = JSON.stringify({
      contractions: "lost",
      settings: {
        pattern: { minutesApart: 3, secondsLong: "sixty", forMinutes: 500 },
        breathing: { wave: { inCount: 5, outCount: 9 }, birthing: "deep" },
        vibrate: "yes",
        keepScreenOn: false,
        theme: "neon",
        playOn: false,
        affirmationSet: "no-such-set",
      },
    });
    expect(parseLabourRecord(raw)).toEqual({
      contractions: [],
      awaitingAccount: false,
      settings: {
        pattern: { minutesApart: 3, secondsLong: 60, forMinutes: 120 },
        breathing: { wave: { inCount: 5, outCount: 9 }, birthing: { inCount: 4, outCount: 8 } },
        vibrate: false,
        keepScreenOn: false,
        theme: "dark",
        playOn: false,
        affirmationSet: "wave",
      },
    });
  });
});
