import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PremiumPanel } from "#app/components/checkout/premium-panel.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Textarea } from "#app/components/ui/input.tsx";
import { addDays, formatLongDate } from "#app/modules/calendar/dates.ts";
import type { CheckoutConfig } from "#app/modules/payments/checkout-config.ts";
import {
  checkGift,
  DELIVERY_TIME,
  LATEST_DELIVERY_DAYS,
  MESSAGE_MAX,
  type GiftDetails,
  type GiftErrors,
  type GiftField,
} from "#app/modules/payments/gifts.ts";

const FIELDS: GiftField[] = ["recipientEmail", "message", "deliverOn"];

/**
 * The course as a gift: whom it is for, her message and the day it arrives,
 * checked here as the server checks them again; then the same checkout as her
 * own course, by card or PayPal, with the server's price.
 */
export function GiftCheckout({
  member,
  price,
  checkout,
  today,
}: {
  member: { email: string; hasPremium: boolean };
  price: string;
  checkout: CheckoutConfig;
  today: string;
}) {
  const [typed, setTyped] = useState<GiftDetails>({ recipientEmail: "", message: "", deliverOn: today });
  const [errors, setErrors] = useState<GiftErrors>({});
  const [gift, setGift] = useState<GiftDetails | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (gift) summary.current?.focus();
  }, [gift]);

  const set = (field: GiftField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setTyped((before) => ({ ...before, [field]: value }));
  };

  const next = () => {
    const checked = checkGift(typed, today, member.email);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Keyboard and screen-reader users land on the first field to put right.
      const first = FIELDS.find((field) => checked.errors[field]);
      form.current?.querySelector<HTMLElement>(`#gift-${first}`)?.focus();
      return;
    }
    setErrors({});
    setGift(checked.gift);
  };

  return (
    <div className="container-page grid max-w-2xl gap-6 py-8 md:py-12">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold md:text-4xl">Give the course as a gift</h1>
        <p className="measure text-lg text-ink-soft">
          The Complete Course for someone you care about: you pay once, write her a few words, and choose the
          day it arrives. She redeems it with her own account, and it's hers for good.
        </p>
      </div>

      {gift ? (
        <section
          aria-labelledby="gift-summary"
          className="grid gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5"
        >
          <h2 id="gift-summary" ref={summary} tabIndex={-1} className="text-xl font-semibold outline-none">
            Your gift
          </h2>
          <dl className="grid gap-2 sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium">For</dt>
            <dd className="[overflow-wrap:anywhere]">{gift.recipientEmail}</dd>
            <dt className="font-medium">Arrives</dt>
            <dd>
              {gift.deliverOn === today ? "Today, within a few minutes" : formatLongDate(gift.deliverOn)}
            </dd>
            <dt className="font-medium">Your message</dt>
            <dd className="[overflow-wrap:anywhere] whitespace-pre-line">{gift.message}</dd>
          </dl>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setGift(null)}>
              Change these
            </Button>
          </div>
        </section>
      ) : (
        <form
          ref={form}
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <Field
            id="gift-recipientEmail"
            label="Her email address"
            hint="We send the gift here on the day you choose. You can change it until then."
            errors={errors.recipientEmail ? [errors.recipientEmail] : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                name="recipientEmail"
                autoComplete="off"
                value={typed.recipientEmail}
                onChange={set("recipientEmail")}
              />
            )}
          </Field>
          <Field
            id="gift-message"
            label="Your message"
            hint={`A few words for her, up to ${MESSAGE_MAX} characters. It goes in the email as you write it.`}
            errors={errors.message ? [errors.message] : undefined}
          >
            {(control) => (
              <Textarea
                {...control}
                name="message"
                rows={4}
                maxLength={MESSAGE_MAX}
                value={typed.message}
                onChange={set("message")}
              />
            )}
          </Field>
          <Field
            id="gift-deliverOn"
            label="The day it arrives"
            hint={`Today's gift arrives within a few minutes; a later day's at ${DELIVERY_TIME} in the morning, your time.`}
            errors={errors.deliverOn ? [errors.deliverOn] : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                name="deliverOn"
                min={today}
                max={addDays(today, LATEST_DELIVERY_DAYS)}
                value={typed.deliverOn}
                onChange={set("deliverOn")}
              />
            )}
          </Field>
          <div>
            <Button type="submit" size="lg">
              Continue to payment
            </Button>
          </div>
        </form>
      )}

      {gift ? (
        <PremiumPanel member={member} price={price} fromSocial={false} checkout={checkout} gift={gift} />
      ) : null}

      <p className="text-sm text-ink-soft">
        Already given one?{" "}
        <Link
          to="/portal/gifts"
          className="font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
        >
          See your gifts
        </Link>
        .
      </p>
    </div>
  );
}
