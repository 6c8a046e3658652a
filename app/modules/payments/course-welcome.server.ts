import type { Db } from "#app/platform/db.server.ts";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { tracksIn, type playable } from "#app/modules/catalogue/tracks.ts";
import { formatPrice } from "./price.ts";
import { formatPaidOn, paymentMethodName, paymentReference } from "./receipt.ts";
import { courseWelcomedAt, markCourseWelcomed } from "./access.server.ts";

/**
 * The moment after paying: the dashboard shows what the Complete Course
 * unlocked until the member puts the card away, once. Every read and write is
 * for the session's member.
 */
type PlayableTrack = ReturnType<typeof playable>;

export interface CourseWelcome {
  tracks: string[];
  guides: string[];
  /** Today's practice, which the card's button starts. */
  today: PlayableTrack;
}

/** The card for a member who owns the course and hasn't put it away yet (null otherwise). */
export async function courseWelcome(
  db: Db,
  member: { id: string; hasPremium: boolean },
  today: PlayableTrack,
): Promise<CourseWelcome | null> {
  if (!member.hasPremium) return null;
  if ((await courseWelcomedAt(db, member.id)) !== null) return null;
  return {
    tracks: tracksIn("preparation").map((track) => track.title),
    guides: GUIDES.filter((guide) => !guide.isFree).map((guide) => guide.title),
    today,
  };
}

export async function putAwayCourseWelcome(db: Db, memberId: string, now = new Date()): Promise<void> {
  await markCourseWelcomed(db, memberId, now.toISOString());
}

export interface Receipt {
  reference: string;
  amount: string;
  paidOn: string;
  method: string;
  sentTo: string | null;
  /** Its invoice's number (the PDF's link), once issued. */
  invoiceNumber: string | null;
}

/** The member's kept payment for the course, as the receipt shows it (null: access without a payment). */
export async function receiptFor(db: Db, memberId: string): Promise<Receipt | null> {
  const purchase = await db
    .selectFrom("purchases")
    .leftJoin("invoices", (join) =>
      join.onRef("invoices.purchase_id", "=", "purchases.id").on("invoices.kind", "=", "invoice"),
    )
    .select([
      "purchases.id",
      "purchases.provider",
      "purchases.amount_minor",
      "purchases.currency",
      "purchases.succeeded_at",
      "purchases.receipt_email",
      "invoices.number as invoiceNumber",
    ])
    .where("purchases.user_id", "=", memberId)
    .where("purchases.status", "=", "succeeded")
    // Her own course's receipt: a gift she gave has its own, on her gifts page.
    .where("purchases.for_gift", "=", false)
    .executeTakeFirst();
  if (!purchase?.succeeded_at) return null;
  return {
    reference: paymentReference(purchase.id),
    amount: formatPrice({ amountMinor: purchase.amount_minor, currency: purchase.currency }),
    paidOn: formatPaidOn(purchase.succeeded_at),
    method: paymentMethodName(purchase.provider),
    sentTo: purchase.receipt_email,
    invoiceNumber: purchase.invoiceNumber,
  };
}
