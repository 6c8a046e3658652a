import { describe, expect, it } from "vitest";
import {
  ACCOUNT_HISTORY_LIMIT,
  averages,
  checkPattern,
  currentContraction,
  DEFAULT_PATTERN,
  describeAverages,
  describePattern,
  exportText,
  formatSpan,
  historyForAccount,
  patternName,
  removeContraction,
  sameHistory,
  spokenSpan,
  startContraction,
  stopContraction,
  timeline,
  type Contraction,
} from "./contractions.ts";

const MIN = 60_000;
const SEC = 1000;
const T0 = Date.UTC(2026, 10, 14, 20, 0, 0); // 20:00 UTC, 14 November 2026

/** Contractions starting at each of `startsMin` (minutes after T0), each lasting `seconds`. */
const at = (startsMin: number[], seconds = 60): Contraction[] =>
  startsMin.map((m) => ({ startedAt: T0 + m * MIN, endedAt: T0 + m * MIN + seconds * SEC }));

/** Every `everyMin` minutes from 0 up to and including `untilMin`. */
const every = (everyMin: number, untilMin: number) =>
  Array.from({ length: Math.floor(untilMin / everyMin) + 1 }, (_, i) => i * everyMin);

describe("starting and stopping", () => {
  it("starts one contraction at a time and stops the one going", () => {
    let list = startContraction([], T0);
    expect(currentContraction(list)).toEqual({ startedAt: T0, endedAt: null });
    expect(startContraction(list, T0 + 5 * SEC)).toEqual(list);
    list = stopContraction(list, T0 + 62 * SEC);
    expect(list).toEqual([{ startedAt: T0, endedAt: T0 + 62 * SEC }]);
    expect(currentContraction(list)).toBeNull();
  });

  it("never ends a contraction before it began (a clock moved back)", () => {
    expect(stopContraction([{ startedAt: T0, endedAt: null }], T0 - 5 * SEC)).toEqual([
      { startedAt: T0, endedAt: T0 },
    ]);
  });

  it("removes one by its start", () => {
    expect(removeContraction(at([0, 5, 10]), T0 + 5 * MIN)).toEqual(at([0, 10]));
  });
});

describe("timeline", () => {
  it("gives each its length and the time since the one before began, in order", () => {
    const list = [...at([5], 45), ...at([0], 60), { startedAt: T0 + 11 * MIN, endedAt: null }];
    expect(timeline(list).map((c) => [c.durationMs, c.intervalMs])).toEqual([
      [60 * SEC, null],
      [45 * SEC, 5 * MIN],
      [null, 6 * MIN],
    ]);
  });
});

describe("averages over the last hour", () => {
  it("averages lengths of the finished ones and intervals between ones both in the hour", () => {
    // 19:50 falls outside the hour before 21:00; 20:02, 20:08 and 20:13 are inside.
    const list = [...at([-10], 30), ...at([2], 50), ...at([8], 70), ...at([13], 60)];
    const stats = averages(list, T0 + 60 * MIN);
    expect(stats).toEqual({ count: 3, averageDurationMs: 60 * SEC, averageIntervalMs: 5.5 * MIN });
  });

  it("counts one still going, but not its length", () => {
    const list = [...at([0, 5], 60), { startedAt: T0 + 10 * MIN, endedAt: null }];
    expect(averages(list, T0 + 11 * MIN)).toEqual({
      count: 3,
      averageDurationMs: 60 * SEC,
      averageIntervalMs: 5 * MIN,
    });
  });

  it("has nothing to average without contractions", () => {
    expect(averages([], T0)).toEqual({ count: 0, averageDurationMs: null, averageIntervalMs: null });
    expect(describeAverages(averages([], T0))).toBe("0 contractions.");
  });

  it("says them in a sentence", () => {
    expect(describeAverages({ count: 9, averageDurationMs: 58 * SEC, averageIntervalMs: 340 * SEC })).toBe(
      "9 contractions, on average 58 sec long and 5 min 40 sec apart.",
    );
    expect(describeAverages({ count: 1, averageDurationMs: 61 * SEC, averageIntervalMs: null })).toBe(
      "1 contraction, on average 1 min 1 sec long.",
    );
  });
});

