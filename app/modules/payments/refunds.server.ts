import type { PurchaseProvider, PurchasesTable } from "../../../db/schema.ts";
import type { CheckoutDeps } from "./checkout.server.ts";
import { revokePurchase, settleDuplicate, timeOf } from "./fulfilment.server.ts";
import { gatewayFor } from "./payments.server.ts";

const PROVIDER_NAMES: Record<PurchaseProvider, string> = { stripe: "Stripe", paypal: "PayPal" };

/** Refunds a purchase in full through its provider's gateway; throws when the provider doesn't take it. */
async function refundWithProvider(
  deps: CheckoutDeps,
  purchase: Pick<PurchasesTable, "provider" | "provider_payment_id" | "provider_capture_id">,
  idempotencyKey: string,
) {
  const gateway = gatewayFor(deps.payments, purchase.provider);
  if (!gateway) throw new Error(`${PROVIDER_NAMES[purchase.provider]} is not configured`);
  await gateway.refund(
    { providerPaymentId: purchase.provider_payment_id, captureId: purchase.provider_capture_id },
    idempotencyKey,
  );
}

/**
 * Refunds a second payment in full through its provider, then records it and
 * queues the email that explains it (settleDuplicate). If the provider can't
 * be reached the purchase stays `duplicate`, and refundOwed tries again.
 */
export async function refundDuplicate(deps: CheckoutDeps, purchaseId: string): Promise<boolean> {
  const purchase = await deps.db
    .selectFrom("purchases")
    .selectAll()
    .where("id", "=", purchaseId)
    .where("status", "=", "duplicate")
    .executeTakeFirst();
  if (!purchase) return false;
  try {
    await refundWithProvider(deps, purchase, `tidewell-refund-${purchase.id}`);
  } catch (error) {
    deps.log.error(
      { err: error, purchase: purchase.id },
      "could not refund a second payment; will try again",
    );
    return false;
  }
  const emailId = await settleDuplicate(deps.db, purchase.id, deps.grant, timeOf(deps.grant));
  if (emailId) deps.mailer.deliverSoon(emailId);
  deps.log.info({ purchase: purchase.id }, "second payment refunded");
  return true;
}

export type OwnerRefund = { ok: true } | { ok: false; status: 404 | 409 | 502; message: string };

/**
 * Refunds a paid purchase in full through its provider (the owner's
 * decision in the studio, the 30-day guarantee say), then ends premium
 * through revokePurchase, the same path the provider's refund webhook takes:
 * whichever comes first does it, the other finds it done. The provider's
 * idempotency key makes two clicks one refund.
 */
export async function refundPurchase(deps: CheckoutDeps, purchaseId: string): Promise<OwnerRefund> {
  const purchase = await deps.db
    .selectFrom("purchases")
    .selectAll()
    .where("id", "=", purchaseId)
    .executeTakeFirst();
  if (!purchase) return { ok: false, status: 404, message: "There is no such purchase." };
  if (purchase.status !== "succeeded") {
    return {
      ok: false,
      status: 409,
      message: `This purchase is ${purchase.status}: there is nothing to refund.`,
    };
  }
  try {
    await refundWithProvider(deps, purchase, `tidewell-owner-refund-${purchase.id}`);
  } catch (error) {
    deps.log.error({ err: error, purchase: purchase.id }, "could not refund a purchase");
    return {
      ok: false,
      status: 502,
      message: `${PROVIDER_NAMES[purchase.provider]} didn't take the refund. Nothing has changed; please try again.`,
    };
  }
  await revokePurchase(
    deps.db,
    { provider: purchase.provider, providerPaymentId: purchase.provider_payment_id },
    deps.grant,
    timeOf(deps.grant),
  );
  deps.log.info({ purchase: purchase.id }, "purchase refunded by the owner");
  return { ok: true };
}

/** Refunds every second payment still owed (the provider was down, or the server stopped in between). */
export async function refundOwed(deps: CheckoutDeps): Promise<number> {
  const owed = await deps.db.selectFrom("purchases").select("id").where("status", "=", "duplicate").execute();
  let refunded = 0;
  for (const { id } of owed) if (await refundDuplicate(deps, id)) refunded += 1;
  return refunded;
}
