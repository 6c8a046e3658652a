import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { PartnerSeat as Seat } from "#app/modules/partner/invite.server.ts";
import { PartnerSeat } from "./partner-seat.tsx";

const open: Seat = { partner: null, partnerOf: null, waiting: null };

/** The section on a stand-in profile page whose action answers with `reply`, or echoes what was posted. */
function renderSeat(seat: Seat, reply?: unknown) {
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const posted = Object.fromEntries(await request.formData());
    return reply ?? posted;
  });
  const Stub = createRoutesStub([
    { path: "/portal/profile", Component: () => <PartnerSeat seat={seat} />, action },
  ]);
  render(<Stub initialEntries={["/portal/profile"]} />);
  return action;
}

describe("her birth partner's account", () => {
  it("invites her partner by email with a plain form", async () => {
    const action = renderSeat(open);
    expect(await screen.findByRole("region", { name: "Your birth partner's account" })).toBeInTheDocument();
    expect(screen.getByText(/The read-only link below stays/)).toBeInTheDocument();
    const field = screen.getByLabelText("Your birth partner's email");
    expect(field).toHaveAttribute("type", "email");
    expect(field.closest("form")).toHaveAttribute("method", "post");
    expect(field.closest("form")?.id).toBe("partner-invite-form");
    await userEvent.type(field, "ben@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({
      intent: "invite-partner",
      email: "ben@example.com",
    });
  });

  it("asks for a valid address before posting anything", async () => {
    const action = renderSeat(open);
    await userEvent.type(await screen.findByLabelText("Your birth partner's email"), "ben@");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(
      await screen.findByText("Please enter a valid email address, such as ben@example.com"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Your birth partner's email")).toHaveAttribute("aria-invalid", "true");
    expect(action).not.toHaveBeenCalled();
  });

  it("shows the server's answer beside the field", async () => {
    const message = "That's your own email address. Please enter your birth partner's.";
    renderSeat(open, {
      result: {
        status: "error",
        initialValue: { intent: "invite-partner", email: "amara@example.com" },
        error: { email: [message] },
      },
    });
    await userEvent.type(await screen.findByLabelText("Your birth partner's email"), "amara@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows the invitation waiting, until when, and cancels it", async () => {
    const action = renderSeat({
      partner: null,
      partnerOf: null,
      waiting: { email: "ben@example.com", expiresAt: "2026-12-02T10:00:00.000Z", expiresOn: "2026-12-02" },
    });
    const said = "Invitation sent to ben@example.com. It works until Wednesday 2 December.";
    expect(
      await screen.findByText((_, element) => element?.tagName === "P" && element.textContent === said),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Your birth partner's email")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Cancel invitation" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "cancel-partner-invitation" });
  });

  it("names her partner, and removes them", async () => {
    const action = renderSeat({ partner: { firstName: "Ben" }, partnerOf: null, waiting: null });
    expect(await screen.findByText("Ben is your birth partner.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Your birth partner's email")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Remove Ben" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "remove-partner" });
  });

  it("tells a partner whose partner they are, and lets them leave", async () => {
    const action = renderSeat({ partner: null, partnerOf: { firstName: "Amara" }, waiting: null });
    expect(await screen.findByText("You're Amara's birth partner.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Your birth partner's email")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Stop being Amara's partner" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "leave-as-partner" });
  });
});
