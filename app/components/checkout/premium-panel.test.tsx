import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutConfig } from "#app/modules/payments/checkout-config.ts";
import { PremiumPanel, type PremiumPanelProps } from "./premium-panel.tsx";

const demo: CheckoutConfig = {
  mode: "demo",
  card: true,
  paypal: true,
  stripePublishableKey: null,
  paypalClientId: null,
  currency: "EUR",
};

function renderPanel(overrides: Partial<PremiumPanelProps> = {}) {
  const props: PremiumPanelProps = {
    member: { email: "amara@example.com", hasPremium: false },
    price: "€27",
    fromSocial: false,
    checkout: demo,
    ...overrides,
  };
  const Stub = createRoutesStub([{ path: "/auth", Component: () => <PremiumPanel {...props} /> }]);
  render(<Stub initialEntries={["/auth"]} />);
}

/** Our API, as the panel sees it: a payment intent is created when card is chosen. */
function answerCreateIntent() {
  const fetchMock = vi.fn(async () =>
    Response.json({ clientSecret: "pi_1_secret_2", paymentIntentId: "pi_1" }, { status: 200 }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("PremiumPanel", () => {
  it("keeps the payment options locked until the email has an @ and a dot", async () => {
    const user = userEvent.setup();
    renderPanel();
    const email = screen.getByLabelText("Email for your receipt");
    expect(email).toHaveValue("amara@example.com");
    expect(screen.getByRole("button", { name: /Card/ })).toBeEnabled();
    expect(screen.queryByText("Enter your email above to unlock payment options")).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, "amara@example");
    expect(screen.getByRole("button", { name: /Card/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /PayPal/ })).toBeDisabled();
    expect(screen.getByText("Enter your email above to unlock payment options")).toBeInTheDocument();

    await user.type(email, ".com");
    expect(screen.getByRole("button", { name: /Card/ })).toBeEnabled();
    expect(screen.getByRole("button", { name: /PayPal/ })).toBeEnabled();
  });

  it("goes from no method to card and back, creating the intent for the receipt address", async () => {
    const fetchMock = answerCreateIntent();
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole("button", { name: /Card/ }));

    expect(screen.getByRole("heading", { name: "Pay by card" })).toHaveFocus();
    expect(await screen.findByRole("button", { name: "Pay €27" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/create-payment-intent",
      expect.objectContaining({ body: JSON.stringify({ email: "amara@example.com" }) }),
    );
    // The address can't change under a payment that is already being made.
    expect(screen.getByLabelText("Email for your receipt")).toHaveAttribute("readonly");

    await user.click(screen.getByRole("button", { name: "Choose different payment method" }));
    expect(screen.getByRole("button", { name: /Card/ })).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Pay €27" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email for your receipt")).not.toHaveAttribute("readonly");
  });

  it("offers the demo PayPal button under a clear demo label", async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByText("Demo checkout")).toBeInTheDocument();
    expect(screen.getByText(/Nothing is charged/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /PayPal/ }));
    expect(screen.getByRole("heading", { name: "Pay with PayPal" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay €27 with PayPal (demo)" })).toBeInTheDocument();
  });

  it("shows the spec's reminder after a social sign-in from this tab", () => {
    renderPanel({ fromSocial: true });
    expect(screen.getByText("Please complete payment to access premium!")).toBeInTheDocument();
  });

  it("never offers a second payment to a member who owns the course", () => {
    renderPanel({ member: { email: "amara@example.com", hasPremium: true } });
    expect(screen.getByText(/You already own the Complete Course/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/portal");
    expect(screen.queryByRole("button", { name: /Card|PayPal/ })).not.toBeInTheDocument();
  });

  it("says payments are unavailable, with no way to pay, when no provider is configured", () => {
    renderPanel({ checkout: { ...demo, mode: "unavailable", card: false, paypal: false } });
    expect(screen.getByText(/Payments are unavailable at the moment/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Card|PayPal/ })).not.toBeInTheDocument();
  });

  it("offers only the providers that are configured", () => {
    renderPanel({
      checkout: { ...demo, mode: "live", paypal: false, stripePublishableKey: "pk_live_x" },
    });
    expect(screen.getByRole("button", { name: /Card/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /PayPal/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Demo checkout")).not.toBeInTheDocument();
  });
});
