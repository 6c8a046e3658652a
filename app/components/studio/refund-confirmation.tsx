import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Textarea } from "#app/components/ui/input.tsx";
import { countOf } from "#app/modules/words/plural.ts";
import { REASON_MAX } from "#app/modules/studio/member-actions.ts";
import type { RefundConfirmation } from "#app/modules/studio/refunds.server.ts";
import { REFUND_REASON_CHOICES, refundedText, refundQuestion } from "#app/modules/studio/refunds.ts";
import { useStudioTime } from "./studio-clock.tsx";
import { STUDIO_LINK } from "./studio-table.tsx";

/**
 * A refund's one confirmation, wherever it was asked for (the purchases, her page, a conversation):
 * whom and how much, why, then the button that says what it does, or Cancel, back to where she was.
 * A purchase with nothing to refund says why instead, and offers only the way back.
 */
export function RefundConfirmationPage({
  purchase,
  back,
  error,
  typed,
  busy,
}: {
  purchase: RefundConfirmation;
  back: string;
  /** What the last post was refused with, if it was. */
  error: string | null;
  /** What the last post chose and wrote, to show again with its error. */
  typed: { reason: string; note: string };
  busy: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const when = useStudioTime();
  // A new page starts at its question, so the keyboard and a screen reader start there too.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const { state } = purchase;
  const title =
    state.kind === "refundable"
      ? refundQuestion(purchase.amount, purchase.who)
      : state.kind === "refunded"
        ? `${purchase.amount} to ${purchase.who} is refunded`
        : state.kind === "under-way"
          ? `A refund of ${purchase.amount} to ${purchase.who} is under way`
          : `Nothing to refund to ${purchase.who}`;
  return (
    <section aria-labelledby="refund-heading" className="max-w-2xl">
      <h1 id="refund-heading" ref={heading} tabIndex={-1} className="text-3xl font-semibold outline-none">
        {title}
      </h1>
      <PaymentFacts purchase={purchase} />
      {state.kind === "refundable" ? (
        <RefundForm purchase={purchase} back={back} error={error} typed={typed} busy={busy} />
      ) : (
        <>
          <p className="mt-4 text-ink-soft">
            {state.kind === "refunded"
              ? `${refundedText(state, (at) => when(at, { dayOnly: true }))}. There is nothing more to refund.`
              : state.kind === "under-way"
                ? "The payment provider is making it now. Look again in a minute or two."
                : "This payment was not taken, or was refunded on its own."}
          </p>
          <p className="mt-4">
            <Link to={back} className={STUDIO_LINK}>
              Go back
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

/** When and how she paid, its reference, and the guarantee's days. */
function PaymentFacts({ purchase }: { purchase: RefundConfirmation }) {
  const when = useStudioTime();
  const facts = [
    ["Paid", `${when(purchase.paidAt, { dayOnly: true })}, by ${purchase.method}`],
    ["Payment reference", purchase.reference],
    [
      "30-day guarantee",
      purchase.guaranteeDaysLeft === null
        ? "—"
        : purchase.guaranteeDaysLeft > 0
          ? `${countOf(purchase.guaranteeDaysLeft, "day")} left`
          : "Ended",
    ],
  ];
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-ink/10 bg-white px-4 py-3">
          <dt className="text-sm text-ink-soft">{label}</dt>
          <dd className="mt-1 font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RefundForm({
  purchase,
  back,
  error,
  typed,
  busy,
}: {
  purchase: RefundConfirmation;
  back: string;
  error: string | null;
  typed: { reason: string; note: string };
  busy: boolean;
}) {
  const member = purchase.memberId !== null;
  return (
    <>
      <p className="mt-5">
        {purchase.gift
          ? `The whole ${purchase.amount} goes back to her ${purchase.method === "PayPal" ? "PayPal account" : "card"}. This was a gift: her own account stays as it is, the gift's link stops working, and if it was redeemed the Complete Course leaves the account that redeemed it. `
          : `The whole ${purchase.amount} goes back to her ${purchase.method === "PayPal" ? "PayPal account" : "card"}, and her premium ends: the Complete Course leaves her account. `}
        {member ? "She gets an email to say so." : "Her account is deleted, so no one is emailed."} A refund
        can't be undone.
      </p>
      {error ? (
        <Alert tone="error" className="mt-5">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-6 grid gap-6">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="back" value={back} />
        <fieldset className="grid gap-1">
          <legend className="mb-2 font-medium text-ink">Why are you refunding it?</legend>
          {REFUND_REASON_CHOICES.map((choice) => (
            <label key={choice.value} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="reason"
                value={choice.value}
                required
                defaultChecked={typed.reason === choice.value}
                className="size-5 accent-plum"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        {member ? (
          <Field
            id="refund-note"
            label="A note (optional; needed for another reason)"
            hint="Kept with the audit log's entry, for you and anyone who helps you later; not sent to her, and deleted with her account."
          >
            {(a11y) => (
              <Textarea name="note" rows={2} maxLength={REASON_MAX} defaultValue={typed.note} {...a11y} />
            )}
          </Field>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Refunding…" : `Refund ${purchase.amount}`}
          </Button>
          <Button asChild variant="outline">
            <Link to={back}>Cancel</Link>
          </Button>
        </div>
      </Form>
    </>
  );
}
