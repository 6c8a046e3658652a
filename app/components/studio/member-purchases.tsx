import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { formatPrice } from "#app/modules/payments/price.ts";
import type { MemberDetail } from "#app/modules/studio/members.server.ts";
import { refundedText, refundPath } from "#app/modules/studio/refunds.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";

const STATUS = {
  pending: "Not paid yet",
  failed: "Failed",
  duplicate: "Second payment (refunded on its own)",
} as const;

type Purchase = MemberDetail["purchases"][number];

/** Where a purchase stands, in a line: paid and the guarantee's days, refunded (when and why), or its status. */
function standing(purchase: Purchase, day: (at: string) => string): string {
  const { refund } = purchase;
  if (refund.kind === "refunded") return refundedText(refund, day);
  if (purchase.status === "succeeded") {
    const paid = purchase.paidAt ? `Paid ${day(purchase.paidAt)}` : "Paid";
    const days = purchase.guaranteeDaysLeft;
    if (days === null) return paid;
    return `${paid} · ${days > 0 ? `${countOf(days, "day")} left of the 30-day guarantee` : "the 30-day guarantee has ended"}`;
  }
  return STATUS[purchase.status as keyof typeof STATUS] ?? purchase.status;
}

/**
 * Her payments, each with what can be done about it: a paid one offers its refund (through the one
 * confirmation, and back to her page), a refunded one says when and why, never a second refund.
 */
export function MemberPurchases({ member }: { member: MemberDetail }) {
  const when = useStudioTime();
  const day = (at: string) => when(at, { dayOnly: true });
  return (
    <section aria-labelledby="purchases-heading" className="mt-10 max-w-3xl">
      <h2 id="purchases-heading" className="text-xl font-semibold">
        Purchases
      </h2>
      {member.purchases.length === 0 ? (
        <p className="mt-2 text-ink-soft">None.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {member.purchases.map((purchase) => {
            const amount = formatPrice({ amountMinor: purchase.amount, currency: purchase.currency });
            return (
              <li
                key={purchase.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink/10 bg-white px-4 py-3"
              >
                <div>
                  <p>
                    {amount} by {purchase.provider === "paypal" ? "PayPal" : "card"} ·{" "}
                    {standing(purchase, day)}
                  </p>
                  <p className="font-mono text-sm text-ink-soft">{purchase.providerId}</p>
                </div>
                {purchase.refund.kind === "refundable" ? (
                  <Button asChild size="sm" variant="outline">
                    <Link to={refundPath(purchase.id, `/studio/members/${member.id}`)}>Refund {amount}…</Link>
                  </Button>
                ) : purchase.refund.kind === "under-way" ? (
                  <p className="text-ink-soft">Refund under way</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A conversation with a member who has a payment to refund: the refund, a step from her message. */
export function ConversationRefunds({
  threadId,
  refunds,
}: {
  threadId: string;
  refunds: { id: string; amount: string; method: string }[];
}) {
  if (refunds.length === 0) return null;
  return (
    <section aria-label="Her payment" className="mt-4 grid max-w-3xl gap-2">
      {refunds.map((refund) => (
        <div
          key={refund.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-ink/10 bg-white px-4 py-3"
        >
          <p>
            She paid {refund.amount} by {refund.method}; it can be refunded in full.
          </p>
          <Button asChild size="sm" variant="outline">
            <Link to={refundPath(refund.id, `/studio/inbox/${threadId}`)}>Refund {refund.amount}…</Link>
          </Button>
        </div>
      ))}
    </section>
  );
}
