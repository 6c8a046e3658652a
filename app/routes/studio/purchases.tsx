import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/purchases";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { formatPrice } from "#app/modules/payments/price.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { purchasesForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { guaranteeDaysLeft } from "#app/modules/studio/guarantee.ts";
import { answerPurchasesForm } from "#app/modules/studio/member-actions.server.ts";
import { studioPurchases } from "#app/modules/studio/purchases.server.ts";
import { checkoutDeps, db, services, now } from "#app/request.server.ts";
import { StudioTable } from "#app/components/studio/studio-table.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Purchases · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const at = now(args);
  const purchases = await studioPurchases(db(args));
  return {
    purchases: purchases.map((purchase) => ({
      ...purchase,
      guaranteeDaysLeft:
        purchase.status === "succeeded" && purchase.paidAt
          ? guaranteeDaysLeft(new Date(purchase.paidAt), at)
          : null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const read = readStudioForm(await args.request.formData(), purchasesForms);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const answer = await answerPurchasesForm(checkoutDeps(args), owner, read.form, now(args));
  if (!answer.ok) return data({ error: answer.message }, { status: answer.status });
  return redirectWithFlash(services(args).flash, answer.next, { type: "success", message: answer.message });
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

export default function StudioPurchases({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const when = useStudioTime();
  return (
    <>
      <h1 className="text-3xl font-semibold">Purchases</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Every payment, newest first. A refund is made in full through Stripe or PayPal and ends the member's
        premium; the studio asks for your code again first.
      </p>
      {actionData?.error ? (
        <Alert tone="error" className="mt-4">
          {actionData.error}
        </Alert>
      ) : null}
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
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{money(purchase)}</td>
              <td className="px-4 py-2">{STATUS[purchase.status]}</td>
              <td className="px-4 py-2 whitespace-nowrap">{when(purchase.paidAt ?? purchase.createdAt)}</td>
              <td className="px-4 py-2">
                {purchase.guaranteeDaysLeft === null
                  ? "—"
                  : purchase.guaranteeDaysLeft > 0
                    ? `${countOf(purchase.guaranteeDaysLeft, "day")} left`
                    : "Ended"}
              </td>
              <td className="px-4 py-2">
                {purchase.status === "succeeded" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="purchaseId" value={purchase.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="danger"
                      disabled={busy}
                      aria-label={`Refund ${money(purchase)} to ${purchase.memberEmail ?? "a deleted account"}`}
                    >
                      Refund
                    </Button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </StudioTable>
      )}
    </>
  );
}