describe("the pattern (5-1-1 unless changed)", () => {
  const check = (list: Contraction[], nowMin: number, rule = DEFAULT_PATTERN) =>
    checkPattern(list, rule, T0 + nowMin * MIN).met;

  it("is met by contractions 5 minutes apart, a minute long, for an hour", () => {
    expect(check(at(every(5, 55)), 60)).toBe(true);
    expect(checkPattern(at(every(5, 55)), DEFAULT_PATTERN, T0 + 60 * MIN).runStartedAt).toBe(T0);
  });

  it("is not met before the hour is up", () => {
    expect(check(at(every(5, 55)), 59)).toBe(false);
  });

  it("is not met by fewer contractions", () => {
    expect(check([], 60)).toBe(false);
    expect(check(at([0]), 1)).toBe(false);
    expect(check(at([0, 5, 10]), 12)).toBe(false);
  });

  it("counts closer together and longer as meeting it", () => {
    expect(check(at(every(3, 60), 90), 61)).toBe(true);
  });

  it("allows 'about': up to 6 minutes apart and down to 48 seconds long on average", () => {
    expect(check(at(every(6, 60), 48), 61)).toBe(true);
    expect(check(at(every(6, 60), 47), 61)).toBe(false);
    expect(check(at(every(7, 63), 60), 64)).toBe(false);
  });

  it("takes irregular contractions by their average", () => {
    // Apart by 4, 6, 5, 5.5, 4.5 minutes, over and over: about 5 on average.
    const starts = [0];
    const steps = [4, 6, 5, 5.5, 4.5];
    for (let i = 0; starts.at(-1)! < 62; i += 1) starts.push(starts.at(-1)! + steps[i % steps.length]!);
    expect(check(at(starts), 65)).toBe(true);
    // Apart by 3 and 10 in turn: never a break, but 6.5 minutes on average.
    const uneven = [0];
    for (let i = 0; uneven.at(-1)! < 62; i += 1) uneven.push(uneven.at(-1)! + (i % 2 ? 10 : 3));
    expect(check(at(uneven), 65)).toBe(false);
  });

  it("starts the hour again after a gap", () => {
    // An hour of 5-1-1 with a 12-minute wait in the middle (over twice 5 minutes).
    const list = at([...every(5, 30), ...every(5, 40).map((m) => m + 42)]);
    const result = checkPattern(list, DEFAULT_PATTERN, T0 + 85 * MIN);
    expect(result).toEqual({ met: false, runStartedAt: T0 + 42 * MIN });
    expect(check(list, 42 + 60)).toBe(false); // the run ended at 42 + 40 and has not gone on
    const longer = [...list, ...at(every(5, 20).map((m) => m + 87))];
    expect(check(longer, 42 + 60)).toBe(true);
  });

  it("is no longer met once contractions stop coming", () => {
    const list = at(every(5, 60));
    expect(check(list, 65)).toBe(true);
    expect(check(list, 70)).toBe(true);
    expect(check(list, 71)).toBe(false);
  });

  it("counts a contraction still going by its start, and waits for its length", () => {
    // The last finished one began 11 minutes before now (a break on its own), but one began 2 minutes ago.
    const list = [...at(every(5, 55)), { startedAt: T0 + 64 * MIN, endedAt: null }];
    expect(check(list, 66)).toBe(true);
    // Its length so far doesn't count: 45-second contractions stay short of "about a minute".
    const short = [...at(every(5, 55), 45), { startedAt: T0 + 60 * MIN, endedAt: null }];
    expect(check(short, 62)).toBe(false);
    expect(check(stopContraction(short, T0 + 62 * MIN), 62)).toBe(true);
  });

  it("follows a changed rule: 3-1-1, or 4-1-2", () => {
    expect(check(at(every(5, 60)), 61, { minutesApart: 3, secondsLong: 60, forMinutes: 60 })).toBe(false);
    expect(check(at(every(3, 60)), 61, { minutesApart: 3, secondsLong: 60, forMinutes: 60 })).toBe(true);
    const rule = { minutesApart: 4, secondsLong: 60, forMinutes: 120 };
    expect(check(at(every(4, 116)), 100, rule)).toBe(false);
    expect(check(at(every(4, 120)), 121, rule)).toBe(true);
  });

  it("names and describes the rule", () => {
    expect(patternName(DEFAULT_PATTERN)).toBe("5-1-1");
    expect(patternName({ minutesApart: 4, secondsLong: 45, forMinutes: 90 })).toBe("4-45s-90m");
    expect(describePattern(DEFAULT_PATTERN)).toBe(
      "about 5 minutes apart or closer, lasting about 1 minute or longer, for 1 hour",
    );
    expect(describePattern({ minutesApart: 3, secondsLong: 90, forMinutes: 90 })).toBe(
      "about 3 minutes apart or closer, lasting about 1 minute 30 seconds or longer, for 1 hour 30 minutes",
    );
  });
});

