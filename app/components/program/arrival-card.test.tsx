import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { arrivalNote } from "#app/modules/program/postnatal.ts";
import { ArrivalCard } from "./arrival-card.tsx";

function renderCard(baby: { bornOn: string; name: string | null }, today: string) {
  const note = arrivalNote(baby, today);
  const Stub = createRoutesStub([{ path: "/portal", Component: () => <ArrivalCard note={note} /> }]);
  render(<Stub initialEntries={["/portal"]} />);
}

describe("the congratulation card", () => {
  it("congratulates her by the baby's name, with the age and the day", async () => {
    renderCard({ bornOn: "2026-11-20", name: "Ada" }, "2026-11-25");
    expect(
      await screen.findByRole("heading", { name: "Congratulations on the arrival of Ada" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Ada is 5 days old.")).toBeInTheDocument();
    expect(screen.getByText("Born on Friday 20 November")).toBeInTheDocument();
  });

  it("speaks of your baby when she gave no name", async () => {
    renderCard({ bornOn: "2026-11-25", name: null }, "2026-11-25");
    expect(
      await screen.findByRole("heading", { name: "Congratulations on your baby's arrival" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Your baby arrived today.")).toBeInTheDocument();
  });

  it("invites her birth story, with the stories page a tap away, and asks nothing of her", async () => {
    renderCard({ bornOn: "2026-11-20", name: "Ada" }, "2026-11-25");
    await screen.findByRole("heading", { name: "Your birth story" });
    expect(screen.getByRole("link", { name: "Read birth stories" })).toHaveAttribute("href", "/stories");
    expect(screen.getByRole("link", { name: "Share your story with us" })).toHaveAttribute(
      "href",
      "/portal/contact",
    );
    expect(screen.getByRole("link", { name: "your library" })).toHaveAttribute("href", "/portal/library");
    // Warm, not loud: no streak, no countdown, and not a string of exclamation marks.
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/streak|to go|weeks? of pregnancy/i);
    expect(text.match(/!/g) ?? []).toHaveLength(0);
  });
});
