import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { achievements } from "#app/modules/program/practice.ts";
import { Achievements } from "./achievements.tsx";

describe("the profile's achievements", () => {
  it("encourages the first one while none is earned, and folds away all but the next", () => {
    render(<Achievements items={achievements(0, 0)} />);
    expect(screen.getByText(/Your first is one session away/)).toBeInTheDocument();
    const [shown] = screen.getAllByRole("list");
    expect(within(shown!).getAllByRole("listitem")).toHaveLength(1);
    expect(within(shown!).getByText("Next:")).toBeInTheDocument();
    expect(within(shown!).getByText("(ahead of you)", { exact: false })).toBeInTheDocument();
    expect(screen.getByText("What comes after")).toBeInTheDocument();
    expect(screen.getByText("5 Complete").parentElement).toHaveTextContent(
      "5 Complete: complete five sessions",
    );
  });

  it("lists what she has earned, then the next, with nothing left to fold away", () => {
    render(<Achievements items={achievements(10, 3)} />);
    expect(screen.queryByText(/Your first is one session away/)).toBeNull();
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "First ListenComplete your first session (earned)",
      "5 CompleteComplete five sessions (earned)",
      "All MasteredComplete ten sessions (earned)",
      "Next: 7 Day StreakPractise seven days in a row (ahead of you)",
    ]);
    expect(screen.queryByText("What comes after")).toBeNull();
  });
});
