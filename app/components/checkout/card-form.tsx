import { CreditCard } from "#app/components/ui/icons.tsx";
import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { PaymentNotice } from "./notice.tsx";
import { useCardPayment } from "./use-payment.ts";

/**
 * The card form around the card fields (Stripe's, or the demo's): Pay, then
 * 'Processing...', then what happened. `confirm` resolves to the provider's
 * refusal, if any.
 */
export function CardPaymentForm({
  paymentIntentId,
  price,
  confirm,
  ready = true,
  children,
}: {
  paymentIntentId: string;
  price: string;
  confirm: () => Promise<string | undefined>;
  ready?: boolean;
  children: ReactNode;
}) {
  const { processing, notice, pay } = useCardPayment(paymentIntentId);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void pay(confirm);
      }}
    >
      {children}
      <PaymentNotice notice={notice} />
      <Button type="submit" size="lg" disabled={processing || !ready}>
        <CreditCard aria-hidden="true" /> {processing ? "Processing..." : `Pay ${price}`}
      </Button>
    </form>
  );
}
