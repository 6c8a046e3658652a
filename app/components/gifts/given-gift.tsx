import { Form, Link } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { addDays } from "#app/modules/calendar/dates.ts";
import {
  GIFT_REFUND_DAYS,
  LATEST_DELIVERY_DAYS,
  type GiftErrors,
  type GivenGiftView,
} from "#app/modules/payments/gifts.ts";

/** What the page's action answered about this gift: a field to put right, a refusal, or the refund's question. */
export interface GiftAnswer {
  giftId: string;
  errors?: GiftErrors;
  message?: string;
  confirming?: boolean;
}

/**
 * One gift she gave: whom it is for, where it is, her message, and what she may still do about it (change
 * its day or address until it is delivered; refund it, asked first, while it is never redeemed).
 */
export function GivenGiftCard({
  gift,
  answer,
  today,
  busy,
}: {
  gift: GivenGiftView;
  answer: GiftAnswer | null;
  today: string;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby={`gift-${gift.id}`}
      className="grid gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5"
    >
      <div className="grid gap-1">
        <h2 id={`gift-${gift.id}`} className="text-xl font-semibold [overflow-wrap:anywhere]">
          For {gift.recipientEmail}
        </h2>
        <p className="font-medium text-sage-deep">{gift.stateText}</p>
        {gift.state === "already-had" ? (
          <p className="text-ink-soft">
            She opened your gift and already has the course, so it hasn't been used. You can have it refunded
            below.
          </p>
        ) : null}
        <p className="text-sm text-ink-soft">
          {gift.amount}
          {gift.invoiceUrl ? (
            <>
              {" · "}
              <a
                href={gift.invoiceUrl}
                className="font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
              >
                Your invoice (PDF)
              </a>
            </>
          ) : null}
        </p>
      </div>
      <blockquote className="border-l-2 border-line pl-4 [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
        {gift.message}
      </blockquote>
      {answer?.message ? <Alert tone="error">{answer.message}</Alert> : null}
      {gift.mayChange ? (
        <Form method="post" className="grid gap-4" aria-label={`Change the gift for ${gift.recipientEmail}`}>
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="giftId" value={gift.id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`email-${gift.id}`}
              label="Her email address"
              errors={answer?.errors?.recipientEmail ? [answer.errors.recipientEmail] : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  name="recipientEmail"
                  autoComplete="off"
                  defaultValue={gift.recipientEmail}
                  required
                />
              )}
            </Field>
            <Field
              id={`day-${gift.id}`}
              label="The day it arrives"
              errors={answer?.errors?.deliverOn ? [answer.errors.deliverOn] : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  name="deliverOn"
                  min={today}
                  max={addDays(today, LATEST_DELIVERY_DAYS)}
                  defaultValue={gift.deliverOn}
                  required
                />
              )}
            </Field>
          </div>
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              Save changes
            </Button>
          </div>
        </Form>
      ) : null}
      {gift.mayRefund && answer?.confirming ? (
        <Form method="post" className="grid gap-3" aria-labelledby={`refund-${gift.id}`}>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="giftId" value={gift.id} />
          <input type="hidden" name="confirm" value="yes" />
          <p id={`refund-${gift.id}`} tabIndex={-1} className="font-medium outline-none">
            Refund {gift.amount} to you? The gift&apos;s link stops working, and this can&apos;t be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              Yes, refund it
            </Button>
            <Button asChild variant="outline">
              <Link to="/portal/gifts">Keep the gift</Link>
            </Button>
          </div>
        </Form>
      ) : gift.mayRefund ? (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="giftId" value={gift.id} />
          <p className="text-sm text-ink-soft">
            Changed your mind? Until it&apos;s redeemed, within {GIFT_REFUND_DAYS} days of paying, you can
            have it refunded in full. Its link then stops working.
          </p>
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              Refund this gift
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
