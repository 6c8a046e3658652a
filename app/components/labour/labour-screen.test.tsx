import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatClockTime } from "#app/modules/labour/contractions.ts";
import { storageKey } from "#app/modules/labour/device-store.ts";
import { PlayerProvider } from "#app/components/player/player-context.tsx";
import { LabourScreen } from "./labour-screen.tsx";

const T0 = Date.UTC(2026, 10, 14, 20, 0, 0);
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const clock = (at: number) => formatClockTime(at, timeZone);

/** As the portal has it: inside the player, which the music tab drives. */
const renderScreen = (memberKey = "member-1") =>
  render(
    <PlayerProvider memberKey={memberKey}>
      <LabourScreen memberKey={memberKey} history={[]} playlist={[]} lockedCount={0} />
    </PlayerProvider>,
  );

const status = () => screen.getByRole("status");
const toggle = (name: "Start contraction" | "Stop contraction") =>
  fireEvent.click(screen.getByRole("button", { name }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The list's rows, newest first, as their cells' text. */
const rows = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
  // Saving to the account has its own tests (use-labour-record.test.tsx): here a save never answers.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the contraction timer", () => {
  it("starts and stops a contraction with one button, says so politely, and lists it", () => {
    renderScreen();
    expect(screen.getByText("None yet. Press Start when one begins, and Stop when it fades.")).toBeVisible();
    expect(status()).toHaveTextContent("");

    toggle("Start contraction");
    expect(status()).toHaveTextContent(`Contraction started at ${clock(T0)}.`);
    expect(screen.getByRole("timer", { name: "This contraction so far" })).toHaveTextContent("0:00");
    expect(rows()).toEqual([[clock(T0), "going…", "–"]]);

    wait(65_000);
    expect(screen.getByRole("timer")).toHaveTextContent("1:05");
    toggle("Stop contraction");
    expect(status()).toHaveTextContent("Contraction stopped. It lasted 1 min 5 sec.");
    expect(screen.queryByRole("timer")).toBeNull();

    wait(265_000); // the next one begins 5 min 30 sec after the first
    toggle("Start contraction");
    wait(58_000);
    toggle("Stop contraction");
    expect(status()).toHaveTextContent(
      "Contraction stopped. It lasted 58 sec, 5 min 30 sec after the one before.",
    );
    expect(rows()).toEqual([
      [clock(T0 + 330_000), "58 sec", "5 min 30 sec"],
      [clock(T0), "1 min 5 sec", "–"],
    ]);
    expect(screen.getByText("Average length").nextSibling).toHaveTextContent("1 min 2 sec");
    expect(screen.getByText("Average apart").nextSibling).toHaveTextContent("5 min 30 sec");
  });

  it("keeps the history on the device for the same member only", () => {
    const first = renderScreen("member-1");
    toggle("Start contraction");
    wait(60_000);
    toggle("Stop contraction");
    first.unmount();

    expect(JSON.parse(localStorage.getItem(storageKey("member-1"))!).contractions).toEqual([
      { startedAt: T0, endedAt: T0 + 60_000 },
    ]);

    const again = renderScreen("member-1");
    expect(rows()).toEqual([[clock(T0), "1 min", "–"]]);
    again.unmount();

    renderScreen("member-2");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText(/None yet/)).toBeVisible();
  });

  it("says under the list whether her account has it", async () => {
    vi.mocked(fetch).mockResolvedValue(new Response('{"ok":true}'));
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    renderScreen();
    toggle("Start contraction");
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(
      screen.getByText("Saved on this phone; it will be saved to your account when you're back online"),
    ).toBeVisible();

    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(screen.getByText("Saved on this phone; saving to your account…")).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText("Saved to your account")).toBeVisible();
  });

  it("reads a corrupt record as an empty one, and times on", () => {
    localStorage.setItem(storageKey("member-1"), "{not json");
    renderScreen();
    toggle("Start contraction");
    expect(rows()).toHaveLength(1);
  });

  it("removes a contraction tapped by mistake, once confirmed", () => {
    renderScreen();
    toggle("Start contraction");
    wait(30_000);
    toggle("Stop contraction");
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const remove = screen.getByRole("button", { name: `Remove the contraction that began at ${clock(T0)}` });
    fireEvent.click(remove);
    expect(rows()).toHaveLength(1);
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("table")).toBeNull();
    expect(status()).toHaveTextContent(`Removed the contraction that began at ${clock(T0)}.`);
  });

  it("shows the call-your-midwife alert once the 5-1-1 pattern has held for an hour", () => {
    renderScreen();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText(/^Watching for 5-1-1/)).toBeVisible();
    const jump = (ms: number) => vi.setSystemTime(Date.now() + ms);
    for (let minute = 0; minute < 60; minute += 5) {
      toggle("Start contraction");
      jump(60_000);
      toggle("Stop contraction");
      jump(240_000);
    }
    wait(1000); // the screen's clock catches up
    expect(screen.getByRole("alert")).toHaveTextContent("Time to call your midwife or maternity unit");
  });

  it("keeps the start and stop button on the other tabs, and moves between tabs with the arrow keys", () => {
    renderScreen();
    const timerTab = screen.getByRole("tab", { name: "Timer" });
    expect(timerTab).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(timerTab, { key: "ArrowRight" });
    const breathe = screen.getByRole("tab", { name: "Breathe" });
    expect(breathe).toHaveAttribute("aria-selected", "true");
    expect(breathe).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Breathe");

    expect(screen.getByText("Not timing")).toBeVisible();
    toggle("Start contraction");
    expect(status()).toHaveTextContent(`Contraction started at ${clock(T0)}.`);
    expect(screen.getByRole("button", { name: "Stop contraction" })).toBeVisible();

    fireEvent.keyDown(breathe, { key: "End" });
    expect(screen.getByRole("tab", { name: "Music" })).toHaveAttribute("aria-selected", "true");
  });
});
