/**
 * What the studio and payments agree on about an owner's refund.
 *
 * Why she made it is kept on the purchase: a short list of the studio's own
 * reasons, never text anyone typed, so it can stay with the anonymous sales
 * record when the member's account is deleted. The studio words each one
 * (studio/refunds.ts); anything more the owner says goes beside the audit
 * log's entry, with the member.
 */
export const REFUND_REASONS = ["guarantee", "mistake", "problem", "circumstances", "other"] as const;

export type RefundReason = (typeof REFUND_REASONS)[number];

/** Kept on a gift's purchase that its giver refunded herself (never one of the studio's choices). */
export const GIVER_REFUND_REASON = "gift-giver";

/**
 * How long an owner's refund may stay with the provider before another request may make it again (the
 * server stopped half-way): far beyond a provider call's 10 s, and the provider's idempotency key makes
 * the second attempt the same refund.
 */
export const REFUND_UNDER_WAY_MINUTES = 2;

/** Whether a refund started at `startedAt` is still with the provider, so no other may start. */
export function refundUnderWay(startedAt: Date | null, now: Date): boolean {
  if (!startedAt) return false;
  const age = now.getTime() - startedAt.getTime();
  // One dated in the future (a clock moved back) is under way until its time has passed.
  return age < REFUND_UNDER_WAY_MINUTES * 60_000;
}
