import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import {
  ACCOUNT_HISTORY_LIMIT,
  startContraction,
  stopContraction,
  type Contraction,
} from "#app/modules/labour/contractions.ts";
import { parseLabourRecord, storageKey } from "#app/modules/labour/device-store.ts";
import { ACCOUNT_HISTORY_URL, RETRY_MS, SAVE_DELAY_MS, useLabourRecord } from "./use-labour-record.ts";

const MEMBER = "member-1";
const T0 = Date.UTC(2026, 10, 14, 20, 0, 0);
const MIN = 60_000;
const NONE: Contraction[] = [];
/** Timed on her partner's phone, and saved to her account. */
const FROM_ACCOUNT: Contraction[] = [
  { startedAt: T0 - 10 * MIN, endedAt: T0 - 9 * MIN },
  { startedAt: T0 - 5 * MIN, endedAt: T0 - 4 * MIN },
];

let online: boolean;
let fetchMock: Mock<typeof fetch>;
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(status < 400 ? { ok: true } : { error: "No." }), { status, headers });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  fetchMock = vi.fn<typeof fetch>(async () => answer(200));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderRecord = (accountHistory = NONE) => renderHook(() => useLabourRecord(MEMBER, accountHistory));
type Hook = ReturnType<typeof renderRecord>;

/** What the device holds for the member. */
const onDevice = () => parseLabourRecord(localStorage.getItem(storageKey(MEMBER)));
const store = (record: object) => localStorage.setItem(storageKey(MEMBER), JSON.stringify(record));
/** The lists sent to her account, in order. */
const sent = () =>
  fetchMock.mock.calls.map(
    ([, init]) => (JSON.parse(init!.body as string) as { contractions: Contraction[] }).contractions,
  );
/** Moves the clock on, letting each answer arrive as it goes. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A contraction from `startMin` to `endMin` minutes after T0, timed on this device. */
function time(hook: Hook, startMin: number, endMin: number) {
  act(() =>
    hook.result.current.update((record) => ({
      ...record,
      contractions: stopContraction(
        startContraction(record.contractions, T0 + startMin * MIN),
        T0 + endMin * MIN,
      ),
    })),
  );
}
const timedList = (...starts: number[]) =>
  starts.map((m) => ({ startedAt: T0 + m * MIN, endedAt: T0 + (m + 1) * MIN }));

function setOnline(value: boolean) {
  online = value;
  act(() => void window.dispatchEvent(new Event(value ? "online" : "offline")));
}

