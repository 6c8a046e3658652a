import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/gifts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { addDays, formatLongDate, todayIn } from "#app/modules/calendar/dates.ts";
import { refundGiftByGiver } from "#app/modules/payments/gift-refunds.server.ts";
import {
  GIFT_REFUND_DAYS,
  giftStateText,
  LATEST_DELIVERY_DAYS,
  type GiftErrors,
} from "#app/modules/payments/gifts.ts";
import { changeDelivery, giftsOf, giverForm } from "#app/modules/payments/gifts.server.ts";
import { formatPrice } from "#app/modules/payments/price.ts";
import { invoicePath } from "#app/modules/payments/receipt.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { checkoutDeps, db, memberToday, now, services, signedInMember } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Your gifts · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The gifts she has given, hers only: where each is, and what she may still do about it. */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const gifts = await giftsOf(db(args), member.id, now(args));
  return {
    today: memberToday(args),
    gifts: gifts.map((gift) => ({
      id: gift.id,
      recipientEmail: gift.recipientEmail,
      message: gift.message,
      deliverOn: gift.deliverOn,
      state: gift.state,
      stateText: giftStateText(gift.state, gift.deliverOn),
      mayChange: gift.mayChange,
      mayRefund: gift.mayRefund,
      amount: formatPrice({ amountMinor: gift.amountMinor, currency: gift.currency }),
      invoiceUrl: gift.invoiceNumber ? invoicePath(gift.invoiceNumber) : null,
    })),
  };
}

type ActionAnswer = { giftId: string; errors?: GiftErrors; message?: string; confirming?: boolean };

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const parsed = giverForm.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) {
    return data<ActionAnswer>(
      { giftId: "", message: "Something was missing. Please try again." },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const at = now(args);
  const flash = services(args).flash;
  if (form.intent === "refund") {
    // A refund can't be undone: the first press asks, the second makes it.
    if (form.confirm !== "yes") return data<ActionAnswer>({ giftId: form.giftId, confirming: true });
    const refund = await refundGiftByGiver(checkoutDeps(args), member.id, form.giftId, at);
    if (!refund.ok)
      return data<ActionAnswer>({ giftId: form.giftId, message: refund.message }, { status: refund.status });
    return redirectWithFlash(flash, "/portal/gifts", {
      type: "success",
      message:
        "Your gift is refunded. The money goes back the way it came, usually within 5 to 10 working days.",
    });
  }
  const changed = await changeDelivery(
    db(args),
    { id: member.id, email: member.email, timeZone: member.timeZone },
    form.giftId,
    { recipientEmail: form.recipientEmail, deliverOn: form.deliverOn },
    at,
  );
  if (!changed.ok) {
    if ("errors" in changed)
      return data<ActionAnswer>({ giftId: form.giftId, errors: changed.errors }, { status: 400 });
    const message =
      changed.reason === "delivered"
        ? "This gift has been delivered already, so it can't be changed."
        : "We can't find that gift.";
    return data<ActionAnswer>(
      { giftId: form.giftId, message },
      { status: changed.reason === "delivered" ? 409 : 404 },
    );
  }
  const when =
    changed.gift.deliverOn === todayIn(member.timeZone, at)
      ? "today"
      : `on ${formatLongDate(changed.gift.deliverOn)}`;
  return redirectWithFlash(flash, "/portal/gifts", {
    type: "success",
    message: `Saved: your gift goes to ${changed.gift.recipientEmail} ${when}.`,
  });
}

export default function Gifts({ loaderData, actionData }: Route.ComponentProps) {
  const { gifts, today } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Keyboard and screen-reader users land on the question the refund asks.
  useEffect(() => {
    if (actionData?.confirming) document.getElementById(`refund-${actionData.giftId}`)?.focus();
  }, [actionData]);
  return (
    <div className="container-page grid max-w-3xl gap-6 py-8 md:py-12">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold md:text-4xl">Your gifts</h1>
        <p className="measure text-ink-soft">
          Each course you've given: when it arrives, and whether it has been redeemed. Until it arrives you
          can change the day or the address.
        </p>
      </div>
      {gifts.length === 0 ? (
        <p>You haven't given the course to anyone yet.</p>
      ) : (
        <ul className="grid gap-5">
          {gifts.map((gift) => {
            const answer = actionData?.giftId === gift.id ? actionData : null;
            return (
              <li key={gift.id}>
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
                        She opened your gift and already has the course, so it hasn't been used. You can have
                        it refunded below.
                      </p>
                    ) : null}
                    <p className="text-sm text-ink-soft">
                      {gift.amount}
                      {gift.invoiceUrl ? (
                        <>
                          {" · "}
                          <a href={gift.invoiceUrl}>Your invoice (PDF)</a>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <blockquote className="border-l-2 border-line pl-4 [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
                    {gift.message}
                  </blockquote>
                  {answer?.message ? <Alert tone="error">{answer.message}</Alert> : null}
                  {gift.mayChange ? (
                    <Form
                      method="post"
                      className="grid gap-4"
                      aria-label={`Change the gift for ${gift.recipientEmail}`}
                    >
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
                        Refund {gift.amount} to you? The gift&apos;s link stops working, and this can&apos;t
                        be undone.
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
                        Changed your mind? Until it&apos;s redeemed, within {GIFT_REFUND_DAYS} days of paying,
                        you can have it refunded in full. Its link then stops working.
                      </p>
                      <div>
                        <Button type="submit" variant="outline" disabled={busy}>
                          Refund this gift
                        </Button>
                      </div>
                    </Form>
                  ) : null}
                </section>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/portal/gifts/new">Give the course as a gift</Link>
      </p>
    </div>
  );
}
