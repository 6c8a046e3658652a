import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LivePayPalButtons from "./live-paypal.tsx";

/**
 * PayPal's SDK comes from paypal.com and can't load here, so its buttons are
 * replaced by a stand-in that calls our callbacks as PayPal's would: create
 * the order, then approve (or cancel) it. The test checks what our side does.
 */
type ButtonProps = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
};
vi.mock("@paypal/react-paypal-js", () => ({
  PayPalScriptProvider: ({ children }: { children: ReactNode }) => children,
  PayPalButtons: (props: ButtonProps) => (
    <>
      <button
        type="button"
        onClick={async () => {
          let orderID: string;
          try {
            orderID = await props.createOrder();
          } catch (error) {
            return props.onError(error);
          }
          await props.onApprove({ orderID });
        }}
      >
        PayPal
      </button>
      <button type="button" onClick={() => props.onCancel()}>
        Close PayPal
      </button>
    </>
  ),
}));
vi.mock("#app/components/ui/toaster.tsx", () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const answers: Record<string, { status: number; body: unknown }> = {};
const fetchMock = vi.fn(async (url: unknown) => {
  const answer = answers[String(url)]!;
  return Response.json(answer.body, { status: answer.status });
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  answers["/api/create-paypal-order"] = { status: 200, body: { id: "ORDER-1" } };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderButtons() {
  const Stub = createRoutesStub([
    {
      path: "/auth",
      Component: () => (
        <LivePayPalButtons clientId="client" currency="EUR" email="amara@example.com" code={null} />
      ),
    },
    { path: "/portal", Component: () => <h1>Dashboard</h1> },
  ]);
  render(<Stub initialEntries={["/auth"]} />);
}

describe("LivePayPalButtons", () => {
  it("has the server create and capture the order, then welcomes the member", async () => {
    answers["/api/capture-paypal-order"] = { status: 200, body: { status: "COMPLETED" } };
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole("button", { name: "PayPal" }));
    expect(await screen.findByText("Payment successful!")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/create-paypal-order",
      expect.objectContaining({ body: JSON.stringify({ email: "amara@example.com" }) }),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/capture-paypal-order",
      expect.objectContaining({ body: JSON.stringify({ orderID: "ORDER-1" }) }),
    );
    expect(toast.success).toHaveBeenCalledWith("Welcome to Premium! Redirecting to your dashboard...");
  });

  it("says what happened when PayPal declines, and unlocks nothing", async () => {
    answers["/api/capture-paypal-order"] = {
      status: 402,
      body: {
        error:
          "PayPal payment failed: PayPal declined it. Nothing was charged; please try again, or pay by card.",
      },
    };
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole("button", { name: "PayPal" }));
    expect(await screen.findByText(/PayPal declined it/)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith("PayPal payment failed");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("tells the member a PENDING payment unlocks once PayPal confirms it", async () => {
    answers["/api/capture-paypal-order"] = {
      status: 200,
      body: { status: "PENDING", message: "PayPal is still processing your payment." },
    };
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole("button", { name: "PayPal" }));
    expect(await screen.findByText("PayPal is still processing your payment.")).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("keeps the server's words when it refuses to create the order", async () => {
    answers["/api/create-paypal-order"] = {
      status: 409,
      body: { error: "You already own the Complete Course." },
    };
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole("button", { name: "PayPal" }));
    expect(await screen.findByText("You already own the Complete Course.")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Failed to initialize payment");
  });

  it("says nothing was charged when the buyer closes PayPal", async () => {
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole("button", { name: "Close PayPal" }));
    expect(screen.getByText("You closed PayPal before paying. Nothing was charged.")).toBeInTheDocument();
  });
});
