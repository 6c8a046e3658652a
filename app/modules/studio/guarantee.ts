/** The money-back guarantee every purchase comes with (the receipt and the terms say 30 days). */
const GUARANTEE_DAYS = 30;

/** Whole days left of a purchase's guarantee on `now`: 0 once it has ended. */
export function guaranteeDaysLeft(paidAt: Date, now: Date): number {
  const ends = paidAt.getTime() + GUARANTEE_DAYS * 86_400_000;
  return Math.max(0, Math.ceil((ends - now.getTime()) / 86_400_000));
}
