import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProfileStats } from "#app/modules/program/profile-overview.ts";
import { Journey } from "./journey.tsx";

const stats: ProfileStats = {
  sessionsFinished: 4,
  programmeDaysDone: 2,
  streak: 0,
  longestStreak: 1,
  pregnancyWeek: 37,
  weeksRemaining: 3,
  baby: null,
};

function renderJourney(shown: ProfileStats) {
  const date = { label: "Due date", text: "Monday 14 December" };
  const Stub = createRoutesStub([
    { path: "/portal/profile", Component: () => <Journey date={date} stats={shown} /> },
  ]);
  render(<Stub initialEntries={["/portal/profile"]} />);
}

/** A figure's value and note, by its label. */
const figure = (label: string) => screen.getByText(label).closest("div")!.textContent;

describe("the profile's journey", () => {
  it("shows her date and her figures, with a word for a streak not yet begun", async () => {
    renderJourney(stats);
    expect(await screen.findByText("Monday 14 December")).toBeInTheDocument();
    expect(figure("Completed sessions")).toBe("Completed sessions42 of 14 programme days done");
    expect(figure("Current streak")).toBe("Current streakNot yetBegins with today's practice");
    expect(figure("Longest streak")).toBe("Longest streak1 day");
    expect(figure("Weeks to go")).toBe("Weeks to go3Week 37 of pregnancy");
  });

  it("counts a current streak in days", async () => {
    renderJourney({ ...stats, streak: 2, longestStreak: 0 });
    expect(await screen.findByText("Monday 14 December")).toBeInTheDocument();
    expect(figure("Current streak")).toBe("Current streak2 days");
    expect(figure("Longest streak")).toBe("Longest streakNot yet");
  });
});

describe("the profile's journey with streaks hidden", () => {
  it("shows no streak figures, and the rest as ever", async () => {
    renderJourney({ ...stats, streak: null, longestStreak: null });
    expect(await screen.findByText("Monday 14 December")).toBeInTheDocument();
    expect(screen.queryByText(/streak/i)).toBeNull();
    expect(figure("Completed sessions")).toBe("Completed sessions42 of 14 programme days done");
    expect(figure("Weeks to go")).toBe("Weeks to go3Week 37 of pregnancy");
  });
});

describe("the profile's journey once her baby has arrived", () => {
  it("shows the baby's age and birth day in place of the weeks to go, and no streak", async () => {
    renderJourney({
      ...stats,
      streak: null,
      longestStreak: null,
      baby: { age: "5 days old", bornOn: "Friday 20 November" },
    });
    expect(await screen.findByText("Monday 14 December")).toBeInTheDocument();
    expect(figure("Your baby")).toBe("Your baby5 days oldBorn Friday 20 November");
    expect(screen.queryByText("Weeks to go")).toBeNull();
    expect(screen.queryByText(/pregnancy/)).toBeNull();
    expect(screen.queryByText(/streak/i)).toBeNull();
  });
});
