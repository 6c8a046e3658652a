import { describe, expect, it } from "vitest";
import { createHoverIntent } from "./hover-intent.ts";

function harness() {
  let clock = 0;
  const timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const events: string[] = [];
  const intent = createHoverIntent({
    openDelay: 200,
    skipDelay: 300,
    onOpen: () => events.push(`open@${clock}`),
    onClose: () => events.push(`close@${clock}`),
    now: () => clock,
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: clock + ms, callback, id });
      return id;
    },
    clearTimer: (id) => {
      const index = timers.findIndex((t) => t.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const advance = (ms: number) => {
    const until = clock + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      clock = next.at;
      next.callback();
    }
    clock = until;
  };
  return { intent, events, advance };
}

describe("hover intent", () => {
  it("opens only after the pointer rests for 200 ms", () => {
    const { intent, events, advance } = harness();
    intent.enter();
    advance(199);
    expect(events).toEqual([]);
    advance(1);
    expect(events).toEqual(["open@200"]);
  });

  it("does not open when the pointer passes over quickly", () => {
    const { intent, events, advance } = harness();
    intent.enter();
    advance(120);
    intent.leave();
    advance(500);
    expect(events).toEqual([]);
  });

  it("reopens at once within 300 ms of closing, and waits again after that", () => {
    const { intent, events, advance } = harness();
    intent.enter();
    advance(200);
    intent.leave();
    advance(299);
    intent.enter();
    expect(events).toEqual(["open@200", "close@200", "open@499"]);
    intent.leave();
    advance(300);
    intent.enter();
    advance(199);
    expect(events).toHaveLength(4);
    advance(1);
    expect(events.at(-1)).toBe("open@999");
  });

  it("counts a click or Escape close for the skip window", () => {
    const { intent, events, advance } = harness();
    intent.sync(true);
    advance(50);
    intent.sync(false);
    advance(100);
    intent.enter();
    expect(events).toEqual(["open@150"]);
  });
});
