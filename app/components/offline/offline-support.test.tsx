import { act, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushOutbox, outboxItem, RESEND_DELAYS_MS, type OutboxItem } from "#app/modules/offline/outbox.ts";
import type * as Outbox from "#app/modules/offline/outbox.ts";
import { OfflineSupport, queueForSync } from "./offline-support.tsx";

// The device's outbox, stood in for: its items in memory, sending recorded.
const device = vi.hoisted(() => ({ items: [] as unknown[], listeners: new Set<() => void>() }));
vi.mock("#app/modules/offline/outbox.ts", async (original) => {
  const actual = await original<typeof Outbox>();
  const changed = () => device.listeners.forEach((listener) => listener());
  return {
    ...actual,
    listOutbox: vi.fn(async () => device.items),
    addToOutbox: vi.fn(async (item: unknown) => {
      device.items = [...device.items, item];
      changed();
    }),
    flushOutbox: vi.fn(async () => ({ sent: 0, waiting: 0 })),
    subscribeToOutbox: (listener: () => void) => {
      device.listeners.add(listener);
      return () => void device.listeners.delete(listener);
    },
  };
});

const item = (member: string, date: string): OutboxItem => outboxItem({ kind: "practice", date }, member);

function renderPortal() {
  const Stub = createRoutesStub([
    {
      id: "routes/portal/layout",
      path: "/portal",
      loader: () => ({ memberKey: "her-key" }),
      HydrateFallback: () => null,
      Component: () => <OfflineSupport entitled={[]} />,
    },
  ]);
  render(<Stub initialEntries={["/portal"]} />);
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  device.items = [
    item("her-key", "2026-11-20"),
    item("her-key", "2026-11-21"),
    item("another-key", "2026-11-21"),
  ];
  vi.mocked(flushOutbox).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe("what she did with no signal", () => {
  it("says how many of her changes will sync while the device is offline, and sends nothing", async () => {
    online = false;
    renderPortal();
    await screen.findByText(/2 changes will sync when you're back online\./);
    expect(flushOutbox).not.toHaveBeenCalled();
  });

  it("sends her outbox when a portal page opens and as soon as the signal returns, never another member's", async () => {
    renderPortal();
    await waitFor(() => expect(flushOutbox).toHaveBeenCalledTimes(1));
    expect(flushOutbox).toHaveBeenCalledWith(fetch, "her-key");
    online = false;
    act(() => void window.dispatchEvent(new Event("offline")));
    online = true;
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(flushOutbox).toHaveBeenCalledTimes(2));
    expect(vi.mocked(flushOutbox).mock.calls.every(([, member]) => member === "her-key")).toBe(true);
  });

  it("sends again a little later, then a little later still, what a send with a signal left waiting", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    // A browser with its Background Sync switched off: the page's tries are all there is.
    const sync = { register: vi.fn(async () => Promise.reject(new Error("Background Sync is disabled."))) };
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: async () => ({ sync }) },
    });
    try {
      // The request fails as the signal comes back; the server takes both on the third try.
      vi.mocked(flushOutbox)
        .mockResolvedValueOnce({ sent: 0, waiting: 2 })
        .mockResolvedValueOnce({ sent: 0, waiting: 2 })
        .mockResolvedValueOnce({ sent: 2, waiting: 0 });
      renderPortal();
      await waitFor(() => expect(flushOutbox).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0]));
      expect(flushOutbox).toHaveBeenCalledTimes(2);
      await act(() => vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[1]));
      expect(flushOutbox).toHaveBeenCalledTimes(3);
      // All sent: no more tries.
      await act(() => vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS.at(-1)! * 2));
      expect(flushOutbox).toHaveBeenCalledTimes(3);
      expect(sync.register).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });

  it("keeps what the page queues as hers, and shows it at once", async () => {
    online = false;
    renderPortal();
    await screen.findByText(/2 changes will sync/);
    await act(async () => {
      expect(await queueForSync({ kind: "practice", date: "2026-11-22" })).toBe(true);
    });
    await screen.findByText(/3 changes will sync/);
    expect(device.items.at(-1)).toMatchObject({ member: "her-key", date: "2026-11-22" });
  });
});
