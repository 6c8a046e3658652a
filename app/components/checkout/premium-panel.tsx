import { ArrowLeft, CreditCard, LockKeyhole, ShieldCheck } from "#app/components/ui/icons.tsx";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { paymentMessages as m, paymentsUnlocked } from "#app/modules/payments/messages.ts";
import type { CheckoutConfig } from "#app/modules/payments/checkout-config.ts";
import { startCardPayment } from "./api.ts";
import { DemoCardForm, DemoNotice, DemoPayPalButton } from "./demo-checkout.tsx";
import { OfferCode, type AppliedCode } from "./offer-code.tsx";
import { GiftPurpose, useGiftPurpose } from "./gift-purpose.ts";
import type { GiftDetails } from "#app/modules/payments/gifts.ts";

// The providers' own code is fetched only when a member chooses them.
const LiveCardForm = lazy(() => import("./live-card.tsx"));
const LivePayPalButtons = lazy(() => import("./live-paypal.tsx"));

type Method = "none" | "card" | "paypal";

export interface PremiumPanelProps {
  member: { email: string; hasPremium: boolean };
  price: string;
  fromSocial: boolean;
  checkout: CheckoutConfig;
  /** Paying for the course as a gift, with what the giver chose (the gift page's own checkout). */
  gift?: GiftDetails | null;
}

/** The checkout, for her own course or, given `gift`, as a gift. */
export function PremiumPanel(props: PremiumPanelProps) {
  return (
    <GiftPurpose value={props.gift ?? null}>
      <Checkout {...props} />
    </GiftPurpose>
  );
}

/** The Complete Course tab for a signed-in member: where the receipt goes, then card or PayPal. */
function Checkout({ member, price: fullPrice, fromSocial, checkout, gift = null }: PremiumPanelProps) {
  const [email, setEmail] = useState(member.email);
  const [offer, setOffer] = useState<AppliedCode | null>(null);
  // What she pays: the course's price, or a code's as the server priced it (the server prices it again).
  const price = offer?.price ?? fullPrice;
  const code = offer?.code ?? null;
  const [method, setMethod] = useState<Method>("none");
  const chosenHeading = useRef<HTMLHeadingElement>(null);
  const firstMethod = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const hintId = useId();

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    // Keyboard and screen-reader users land where the page changed.
    (method === "none" ? firstMethod.current : chosenHeading.current)?.focus();
  }, [method]);

  const choose = (next: Method) => {
    moveFocus.current = true;
    setMethod(next);
  };

  if (member.hasPremium && !gift) {
    return (
      <div className="grid gap-4">
        <Alert tone="success">{m.alreadyOwned} Everything is unlocked for you.</Alert>
        <Button asChild size="lg">
          <Link to="/portal">Go to your dashboard</Link>
        </Button>
      </div>
    );
  }

  if (checkout.mode === "unavailable" || (!checkout.card && !checkout.paypal)) {
    return (
      <div className="grid gap-4">
        <Alert tone="info">{m.unavailable}</Alert>
        <p className="text-ink-soft">
          Your free Foundation Course is ready in your dashboard in the meantime.
        </p>
        <Button asChild variant="outline">
          <Link to="/portal">Go to your dashboard</Link>
        </Button>
      </div>
    );
  }

  const unlocked = paymentsUnlocked(email);

  return (
    <div className="grid gap-6">
      {fromSocial ? <Alert tone="info">{m.completeAfterSocial}</Alert> : null}
      {checkout.mode === "demo" ? <DemoNotice /> : null}

      <div className="flex items-baseline justify-between gap-4 rounded-2xl bg-sand px-5 py-4">
        <div>
          <p className="font-semibold">{gift ? "The Complete Course, as a gift" : "The Complete Course"}</p>
          <p className="text-sm text-ink-soft">
            {gift
              ? "One payment: the course is hers, for good, once she redeems it"
              : "One payment, lifetime access, for every pregnancy"}
          </p>
        </div>
        <p className="font-serif text-2xl font-semibold">
          {offer ? (
            <>
              <s className="mr-2 text-base font-normal text-ink-soft">
                <span className="sr-only">Was </span>
                {fullPrice}
              </s>
              <span className="sr-only">now </span>
            </>
          ) : null}
          {price}
        </p>
      </div>

      <OfferCode applied={offer} onChange={setOffer} disabled={method !== "none"} />

      <Field
        id="receipt-email"
        label="Email for your receipt"
        hint={
          gift ? (
            <>
              Your invoice and your gifts page live on your account,{" "}
              <strong className="[overflow-wrap:anywhere] text-ink">{member.email}</strong>.
            </>
          ) : (
            <>
              Your course lives on your account,{" "}
              <strong className="[overflow-wrap:anywhere] text-ink">{member.email}</strong>.
            </>
          )
        }
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            readOnly={method !== "none"}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        )}
      </Field>

      {method === "none" ? (
        <fieldset className="grid gap-3" aria-describedby={unlocked ? undefined : hintId}>
          <legend className="mb-3 text-[0.95rem] font-medium">How would you like to pay?</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {checkout.card ? (
              <MethodButton
                ref={firstMethod}
                disabled={!unlocked}
                onClick={() => choose("card")}
                icon={<CreditCard aria-hidden="true" className="size-5" />}
                label="Card"
                detail="Debit or credit card"
              />
            ) : null}
            {checkout.paypal ? (
              <MethodButton
                ref={checkout.card ? undefined : firstMethod}
                disabled={!unlocked}
                onClick={() => choose("paypal")}
                icon={<PayPalMark />}
                label="PayPal"
                detail="Pay with your PayPal account"
              />
            ) : null}
          </div>
          {unlocked ? null : (
            <p id={hintId} className="text-sm text-ink-soft">
              {m.unlockHint}
            </p>
          )}
        </fieldset>
      ) : (
        <section aria-labelledby="chosen-method" className="grid gap-4">
          <div className="grid justify-items-start">
            <Button
              type="button"
              variant="link"
              size="sm"
              align="start"
              className="min-h-11"
              onClick={() => choose("none")}
            >
              <ArrowLeft aria-hidden="true" /> Choose different payment method
            </Button>
            <h2
              id="chosen-method"
              ref={chosenHeading}
              tabIndex={-1}
              className="font-sans text-lg font-semibold outline-none"
            >
              {method === "card" ? "Pay by card" : "Pay with PayPal"}
            </h2>
          </div>
          <Suspense fallback={<Preparing />}>
            {method === "card" ? (
              <CardCheckout email={email} code={code} price={price} checkout={checkout} />
            ) : checkout.mode === "demo" ? (
              <DemoPayPalButton price={price} email={email} code={code} />
            ) : (
              <LivePayPalButtons
                clientId={checkout.paypalClientId!}
                currency={checkout.currency}
                email={email}
                code={code}
              />
            )}
          </Suspense>
        </section>
      )}

      <ul className="grid gap-2 text-sm text-ink-soft">
        <li className="flex items-start gap-2">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sage-deep" />
          Paid securely through Stripe or PayPal: your card details never reach us.
        </li>
        <li className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sage-deep" />
          {gift
            ? "Not redeemed? Within 30 days you can have it refunded in full, from your gifts page."
            : "30-day money-back guarantee: write to us and we refund you in full."}
        </li>
      </ul>
    </div>
  );
}

