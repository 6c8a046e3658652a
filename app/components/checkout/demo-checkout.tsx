import { FlaskConical } from "#app/components/ui/icons.tsx";
import { useState } from "react";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { approveDemoOrder, confirmDemoCard } from "./api.ts";
import { CardPaymentForm } from "./card-form.tsx";
import { PaymentNotice } from "./notice.tsx";
import { usePayPalPayment } from "./use-payment.ts";

/** Says plainly that nothing real happens here. */
export function DemoNotice() {
  return (
    <Alert tone="info">
      <span className="inline-flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden="true" className="size-4" /> Demo checkout
      </span>
      <br />
      No payment keys are set up on this copy of the site, so the checkout talks to stand-ins for Stripe and
      PayPal running on this computer. Nothing is charged.
    </Alert>
  );
}

const DECLINED_CARD = "4000 0000 0000 0002";

/**
 * The demo card form: the same server path as a real card payment (the intent
 * already exists; it is confirmed, then the server checks it) against the
 * local Stripe stand-in.
 */
export function DemoCardForm({ price, paymentIntentId }: { price: string; paymentIntentId: string }) {
  const [number, setNumber] = useState("4242 4242 4242 4242");

  const confirm = async () => {
    try {
      await confirmDemoCard(paymentIntentId, number);
      return undefined;
    } catch (refusal) {
      return (refusal as Error).message;
    }
  };

  return (
    <CardPaymentForm paymentIntentId={paymentIntentId} price={price} confirm={confirm}>
      <Field
        id="demo-card"
        label="Card number (demo)"
        hint={<>4242 4242 4242 4242 pays; {DECLINED_CARD} is declined, as in Stripe&apos;s test mode.</>}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            className="tracking-wider"
          />
        )}
      </Field>
    </CardPaymentForm>
  );
}

/** The demo PayPal button: create the order, approve it as the buyer would in PayPal's window, capture it. */
export function DemoPayPalButton({
  price,
  email,
  code,
}: {
  price: string;
  email: string;
  code: string | null;
}) {
  const { processing, setProcessing, notice, createOrder, capture, failed } = usePayPalPayment(email, code);

  const pay = async () => {
    setProcessing(true);
    let orderID: string;
    try {
      orderID = await createOrder();
    } catch {
      return setProcessing(false);
    }
    try {
      await approveDemoOrder(orderID);
    } catch {
      return failed();
    }
    await capture(orderID);
  };

  return (
    <div className="grid gap-3">
      <PaymentNotice notice={notice} />
      <Button
        type="button"
        size="lg"
        onClick={() => void pay()}
        disabled={processing}
        className="bg-[#ffc439] text-ink hover:bg-[#f2b52e]"
      >
        {processing ? "Processing..." : `Pay ${price} with PayPal (demo)`}
      </Button>
    </div>
  );
}
