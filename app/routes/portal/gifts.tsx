import { useEffect } from "react";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/gifts";
import { GivenGiftCard, type GiftAnswer } from "#app/components/gifts/given-gift.tsx";
import { formatLongDate, todayIn } from "#app/modules/calendar/dates.ts";
import { refundGiftByGiver } from "#app/modules/payments/gift-refunds.server.ts";
import { changeDelivery, givenGiftsView, giverForm } from "#app/modules/payments/gifts.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { checkoutDeps, db, memberToday, now, services, signedInMember } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Your gifts · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The gifts she has given, hers only: where each is, and what she may still do about it. */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  return { today: memberToday(args), gifts: await givenGiftsView(db(args), member.id, now(args)) };
}

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const parsed = giverForm.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) {
    return data<GiftAnswer>(
      { giftId: "", message: "Something was missing. Please try again." },
      { status: 400 },
    );
  }
  const form = parsed.data;
  const at = now(args);
  const flash = services(args).flash;
  if (form.intent === "refund") {
    // A refund can't be undone: the first press asks, the second makes it.
    if (form.confirm !== "yes") return data<GiftAnswer>({ giftId: form.giftId, confirming: true });
    const refund = await refundGiftByGiver(checkoutDeps(args), member.id, form.giftId, at);
    if (!refund.ok)
      return data<GiftAnswer>({ giftId: form.giftId, message: refund.message }, { status: refund.status });
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
      return data<GiftAnswer>({ giftId: form.giftId, errors: changed.errors }, { status: 400 });
    const message =
      changed.reason === "delivered"
        ? "This gift has been delivered already, so it can't be changed."
        : "We can't find that gift.";
    return data<GiftAnswer>(
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
                <GivenGiftCard gift={gift} answer={answer} today={today} busy={busy} />
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link
          to="/portal/gifts/new"
          className="font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
        >
          Give the course as a gift
        </Link>
      </p>
    </div>
  );
}
