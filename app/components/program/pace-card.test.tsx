import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLAY_AUDIO_EVENT, type PlayAudioDetail } from "#app/components/player/play-event.ts";
import { addDays } from "#app/modules/calendar/dates.ts";
import { paceFor, type PaceInput } from "#app/modules/program/pace.ts";
import { hasPaceCard, PaceCard } from "./pace-card.tsx";

const PREMIUM = { signedIn: true, hasPremium: true };
const FREE = { signedIn: true, hasPremium: false };
/** A Wednesday. */
const TODAY = "2026-11-25";

function renderFor(input: Partial<PaceInput> & { dueDate: string }) {
  const pace = paceFor({
    isInduction: false,
    saved: true,
    today: TODAY,
    babyArrived: false,
    viewer: PREMIUM,
    ...input,
  });
  if (!hasPaceCard(pace)) throw new Error(`no card for ${pace.phase}`);
  const Stub = createRoutesStub([{ path: "/portal", Component: () => <PaceCard pace={pace} /> }]);
  render(<Stub initialEntries={["/portal"]} />);
}

afterEach(() => vi.restoreAllMocks());

describe("the pace card", () => {
  it("invites her to an early plan, with when the programme starts, and nothing to follow until she chooses it", async () => {
    renderFor({ dueDate: addDays(TODAY, 140) });
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "A gentle start, if you'd like one",
    });
    const card = heading.closest("section")!;
    expect(within(card).queryAllByRole("listitem")).toHaveLength(0);
    expect(
      within(card).getByText(
        /Your two-week programme starts on Wednesday 31 March and ends on your due date\./,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Start gently now" })).toHaveAttribute("type", "submit");
    // The course's guidance, with the day it begins.
    expect(
      within(card).getByText(
        "From Thursday 25 February (34 weeks), play Prepare for Birth most days, as the course suggests.",
      ),
    ).toBeInTheDocument();
  });

  it("at 33 weeks and after, puts Prepare for Birth most days first, and says nothing of it to a free member", async () => {
    // Due in 47 days: 34 weeks.
    renderFor({ dueDate: addDays(TODAY, 47) });
    let card = (
      await screen.findByRole("heading", { level: 2, name: "A gentle start, if you'd like one" })
    ).closest("section")!;
    expect(within(card).getByText(/From 34 weeks, play Prepare for Birth most days/)).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Listen to Prepare for Birth" })).toBeInTheDocument();
    document.body.innerHTML = "";
    renderFor({ dueDate: addDays(TODAY, 47), viewer: FREE });
    card = (
      await screen.findByRole("heading", { level: 2, name: "A gentle start, if you'd like one" })
    ).closest("section")!;
    expect(within(card).queryByText(/Prepare for Birth/)).toBeNull();
  });

  it("once chosen, lays out this week's three sessions and a way to put the plan away", async () => {
    renderFor({ dueDate: addDays(TODAY, 140), earlyPlanChosen: true });
    const heading = await screen.findByRole("heading", { level: 2, name: "Your gentle start" });
    const card = heading.closest("section")!;
    const items = within(card).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Monday 23 November");
    expect(items[1]).toHaveTextContent("Wednesday 25 November (today)");
    expect(items[2]).toHaveTextContent("Saturday 28 November");
    expect(within(card).getByRole("button", { name: "Listen to Affirmations Two" })).toBeInTheDocument();
    expect(
      within(card).getByText(
        "Your two-week programme starts on Wednesday 31 March and ends on your due date.",
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "library" })).toHaveAttribute("href", "/portal/library");
    expect(within(card).getByRole("button", { name: "Put the early plan away" })).toBeInTheDocument();
  });

  it("plays a session in the page's player", async () => {
    const played: PlayAudioDetail[] = [];
    const listen = (event: CustomEvent<PlayAudioDetail>) => played.push(event.detail);
    window.addEventListener(PLAY_AUDIO_EVENT, listen);
    renderFor({ dueDate: addDays(TODAY, 6) });
    fireEvent.click(await screen.findByRole("button", { name: "Listen to Practice Contractions" }));
    window.removeEventListener(PLAY_AUDIO_EVENT, listen);
    expect(played).toEqual([
      {
        id: "practice-contractions",
        title: "Practice Contractions",
        audioFile: "practice-contractions.mp3",
        courseTier: "preparation",
      },
    ]);
  });

  it("lists the labour essentials for a late joiner", async () => {
    renderFor({ dueDate: addDays(TODAY, 6) });
    const card = (await screen.findByRole("heading", { level: 2, name: "Labour essentials" })).closest(
      "section",
    )!;
    expect(
      within(card)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual([
      "Listen to Practice Contractions",
      "Listen to Breathing & Bonding",
      "Listen to Prepare for Birth",
      "Listen to Affirmations One",
    ]);
  });

  it("shows a free member only the sessions she can play", async () => {
    renderFor({ dueDate: addDays(TODAY, 6), viewer: FREE });
    const card = (await screen.findByRole("heading", { level: 2, name: "Labour essentials" })).closest(
      "section",
    )!;
    expect(
      within(card)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Listen to Affirmations One", "Listen to Affirmations Two"]);
  });

  it("suggests one session a day once her two weeks are done", async () => {
    renderFor({ dueDate: addDays(TODAY, -7), start: addDays(TODAY, -21) });
    const card = (await screen.findByRole("heading", { level: 2, name: "Today's suggestion" })).closest(
      "section",
    )!;
    expect(within(card).getAllByRole("button")).toHaveLength(1);
    expect(within(card).getByRole("button", { name: "Listen to Practice Contractions" })).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/!|hurry up|don't miss/i);
  });

  it("has no card within the programme or once her baby has arrived", () => {
    const base = { isInduction: false, saved: true, today: TODAY, viewer: PREMIUM };
    expect(hasPaceCard(paceFor({ ...base, dueDate: addDays(TODAY, 14), babyArrived: false }))).toBe(false);
    expect(hasPaceCard(paceFor({ ...base, dueDate: addDays(TODAY, 6), babyArrived: true }))).toBe(false);
  });
});
