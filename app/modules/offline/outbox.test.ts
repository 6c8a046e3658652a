import { describe, expect, it, vi } from "vitest";
import {
  keepOnlyMembersItems,
  newKey,
  outboxItem,
  outcomeOf,
  requestFor,
  sendInOrder,
  type OutboxItem,
  type OutboxStore,
} from "./outbox.ts";
import { MEMBER_HEADER, SIGNED_OUT } from "./protocol.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An outbox in memory, as IndexedDB would keep it. */
function memoryStore(items: OutboxItem[]): OutboxStore & { keys(): string[] } {
  const kept = new Map(items.map((item) => [item.key, item]));
  return {
    list: async () => [...kept.values()],
    remove: async (key) => void kept.delete(key),
    keys: () => [...kept.keys()],
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 9, minute));
const listen = (member: string, minute: number, key: string) =>
  outboxItem({ kind: "progress", trackId: "affirmations-2" }, member, at(minute), key);
const practice = (member: string, minute: number, key: string) =>
  outboxItem({ kind: "practice", date: "2026-11-21" }, member, at(minute), key);

/** A server that answers each request in turn, and records what it was sent. */
function server(...answers: (Response | "offline")[]) {
  const sent: string[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push(`${String(url)} ${String(init?.body)}`);
    const answer = answers.shift() ?? new Response(null, { status: 200 });
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return answer;
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, sent };
}

const answer = (status: number, member?: string) =>
  new Response(null, { status, headers: member ? { [MEMBER_HEADER]: member } : {} });

describe("the outbox's items", () => {
  it("keeps a finished listen with its id as the idempotency key, and a day's practice with her date", () => {
    expect(listen("m1", 0, "k1")).toEqual({
      key: "k1",
      member: "m1",
      createdAt: "2026-11-21T09:00:00.000Z",
      kind: "progress",
      trackId: "affirmations-2",
      body: { finished: true, listenId: "k1" },
    });
    expect(practice("m1", 0, "k2")).toMatchObject({
      key: "k2",
      kind: "practice",
      date: "2026-11-21",
      body: { intent: "complete-practice", practisedOn: "2026-11-21", key: "k2" },
    });
    expect(outboxItem({ kind: "practice", date: "2026-11-21" }, "m1").key).toMatch(UUID);
  });

  it("makes version 4 UUIDs, also without crypto.randomUUID", () => {
    expect(newKey()).toMatch(UUID);
    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      const keys = new Set(Array.from({ length: 50 }, newKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("sends each as the page would: a listen as JSON to the player's API, a practice as the programme's form", async () => {
    const progress = requestFor(listen("m1", 0, "k1"));
    expect(progress.url).toBe("/api/audio/affirmations-2/progress");
    expect(progress.init).toMatchObject({ method: "POST", credentials: "same-origin", redirect: "manual" });
    expect(JSON.parse(String(progress.init.body))).toEqual({ finished: true, listenId: "k1" });

    const day = requestFor(practice("m1", 0, "k2"));
    expect(day.url).toBe("/portal/program.data");
    expect(day.init).toMatchObject({ method: "POST", redirect: "manual" });
    expect(Object.fromEntries(day.init.body as URLSearchParams)).toEqual({
      intent: "complete-practice",
      practisedOn: "2026-11-21",
      key: "k2",
    });
  });
});

describe("what the server's answer means for an item", () => {
  it("lets an item go once the server has decided about it, accepted or refused", () => {
    for (const status of [200, 204, 400, 403, 404, 409, 413, 422]) {
      expect(outcomeOf(answer(status), "m1"), String(status)).toBe("done");
    }
    expect(outcomeOf(answer(200, "m1"), "m1")).toBe("done");
  });

  it("keeps it for later with no answer, a server in trouble, or an answer about the session", () => {
    expect(outcomeOf(null, "m1")).toBe("later");
    for (const status of [0, 302, 401, 408, 429, 500, 502, 503]) {
      const response = status === 0 ? Response.error() : answer(status);
      expect(outcomeOf(response, "m1"), String(status)).toBe("later");
    }
    // The router's answer to a signed-out form is a redirect as data (a 202), marked signed out.
    expect(outcomeOf(answer(202, SIGNED_OUT), "m1")).toBe("later");
    expect(outcomeOf(answer(200, "m2"), "m1")).toBe("later");
  });
});

describe("sending the outbox", () => {
  it("sends her items oldest first and removes each the server has decided about", async () => {
    const store = memoryStore([
      practice("m1", 5, "second"),
      listen("m1", 1, "first"),
      listen("m1", 9, "third"),
    ]);
    const { fetchFn, sent } = server(answer(200), answer(400), answer(200));
    expect(await sendInOrder(fetchFn, "m1", store)).toEqual({ sent: 3, waiting: 0 });
    expect(sent.map((line) => line.split(" ")[0])).toEqual([
      "/api/audio/affirmations-2/progress",
      "/portal/program.data",
      "/api/audio/affirmations-2/progress",
    ]);
    expect(store.keys()).toEqual([]);
  });

  it("stops at the first item that must wait, keeping it and everything after it in order", async () => {
    for (const trouble of ["offline", answer(503), answer(429), answer(202, SIGNED_OUT)] as const) {
      const store = memoryStore([listen("m1", 1, "a"), listen("m1", 2, "b"), listen("m1", 3, "c")]);
      const { fetchFn, sent } = server(answer(200), trouble);
      expect(await sendInOrder(fetchFn, "m1", store)).toEqual({ sent: 1, waiting: 2 });
      expect(sent).toHaveLength(2);
      expect(store.keys().sort()).toEqual(["b", "c"]);
    }
  });

  it("never sends another member's items, and leaves them queued", async () => {
    const store = memoryStore([listen("theirs", 1, "x"), practice("m1", 2, "mine")]);
    const { fetchFn, sent } = server();
    expect(await sendInOrder(fetchFn, "m1", store)).toEqual({ sent: 1, waiting: 0 });
    expect(sent).toEqual([expect.stringContaining("practisedOn=2026-11-21")]);
    expect(store.keys()).toEqual(["x"]);
  });

  it("drops every item but the member's signed in on the device, and everyone's when no one is", async () => {
    const store = memoryStore([listen("theirs", 1, "x"), practice("m1", 2, "mine"), listen("other", 3, "y")]);
    await keepOnlyMembersItems("m1", store);
    expect(store.keys()).toEqual(["mine"]);
    await keepOnlyMembersItems(null, store);
    expect(store.keys()).toEqual([]);
  });

  it("sends an item again after an answer that was lost: the key lets the server count it once", async () => {
    const store = memoryStore([listen("m1", 1, "lost-answer")]);
    const first = server("offline");
    expect(await sendInOrder(first.fetchFn, "m1", store)).toEqual({ sent: 0, waiting: 1 });
    const second = server(answer(200));
    expect(await sendInOrder(second.fetchFn, "m1", store)).toEqual({ sent: 1, waiting: 0 });
    expect([...first.sent, ...second.sent].map((line) => line.split(" ")[1])).toEqual([
      '{"finished":true,"listenId":"lost-answer"}',
      '{"finished":true,"listenId":"lost-answer"}',
    ]);
  });
});
