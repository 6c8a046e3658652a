import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { CardPaymentForm } from "./card-form.tsx";

/**
 * The live card form: Stripe's Payment Element, in Stripe's own frames, so
 * card details never touch this site. Loaded only when a member picks card.
 */
let stripeLoading: { key: string; stripe: Promise<Stripe | null> } | null = null;
function stripeFor(publishableKey: string) {
  if (stripeLoading?.key !== publishableKey) {
    stripeLoading = { key: publishableKey, stripe: loadStripe(publishableKey) };
  }
  return stripeLoading.stripe;
}

// Stripe's form in the site's colours and type.
const appearance = {
  theme: "stripe" as const,
  variables: {
    colorPrimary: "#5b3f6e",
    colorText: "#2b2238",
    colorTextSecondary: "#5a4f66",
    colorDanger: "#9b2c2c",
    colorBackground: "#ffffff",
    borderRadius: "12px",
    fontFamily: '"Inter Variable", ui-sans-serif, system-ui, sans-serif',
    fontSizeBase: "16px",
  },
};

export default function LiveCardForm(props: {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  price: string;
}) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance }}
    >
      <CardForm paymentIntentId={props.paymentIntentId} price={props.price} />
    </Elements>
  );
}

function CardForm({ paymentIntentId, price }: { paymentIntentId: string; price: string }) {
  const stripe = useStripe();
  const elements = useElements();

  const confirm = async () => {
    if (!stripe || !elements) return "";
    // Cards pay in place; a method that needs the bank's own page comes back to /portal, which checks it.
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/portal` },
      redirect: "if_required",
    });
    return error ? (error.message ?? "") : undefined;
  };

  return (
    <CardPaymentForm
      paymentIntentId={paymentIntentId}
      price={price}
      confirm={confirm}
      ready={Boolean(stripe && elements)}
    >
      <PaymentElement options={{ layout: "tabs" }} />
    </CardPaymentForm>
  );
}
