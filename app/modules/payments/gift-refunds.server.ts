import type { CheckoutDeps } from "./checkout.server.ts";
import { giftOf } from "./gifts.server.ts";
import { GIVER_REFUND_REASON } from "./owner-refunds.ts";
import { refundPurchase } from "./refunds.server.ts";

/**
 * The giver refunds her own gift, never redeemed, within the 30 days (or
 * whenever its recipient had the course already): through the owner's refund
 * path, so it is made once, however many ask, and credited the same way. The
 * gift's link stops working; her own account is untouched.
 */
export async function refundGiftByGiver(
  deps: CheckoutDeps,
  giverId: string,
  giftId: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const found = await giftOf(deps.db, giverId, giftId, now);
  if (!found) return { ok: false, status: 404, message: "We can't find that gift." };
  if (!found.gift.mayRefund) {
    return {
      ok: false,
      status: 409,
      message:
        found.gift.state === "refunded"
          ? "This gift is refunded already."
          : found.gift.state === "redeemed"
            ? "This gift has been redeemed: it's her course now."
            : "The 30 days for refunding this gift have passed. Write to us if something is wrong.",
    };
  }
  const refund = await refundPurchase(deps, found.purchaseId, {
    reason: GIVER_REFUND_REASON,
    now,
    record: async () => {},
  });
  if (!refund.ok) return { ok: false, status: refund.status, message: refund.message };
  return { ok: true };
}
