import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LiveCardForm from "./live-card.tsx";

/**
 * Stripe.js itself comes from js.stripe.com and can't load here, so its React
 * bindings are replaced by a stand-in: these tests check what our form does
 * with Stripe's answers, not Stripe.
 */
const confirmPayment = vi.fn();
vi.mock("@stripe/stripe-js", () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div>Stripe card fields</div>,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));
vi.mock("#app/components/ui/toaster.tsx", () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

let verified: { status: number; body: unknown };
const fetchMock = vi.fn(async (..._args: unknown[]) =>
  Response.json(verified.body, { status: verified.status }),
);

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  verified = { status: 200, body: { status: "succeeded", premium: true } };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderForm() {
  const Stub = createRoutesStub([
    {
      path: "/auth",
      Component: () => (
        <LiveCardForm
          publishableKey="pk_test_x"
          clientSecret="pi_9_secret_9"
          paymentIntentId="pi_9"
          price="€27"
        />
      ),
    },
    { path: "/portal", Component: () => <h1>Dashboard</h1> },
  ]);
  render(<Stub initialEntries={["/auth"]} />);
}

describe("LiveCardForm", () => {
  it("confirms with Stripe (returning to /portal), has the server verify it, then welcomes the member", async () => {
    let finish: (value: unknown) => void = () => {};
    confirmPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Pay €27" }));

    expect(screen.getByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: { return_url: `${window.location.origin}/portal` },
        redirect: "if_required",
      }),
    );
    finish({ paymentIntent: { id: "pi_9", status: "succeeded" } });

    expect(await screen.findByText("Payment successful!")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/confirm-payment",
      expect.objectContaining({ body: JSON.stringify({ paymentIntentId: "pi_9" }) }),
    );
    expect(toast.success).toHaveBeenCalledWith("Welcome to Premium! Redirecting to your dashboard...");
    expect(await screen.findByRole("heading", { name: "Dashboard" }, { timeout: 3000 })).toBeInTheDocument();
  });

  it("shows Stripe's own message for a declined card, and asks the server nothing", async () => {
    confirmPayment.mockResolvedValue({ error: { message: "Your card was declined." } });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Pay €27" }));
    expect(await screen.findByText("Your card was declined.")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith("Your card was declined.");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Pay €27" })).toBeEnabled();
  });

  it("falls back to 'Payment failed' when Stripe gives no message", async () => {
    confirmPayment.mockResolvedValue({ error: {} });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Pay €27" }));
    expect(await screen.findByText("Payment failed")).toBeInTheDocument();
  });

  it("says 'An error occurred during payment' when Stripe.js itself fails", async () => {
    confirmPayment.mockRejectedValue(new Error("network"));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Pay €27" }));
    expect(await screen.findByText("An error occurred during payment")).toBeInTheDocument();
  });

  it("says 'Payment verification failed' when the server can't confirm the payment", async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: "pi_9", status: "succeeded" } });
    verified = { status: 402, body: { error: "Payment verification failed" } };
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Pay €27" }));
    expect(await screen.findByText("Payment verification failed")).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("tells the member when the bank is still confirming", async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: "pi_9", status: "processing" } });
    verified = { status: 200, body: { status: "processing", premium: false } };
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Pay €27" }));
    expect(await screen.findByText(/Your bank is still confirming the payment/)).toBeInTheDocument();
  });
});
