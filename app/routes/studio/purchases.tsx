import { Link } from "react-router";
import type { Route } from "./+types/purchases";
import { Button } from "#app/components/ui/button.tsx";
import { formatPrice } from "#app/modules/payments/price.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { guaranteeDaysLeft } from "#app/modules/studio/guarantee.ts";
import { studioPurchases } from "#app/modules/studio/purchases.server.ts";
import { refundedText, refundPath, refundRecipient, refundStateOf } from "#app/modules/studio/refunds.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import { db, now } from "#app/request.server.ts";
import { InvoiceExport } from "#app/components/studio/invoice-export.tsx";
import { StudioTable } from "#app/components/studio/studio-table.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Purchases · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const at = now(args);
  const purchases = await studioPurchases(db(args));
  const today = todayIn(await studioTimeZone(db(args), requireStudioOwner(args.context).id), at);
  return {
    // The export's period starts as this month so far.
    period: { from: `${today.slice(0, 8)}01`, to: today },
    purchases: purchases.map((purchase) => ({
      ...purchase,
      guaranteeDaysLeft:
        purchase.status === "succeeded" && purchase.paidAt
          ? guaranteeDaysLeft(new Date(purchase.paidAt), at)
          : null,
      refund: refundStateOf(purchase, at),
    })),
  };
}

const money = (purchase: { amount: number; currency: string }) =>
  formatPrice({ amountMinor: purchase.amount, currency: purchase.currency });
const STATUS = {
  succeeded: "Paid",
  refunded: "Refunded",
  duplicate: "Second payment (refund owed)",
  failed: "Failed",
  pending: "Pending",
};

export default function StudioPurchases({ loaderData }: Route.ComponentProps) {
  const when = useStudioTime();
  return (
    <>
      <h1 className="text-3xl font-semibold">Purchases</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Every payment, newest first. A refund is made in full through Stripe or PayPal, ends the member's
        premium and emails her; you confirm it, with your reason, on the next page.
      </p>
      <InvoiceExport {...loaderData.period} />
      {loaderData.purchases.length === 0 ? (
        <p className="mt-6 text-ink-soft">No payments yet.</p>
      ) : (
        <StudioTable
          caption="Payments, newest first"
          columns={["Member", "Amount", "Status", "Paid", "Guarantee", { label: "Refund", hidden: true }]}
          className="mt-6"
        >
          {loaderData.purchases.map((purchase) => (
            <tr key={purchase.id} className="border-b border-ink/5 align-top last:border-0">
              <td className="px-4 py-2">
                {purchase.memberId && purchase.memberEmail ? (
                  <Link
                    to={`/studio/members/${purchase.memberId}`}
                    className="text-plum underline underline-offset-4"
                  >
                    {purchase.memberEmail}
                  </Link>
                ) : (
                  <span className="text-ink-soft">Account deleted</span>
                )}
                <span className="block font-mono text-sm text-ink-soft">
                  {purchase.provider === "paypal" ? "PayPal" : "Stripe"} · {purchase.providerId}
                </span>
                {purchase.gift ? (
                  <span className="block text-sm font-medium text-sage-deep">A gift</span>
                ) : null}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {money(purchase)}
                {[purchase.invoiceNumber, purchase.creditNoteNumber].map((number) =>
                  number ? (
                    <a
                      key={number}
                      href={`/studio/invoices/${number}.pdf`}
                      download
                      className="block text-sm text-plum underline underline-offset-4"
                    >
                      {number} (PDF)
                    </a>
                  ) : null,
                )}
              </td>
              <td className="px-4 py-2">
                {purchase.refund.kind === "refunded"
                  ? refundedText(purchase.refund, (at) => when(at, { dayOnly: true }))
                  : STATUS[purchase.status]}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{when(purchase.paidAt ?? purchase.createdAt)}</td>
              <td className="px-4 py-2">
                {purchase.guaranteeDaysLeft === null
                  ? "—"
                  : purchase.guaranteeDaysLeft > 0
                    ? `${countOf(purchase.guaranteeDaysLeft, "day")} left`
                    : "Ended"}
              </td>
              <td className="px-4 py-2">
                {purchase.refund.kind === "refundable" ? (
                  <Button asChild size="sm" variant="outline">
                    <Link
                      to={refundPath(purchase.id, "/studio/purchases")}
                      aria-label={`Refund ${money(purchase)} to ${refundRecipient(
                        purchase.memberId ? { name: purchase.memberName, email: purchase.memberEmail } : null,
                      )}`}
                    >
                      Refund…
                    </Link>
                  </Button>
                ) : purchase.refund.kind === "under-way" ? (
                  <span className="text-ink-soft">Refund under way</span>
                ) : null}
              </td>
            </tr>
          ))}
        </StudioTable>
      )}
    </>
  );
}
