import { PayPalButtons, PayPalScriptProvider } from "@paypal/react-paypal-js";
import { PaymentNotice } from "./notice.tsx";
import { usePayPalPayment } from "./use-payment.ts";

/**
 * PayPal's own buttons, loaded only when a member picks PayPal. Our server
 * creates the order with its price and captures it after the buyer approves.
 */
export default function LivePayPalButtons(props: {
  clientId: string;
  currency: string;
  email: string;
  code: string | null;
}) {
  const { processing, notice, createOrder, capture, failed, cancelled } = usePayPalPayment(
    props.email,
    props.code,
  );
  return (
    <div className="grid gap-3" aria-busy={processing}>
      <PaymentNotice notice={notice} />
      <PayPalScriptProvider
        options={{
          clientId: props.clientId,
          currency: props.currency,
          intent: "capture",
          components: "buttons",
        }}
      >
        <PayPalButtons
          style={{ layout: "vertical", shape: "pill", label: "pay" }}
          disabled={processing}
          createOrder={createOrder}
          onApprove={(data) => capture(data.orderID)}
          onCancel={cancelled}
          onError={failed}
        />
      </PayPalScriptProvider>
    </div>
  );
}
