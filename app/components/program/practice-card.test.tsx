import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queueForSync } from "#app/components/offline/offline-support.tsx";
import type { OutboxItem } from "#app/modules/offline/outbox.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import { PracticeCard, type PracticeCardData } from "./practice-card.tsx";

// The device's outbox, stood in for: what is queued (a store the test changes), and what the card queues.
const outbox = vi.hoisted(() => {
  let items: unknown[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => items,
    set(next: unknown[]) {
      items = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
});
vi.mock("#app/components/offline/offline-support.tsx", async () => {
  const { useSyncExternalStore } = await import("react");
  return {
    queueForSync: vi.fn(async () => true),
    useQueued: () => useSyncExternalStore(outbox.subscribe, outbox.get),
    useOnline: () => navigator.onLine,
  };
});

const data: PracticeCardData = {
  track: {
    id: "pregnancy-relaxation",
    title: "Pregnancy Relaxation and Wellbeing",
    description: "A calm start.",
    audioFile: "pregnancy-relaxation.mp3",
    courseTier: "foundation",
  },
  standsInFor: null,
  heading: "Today's audio",
  streak: 0,
  badge: "Starting",
  practisedToday: false,
  canShare: false,
};

const deviceToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
const queuedPractice = (date: string): OutboxItem => ({
  kind: "practice",
  date,
  body: { intent: "complete-practice", practisedOn: date, key: "k1" },
  key: "k1",
  member: "m1",
  createdAt: new Date().toISOString(),
});

const newAction = () => vi.fn(() => ({ intent: "complete-practice", ok: true, status: 200 }));
let action: ReturnType<typeof newAction>;
/** The programme page inside the portal, whose data is for `day` (her today on the server). */
function renderCard(card = data, day = deviceToday()) {
  action = newAction();
  const Stub = createRoutesStub([
    {
      id: "routes/portal/layout",
      path: "/portal",
      loader: () => ({ day }),
      HydrateFallback: () => null,
      children: [{ path: "program", Component: () => <PracticeCard data={card} />, action }],
    },
  ]);
  return render(<Stub initialEntries={["/portal/program"]} />);
}

const offline = (value: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(!value);

beforeEach(() => {
  vi.mocked(queueForSync).mockClear();
  outbox.set([]);
});
afterEach(() => vi.restoreAllMocks());

describe("Mark as Complete with no signal", () => {
  it("keeps the day on the device with her own date and shows it done at once, sending nothing", async () => {
    offline(true);
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Mark as Complete" }));
    expect(screen.getByText("Done for today")).toBeInTheDocument();
    expect(queueForSync).toHaveBeenCalledWith({ kind: "practice", date: deviceToday() });
    expect(action).not.toHaveBeenCalled();
  });

  it("says the day will sync while it waits on the device, and no more once it has gone", async () => {
    outbox.set([queuedPractice(deviceToday())]);
    renderCard();
    expect(await screen.findByText("Done for today")).toBeInTheDocument();
    expect(screen.getByText("will sync")).toBeInTheDocument();
    act(() => outbox.set([]));
    // The card hears the outbox once its subscription is in (an effect): on a busy machine, after the set.
    await waitFor(() => expect(screen.queryByText("will sync")).toBeNull());
  });

  it("offers today's practice on a page kept from an earlier day, whose 'done' was for that day", async () => {
    offline(true);
    renderCard({ ...data, practisedToday: true }, "2020-01-01");
    expect(await screen.findByRole("button", { name: "Mark as Complete" })).toBeInTheDocument();
  });

  it("takes the server's word for today with a signal", async () => {
    offline(false);
    renderCard({ ...data, practisedToday: true }, "2020-01-01");
    expect(await screen.findByText("Done for today")).toBeInTheDocument();
  });

  it("posts the form as usual with a signal", async () => {
    offline(false);
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Mark as Complete" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(queueForSync).not.toHaveBeenCalled();
  });
});

describe("the streak on the card", () => {
  it("shows the streak and its badge, with one sentence on rest days", async () => {
    renderCard({ ...data, streak: 4, badge: "Growing" });
    expect(await screen.findByText("4 days")).toBeInTheDocument();
    expect(screen.getByText("Growing")).toBeInTheDocument();
    expect(
      screen.getByText(
        "One rest day a week keeps your streak going: we'll save it for you when you need it.",
      ),
    ).toBeInTheDocument();
  });

  it("shows no streak, no badge and no word of either when she hides streaks", async () => {
    renderCard({ ...data, streak: null, badge: null });
    expect(await screen.findByRole("button", { name: "Mark as Complete" })).toBeInTheDocument();
    expect(screen.queryByText(/streak/i)).toBeNull();
    expect(screen.queryByText(/Badge/)).toBeNull();
    expect(screen.queryByText(/rest day/i)).toBeNull();
  });
});