describe("spokenSpan", () => {
  it.each([
    [1000, "1 second"],
    [45_000, "45 seconds"],
    [60_000, "1 minute"],
    [75_000, "1 minute 15 seconds"],
    [5_400_000, "1 hour 30 minutes"],
    [7_200_000, "2 hours"],
  ])("%i ms → %s", (ms, text) => {
    expect(spokenSpan(ms)).toBe(text);
  });
});

describe("formatSpan", () => {
  it.each([
    [0, "0 sec"],
    [58_400, "58 sec"],
    [60_000, "1 min"],
    [65_000, "1 min 5 sec"],
    [340_000, "5 min 40 sec"],
    [3_600_000, "1 hr"],
    [7_500_000, "2 hr 5 min"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatSpan(ms)).toBe(text);
  });
});

describe("exportText", () => {
  it("lists each contraction in local time under its date, then the last hour and the rule", () => {
    const list = [
      ...at([0], 65),
      ...at([5.5], 58),
      { startedAt: T0 + 11 * MIN, endedAt: null },
      // After midnight in London (00:10 on the 15th).
      ...at([250], 60),
    ];
    const text = exportText(list, {
      rule: DEFAULT_PATTERN,
      now: T0 + 4 * 60 * MIN + 15 * MIN,
      timeZone: "Europe/London",
    });
    expect(text).toBe(
      [
        "Contractions timed with Tidewell",
        "",
        "Saturday 14 November 2026",
        "20:00  lasted 1 min 5 sec",
        "20:05  lasted 58 sec, 5 min 30 sec after the one before",
        "20:11  still going, 5 min 30 sec after the one before",
        "",
        "Sunday 15 November 2026",
        "00:10  lasted 1 min, 3 hr 59 min after the one before",
        "",
        "Last hour: 1 contraction, on average 1 min long.",
        "Pattern watched for: about 5 minutes apart or closer, lasting about 1 minute or longer, for 1 hour (5-1-1).",
        "Sent at 00:15 on Sunday 15 November 2026 (Europe/London).",
      ].join("\n"),
    );
  });

  it("shows the times of the member's own time zone", () => {
    const text = exportText(at([0]), { rule: DEFAULT_PATTERN, now: T0 + MIN, timeZone: "Europe/Berlin" });
    expect(text).toContain("21:00  lasted 1 min");
  });

  it("says so when nothing has been timed", () => {
    expect(exportText([], { rule: DEFAULT_PATTERN, now: T0, timeZone: "UTC" })).toContain(
      "No contractions timed yet.",
    );
  });
});

describe("saving to her account", () => {
  it(`sends the latest ${ACCOUNT_HISTORY_LIMIT}, in order of starting`, () => {
    const many = at(every(5, (ACCOUNT_HISTORY_LIMIT + 9) * 5));
    const sent = historyForAccount([...many].reverse());
    expect(sent).toHaveLength(ACCOUNT_HISTORY_LIMIT);
    expect(sent[0]).toEqual(many[10]);
    expect(sent.at(-1)).toEqual(many.at(-1));
    expect(historyForAccount(at([0, 5]))).toEqual(at([0, 5]));
  });

  it("tells a list with a change from the same list", () => {
    const list = at([0, 5, 10]);
    expect(sameHistory(list, at([0, 5, 10]))).toBe(true);
    expect(sameHistory(list, at([0, 5]))).toBe(false);
    expect(sameHistory(list, at([0, 5, 11]))).toBe(false);
    expect(sameHistory(list, at([0, 5, 10], 61))).toBe(false);
    expect(sameHistory(list, startContraction(list, T0 + 15 * MIN))).toBe(false);
    expect(sameHistory([], [])).toBe(true);
  });
});