/** Card: the intent is made when card is chosen, as Stripe's form needs its client secret. */
function CardCheckout({
  email,
  code,
  price,
  checkout,
}: {
  email: string;
  code: string | null;
  price: string;
  checkout: CheckoutConfig;
}) {
  const [intent, setIntent] = useState<{ clientSecret: string; paymentIntentId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const gift = useGiftPurpose();

  useEffect(() => {
    let current = true;
    startCardPayment(email, code, gift).then(
      (started) => current && setIntent(started),
      (failure: Error) => {
        if (!current) return;
        setError(failure.message);
        toast.error(m.initFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [email, code, gift, attempt]);

  if (error) {
    return (
      <div className="grid gap-3">
        <Alert tone="error">{error}</Alert>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!intent) return <Preparing />;
  return checkout.mode === "demo" ? (
    <DemoCardForm price={price} paymentIntentId={intent.paymentIntentId} />
  ) : (
    <LiveCardForm
      publishableKey={checkout.stripePublishableKey!}
      clientSecret={intent.clientSecret}
      paymentIntentId={intent.paymentIntentId}
      price={price}
    />
  );
}

function Preparing() {
  return (
    <p role="status" className="rounded-2xl border border-line px-4 py-6 text-center text-ink-soft">
      Preparing a secure payment…
    </p>
  );
}

function MethodButton({
  ref,
  icon,
  label,
  detail,
  disabled,
  onClick,
}: {
  ref?: React.Ref<HTMLButtonElement>;
  icon: React.ReactNode;
  label: string;
  detail: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "flex min-h-16 items-center gap-3 rounded-2xl border border-ink/20 bg-white px-4 py-3 text-left transition-colors duration-200 hover:border-plum hover:bg-lavender-soft",
        "disabled:cursor-not-allowed disabled:bg-sand/60 disabled:hover:border-ink/20",
      )}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-sand text-plum">{icon}</span>
      <span className="grid">
        <span className="font-semibold">{label}</span>
        <span className="text-sm text-ink-soft">{detail}</span>
      </span>
    </button>
  );
}

function PayPalMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#253b80"
        d="M7.3 21.2l.4-2.3-.8-.1H3.1L5.8 2.1c0-.1.1-.1.1-.2h6.6c2.2 0 3.7.5 4.5 1.4.4.4.6.9.7 1.4.1.5.1 1.1 0 1.9v.5l.4.2c.3.2.6.4.8.6.3.4.5.9.6 1.4.1.6.1 1.3-.1 2-.2.9-.5 1.6-.9 2.2-.3.5-.8.9-1.2 1.3-.5.3-1 .6-1.7.7-.6.2-1.3.2-2 .2h-.5c-.3 0-.7.1-1 .3-.3.2-.5.6-.5.9v.2l-.6 4v.2h-3.5z"
      />
    </svg>
  );
}
