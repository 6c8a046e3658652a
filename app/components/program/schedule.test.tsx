import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Schedule, type ScheduleDay } from "./schedule.tsx";

const days: ScheduleDay[] = [1, 2].map((day) => ({
  id: null,
  week: 1,
  day,
  activity: day === 1 ? "Pregnancy Relaxation" : "Affirmations",
  date: `2026-11-2${day}`,
  completed: false,
  practiseWith: null,
  isToday: day === 1,
  opensOn: null,
}));

/** The dashboard's part: the default schedule, then the saved one once the date is in. */
function Dashboard() {
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = saved ? days.map((day, index) => ({ ...day, id: `row-${index}` })) : days;
  return (
    <>
      <button type="button" onClick={() => setBusy(true)}>
        Saving
      </button>
      <button
        type="button"
        onClick={() => {
          setBusy(false);
          setSaved(true);
        }}
      >
        Saved
      </button>
      <Schedule days={shown} saved={saved} showDates={saved} busy={busy} />
    </>
  );
}

function renderDashboard() {
  const Stub = createRoutesStub([{ path: "/portal", Component: Dashboard }]);
  render(<Stub initialEntries={["/portal"]} />);
}

const dayOne = () => screen.getByRole("checkbox", { name: /Day 1: Pregnancy Relaxation/ });

describe("the schedule", () => {
  it("keeps ticks on the default schedule in the page, and shows the server's once the date is saved", async () => {
    renderDashboard();
    await userEvent.click(dayOne());
    expect(dayOne()).toBeChecked();
    expect(screen.getByText("1 of 2 days done")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Saved" }));
    expect(dayOne()).not.toBeChecked();
    expect(screen.getByText("0 of 2 days done")).toBeTruthy();
  });

  it("takes no tick while the date is being saved", async () => {
    renderDashboard();
    await userEvent.click(screen.getByRole("button", { name: "Saving" }));
    expect(dayOne()).toBeDisabled();
    await userEvent.click(dayOne());
    expect(dayOne()).not.toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Saved" }));
    expect(dayOne()).toBeEnabled();
  });
});

describe("a day still to come", () => {
  it("can't be ticked, and says when it opens", async () => {
    const ahead = days.map((day, index) => ({
      ...day,
      id: `row-${index}`,
      opensOn: index === 1 ? "Opens on Tuesday 22 December" : null,
    }));
    const Stub = createRoutesStub([
      { path: "/portal", Component: () => <Schedule days={ahead} saved showDates /> },
    ]);
    render(<Stub initialEntries={["/portal"]} />);
    const dayTwo = screen.getByRole("checkbox", { name: /Day 2: Affirmations/ });
    expect(dayTwo).toBeDisabled();
    expect(dayTwo).toHaveAccessibleDescription("Opens on Tuesday 22 December");
    await userEvent.click(dayTwo);
    expect(dayTwo).not.toBeChecked();
    expect(screen.getByText("0 of 2 days done")).toBeTruthy();
  });
});

describe("a rest day on the schedule", () => {
  it("shows a snowflake named Rest day on her rest day, and says what it is", () => {
    const withRest = days.map((day, index) => ({ ...day, restDay: index === 1 }));
    const Stub = createRoutesStub([
      { path: "/portal", Component: () => <Schedule days={withRest} saved showDates /> },
    ]);
    render(<Stub initialEntries={["/portal"]} />);
    const snowflakes = screen.getAllByRole("img", { name: "Rest day" });
    expect(snowflakes).toHaveLength(1);
    expect(snowflakes[0]!.closest("div")!.textContent).toContain("Day 2: Affirmations");
    expect(screen.getByText("A rest day: your streak went on while you rested.")).toBeInTheDocument();
  });

  it("shows no snowflake and no note without a rest day", () => {
    const Stub = createRoutesStub([
      { path: "/portal", Component: () => <Schedule days={days} saved showDates /> },
    ]);
    render(<Stub initialEntries={["/portal"]} />);
    expect(screen.queryByRole("img", { name: "Rest day" })).toBeNull();
    expect(screen.queryByText(/rest day/i)).toBeNull();
  });
});