describe("a device with no history of its own", () => {
  it("takes the one her account holds, already saved", async () => {
    const hook = renderRecord(FROM_ACCOUNT);
    expect(hook.result.current.record.contractions).toEqual(FROM_ACCOUNT);
    expect(hook.result.current.account).toBe("saved");
    expect(onDevice()).toMatchObject({ contractions: FROM_ACCOUNT, awaitingAccount: false });
    await wait(10 * SAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("takes nothing from a page opened offline, which may be an old copy of a history since cleared", () => {
    online = false;
    store({ contractions: [], awaitingAccount: false });
    const hook = renderRecord(FROM_ACCOUNT);
    expect(hook.result.current.record.contractions).toEqual([]);
    expect(onDevice().contractions).toEqual([]);
  });

  it("keeps its own history instead, and a clearing its account hasn't had yet", async () => {
    store({ contractions: timedList(0), awaitingAccount: false });
    const own = renderRecord(FROM_ACCOUNT);
    expect(own.result.current.record.contractions).toEqual(timedList(0));
    own.unmount();

    store({ contractions: [], awaitingAccount: true });
    const cleared = renderRecord(FROM_ACCOUNT);
    expect(cleared.result.current.record.contractions).toEqual([]);
    await wait(SAVE_DELAY_MS);
    expect(sent()).toEqual([[]]);
  });
});

describe("saving to her account", () => {
  it("sends the whole list a second after the last change, then says it is saved", async () => {
    const hook = renderRecord();
    expect(hook.result.current.account).toBeNull();
    time(hook, 0, 1);
    expect(hook.result.current.account).toBe("saving");
    await wait(SAVE_DELAY_MS / 2);
    time(hook, 5, 6);
    await wait(SAVE_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(ACCOUNT_HISTORY_URL);
    expect(init).toMatchObject({ method: "POST", headers: { "Content-Type": "application/json" } });
    expect(sent()).toEqual([timedList(0, 5)]);
    expect(hook.result.current.account).toBe("saved");
    expect(onDevice()).toMatchObject({ contractions: timedList(0, 5), awaitingAccount: false });
  });

  it("sends nothing for a change of setting", async () => {
    const hook = renderRecord();
    act(() =>
      hook.result.current.update((record) => ({
        ...record,
        settings: { ...record.settings, theme: "light" },
      })),
    );
    await wait(10 * SAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hook.result.current.account).toBeNull();
  });

  it("sends a history kept before her account had one, the latest it takes", async () => {
    const many = Array.from({ length: ACCOUNT_HISTORY_LIMIT + 20 }, (_, i) => ({
      startedAt: T0 + i * 5 * MIN,
      endedAt: T0 + i * 5 * MIN + MIN,
    }));
    store({ version: 1, contractions: many, settings: {} });
    renderRecord(FROM_ACCOUNT);
    await wait(SAVE_DELAY_MS);
    expect(sent()).toEqual([many.slice(-ACCOUNT_HISTORY_LIMIT)]);
    expect(onDevice().contractions).toEqual(many);
  });

  it("keeps it on the device while offline, and sends it when the browser is back online", async () => {
    online = false;
    const hook = renderRecord();
    time(hook, 0, 1);
    await wait(10 * SAVE_DELAY_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hook.result.current.account).toBe("offline");

    setOnline(true);
    await wait(SAVE_DELAY_MS);
    expect(sent()).toEqual([timedList(0)]);
    expect(hook.result.current.account).toBe("saved");
  });

  it("never loses the device's list when a save fails, and tries again once back online", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fetchMock.mockResolvedValueOnce(answer(503));
    const hook = renderRecord();
    time(hook, 0, 1);
    await wait(SAVE_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hook.result.current.account).toBe("offline");
    expect(onDevice()).toMatchObject({ contractions: timedList(0), awaitingAccount: true });

    // The signal came back.
    setOnline(true);
    await wait(SAVE_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(hook.result.current.account).toBe("offline");
    expect(hook.result.current.record.contractions).toEqual(timedList(0));

    // With no word from the browser, it tries again after a while.
    await wait(RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(hook.result.current.account).toBe("saved");
  });

  it("waits as long as her account asks after too many saves", async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { "Retry-After": "120" }));
    const hook = renderRecord();
    time(hook, 0, 1);
    await wait(SAVE_DELAY_MS);
    expect(hook.result.current.account).toBe("offline");
    await wait(119_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await wait(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(hook.result.current.account).toBe("saved");
  });

  it("saves one list at a time: a change made while one is on its way goes next", async () => {
    let answerFirst!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    const hook = renderRecord();
    time(hook, 0, 1);
    await wait(SAVE_DELAY_MS);
    time(hook, 5, 6);
    await wait(10 * SAVE_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answerFirst(answer(200)));
    // The account has the first list, not the device's: not saved yet.
    expect(onDevice().awaitingAccount).toBe(true);
    expect(hook.result.current.account).toBe("saving");
    await wait(SAVE_DELAY_MS);
    expect(sent()).toEqual([timedList(0), timedList(0, 5)]);
    expect(hook.result.current.account).toBe("saved");
  });

  it("says when her account turned a list down, and tries again with the next change", async () => {
    fetchMock.mockResolvedValueOnce(answer(400));
    const hook = renderRecord();
    time(hook, 0, 1);
    await wait(SAVE_DELAY_MS);
    expect(hook.result.current.account).toBe("refused");
    await wait(10 * RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    time(hook, 5, 6);
    await wait(SAVE_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(hook.result.current.account).toBe("saved");
  });
});
