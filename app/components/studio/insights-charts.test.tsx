import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdherenceChart, CohortChart, TracksChart, WeeklyChart } from "./insights-charts.tsx";

const weeks = [
  { week: "2026-11-09", signUps: 3, payments: 1, refunded: 0 },
  { week: "2026-11-16", signUps: 5, payments: 2, refunded: 1 },
  { week: "2026-11-23", signUps: 0, payments: 0, refunded: 0 },
];

/** The table's body rows as text, cell by cell. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent,
      ...within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ]);

describe("the insights charts", () => {
  it("draw sign-ups and payments as an image with a summary, and the same numbers as a table", () => {
    render(<WeeklyChart weeks={weeks} weekWords="Weeks run Monday to Sunday, in UTC." />);
    const figure = screen.getByRole("figure", { name: /Sign-ups and payments per week/ });
    expect(within(figure).getByRole("img")).toHaveAccessibleName(
      "Bar chart of sign-ups and payments per week over the 3 weeks from 9 Nov 2026 to the week of 23 Nov 2026: " +
        "8 sign-ups and 3 payments in all; the most sign-ups, 5, in the week of 16 Nov.",
    );
    expect(
      within(figure).getByText(/1 of them refunded since\. Weeks run Monday to Sunday, in UTC\./),
    ).toBeInTheDocument();
    expect(within(figure).getByText("Show as a table")).toBeInTheDocument();
    const table = within(figure).getByRole("table", { name: /Sign-ups and payments per week/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Week of", "Sign-ups", "Payments", "Of them refunded since"]);
    expect(rowsOf(table)).toEqual([
      ["9 Nov 2026", "3", "1", "0"],
      ["16 Nov 2026", "5", "2", "1"],
      ["23 Nov 2026", "0", "0", "0"],
    ]);
    // One bar per series and week: six.
    expect(figure.querySelectorAll("svg rect")).toHaveLength(6);
  });

  it("show a week nobody signed up in as no share, not 0%", () => {
    render(
      <CohortChart
        cohorts={[
          { week: "2026-11-09", signUps: 4, bought: 1, share: 0.25 },
          { week: "2026-11-16", signUps: 0, bought: 0, share: null },
          { week: "2026-11-23", signUps: 2, bought: 1, share: 0.5 },
        ]}
      />,
    );
    expect(screen.getByRole("img")).toHaveAccessibleName(
      /highest 50%, for the week of 23 Nov; 1 week with no sign-ups\./,
    );
    expect(rowsOf(screen.getByRole("table"))).toEqual([
      ["9 Nov 2026", "4", "1", "25%"],
      ["16 Nov 2026", "0", "0", "–"],
      ["23 Nov 2026", "2", "1", "50%"],
    ]);
  });

  it("mark the programme's biggest drop in words, in the table and on the chart", () => {
    const days = [
      { day: 1, reached: 4, completed: 4, share: 1 },
      { day: 2, reached: 4, completed: 3, share: 0.75 },
      { day: 3, reached: 4, completed: 1, share: 0.25 },
    ];
    render(<AdherenceChart days={days} drop={{ day: 3, from: 0.75, to: 0.25, points: 50 }} />);
    const drop = "The biggest drop is on day 3: from 75% on the day before to 25%, 50 points fewer.";
    expect(screen.getByRole("img")).toHaveAccessibleName(
      `Bar chart of the share of members who ticked each of the programme's 3 days, of those whose day has passed: day 1 100%, day 3 25%. ${drop}`,
    );
    expect(screen.getByText(drop)).toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table"))).toEqual([
      ["Day 1", "4", "4", "100%"],
      ["Day 2", "4", "3", "75%"],
      ["Day 3 (biggest drop)", "4", "1", "25%"],
    ]);
  });

  it("rank the sessions, naming the most and least completed", () => {
    const tracks = [
      { id: "prepare-for-birth", title: "Prepare for Birth", completedBy: 6, listens: 14 },
      { id: "fear-release", title: "Fear Release", completedBy: 2, listens: 3 },
      { id: "affirmations-2", title: "Affirmations Two", completedBy: 0, listens: 0 },
    ];
    render(<TracksChart tracks={tracks} most={[tracks[0]!]} least={[tracks[2]!]} />);
    expect(screen.getByRole("img")).toHaveAccessibleName(
      "Bar chart of how many people completed each of the 3 sessions: most completed, Prepare for Birth (6); least completed, Affirmations Two (0).",
    );
    expect(rowsOf(screen.getByRole("table"))).toEqual([
      ["Prepare for Birth", "6", "14"],
      ["Fear Release", "2", "3"],
      ["Affirmations Two", "0", "0"],
    ]);
  });

  it("render on the server, scaling to their container", () => {
    const html = renderToString(
      <WeeklyChart weeks={weeks} weekWords="Weeks run Monday to Sunday, in UTC." />,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('viewBox="0 0 360 200"');
    expect(html).toContain('width="100%"');
    expect(html).toContain("<details");
  });
});
