import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { BabyArrival } from "#app/modules/accounts/baby.ts";
import { BabyArrivalSetting } from "./baby-arrival.tsx";

const dates = { min: "2026-07-18", max: "2026-11-25" };

/** The form on a stand-in profile page whose action answers with `reply`, or echoes what was posted. */
function renderForm(baby: BabyArrival | null, reply?: unknown) {
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const posted = Object.fromEntries(await request.formData());
    return reply ?? posted;
  });
  const Stub = createRoutesStub([
    {
      path: "/portal/profile",
      Component: () => <BabyArrivalSetting baby={baby} dates={dates} />,
      action,
    },
  ]);
  render(<Stub initialEntries={["/portal/profile"]} />);
  return action;
}

describe("the My baby has arrived form", () => {
  it("posts the day and the name as a plain form, the picker bounded by the days taken", async () => {
    const action = renderForm(null);
    await screen.findByRole("heading", { name: "My baby has arrived" });
    const day = screen.getByLabelText("Date of birth");
    expect(day).toHaveAttribute("type", "date");
    expect([day.getAttribute("min"), day.getAttribute("max")]).toEqual([dates.min, dates.max]);
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    fireEvent.input(day, { target: { value: "2026-11-20" } });
    await userEvent.type(screen.getByLabelText("Baby's name (optional)"), "Ada");
    await userEvent.click(screen.getByRole("button", { name: "Share the news" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({
      intent: "baby-arrived",
      bornOn: "2026-11-20",
      babyName: "Ada",
    });
  });

  it("asks for the day before posting anything", async () => {
    const action = renderForm(null);
    await userEvent.click(await screen.findByRole("button", { name: "Share the news" }));
    expect(await screen.findByText("Please enter the day your baby was born")).toBeInTheDocument();
    expect(screen.getByLabelText("Date of birth")).toHaveAttribute("aria-invalid", "true");
    expect(action).not.toHaveBeenCalled();
  });

  it("shows the server's answer beside the field when the day can't be right", async () => {
    const message = "That day hasn't come yet. Please choose today or a day before it.";
    renderForm(null, {
      result: {
        status: "error",
        initialValue: { intent: "baby-arrived", bornOn: "2026-11-30" },
        error: { bornOn: [message] },
      },
    });
    fireEvent.input(await screen.findByLabelText("Date of birth"), { target: { value: "2026-11-30" } });
    await userEvent.click(screen.getByRole("button", { name: "Share the news" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows what she saved, to correct, and undoes it", async () => {
    const action = renderForm({ bornOn: "2026-11-20", name: "Ada" });
    expect(
      await screen.findByText(/Ada was born on Friday 20 November, and your portal has changed/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Date of birth")).toHaveValue("2026-11-20");
    expect(screen.getByLabelText("Baby's name (optional)")).toHaveValue("Ada");
    expect(screen.getByRole("button", { name: "Save changes" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "undo-baby-arrived" });
  });
});
