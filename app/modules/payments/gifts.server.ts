import crypto from "node:crypto";
import { z } from "zod";
import { displayName, firstName } from "#app/modules/people/display.ts";
import { queueEmail } from "#app/modules/email/outbox.server.ts";
import { giftAlreadyHadEmail, giftEmail } from "#app/modules/email/templates.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import type { Db } from "#app/platform/db.server.ts";
import { scheduleJob, type JobHandler } from "#app/platform/jobs.server.ts";
import {
  addressKey,
  hitLimit,
  limitKey,
  peekLimit,
  type LimitRule,
} from "#app/platform/rate-limit.server.ts";
import type { PaymentRef } from "./payment-event.ts";
import { lockMemberAccess, setSubscriptionTier } from "./access.server.ts";
import {
  checkGift,
  deliveryInstant,
  giftState,
  giftStateText,
  looksLikeRedeemCode,
  mayChangeDelivery,
  mayRefundGift,
  REDEEM_CODE_BYTES,
  type GiftDetails,
  type GiftErrors,
  type GiftFacts,
  type GiftState,
  type GivenGiftView,
} from "./gifts.ts";
import { formatPrice } from "./price.ts";
import { invoicePath } from "./receipt.ts";

/**
 * `gifts`' one writer: a gift recorded as its payment starts, its delivery
 * queued when the payment succeeds, delivered on its day by the job runner
 * (the redeem code made then, kept only as its SHA-256), changed by its giver
 * until then, and redeemed once. Why: docs/decisions/0034-gifts.md.
 */

export const GIFT_DELIVERY_JOB = "gift-delivery";

/** A gift as the checkout records it: what the giver chose, and the instant its day begins for delivery. */
export type NewGift = GiftDetails & { deliverAt: Date };

const hash = (code: string) => crypto.createHash("sha256").update(code).digest("hex");
const iso = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Records the gift a payment is for, as the payment starts. Starting the same
 * payment again (a retry) updates it while the payment is still pending.
 */
export async function recordGift(trx: Db, ref: PaymentRef, giverId: string, gift: NewGift) {
  const purchase = await trx
    .selectFrom("purchases")
    .select(["id", "status"])
    .where("provider", "=", ref.provider)
    .where("provider_payment_id", "=", ref.providerPaymentId)
    .executeTakeFirstOrThrow();
  if (purchase.status !== "pending") return;
  const values = {
    recipient_email: gift.recipientEmail,
    message: gift.message,
    deliver_on: gift.deliverOn,
    deliver_at: gift.deliverAt.toISOString(),
  };
  await trx
    .insertInto("gifts")
    .values({ id: crypto.randomUUID(), purchase_id: purchase.id, giver_id: giverId, ...values })
    .onConflict((oc) => oc.column("purchase_id").doUpdateSet(values))
    .execute();
}

type DeliveryRow = { id: string; delivery_round: number; deliver_at: Date | string; giver_id: string | null };

async function queueDelivery(trx: Db, gift: DeliveryRow) {
  await scheduleJob(trx, {
    kind: GIFT_DELIVERY_JOB,
    key: `gift:${gift.id}:${gift.delivery_round}`,
    runAt: new Date(gift.deliver_at),
    userId: gift.giver_id,
    payload: { giftId: gift.id, round: gift.delivery_round },
  });
}

/** Its payment has succeeded: the gift's delivery is queued for its day (in the grant's transaction). */
export async function scheduleGiftDelivery(trx: Db, purchaseId: string) {
  const gift = await trx
    .selectFrom("gifts")
    .select(["id", "delivery_round", "deliver_at", "giver_id", "recipient_email", "deliver_on"])
    .where("purchase_id", "=", purchaseId)
    .executeTakeFirstOrThrow();
  await queueDelivery(trx, gift);
  return { recipientEmail: gift.recipient_email, deliverOn: gift.deliver_on };
}

/** Whether she holds the course through a gift she redeemed, other than `exceptPurchaseId`'s, still paid. */
export async function giftHeldBy(trx: Db, userId: string, exceptPurchaseId: string): Promise<boolean> {
  const held = await trx
    .selectFrom("gifts")
    .innerJoin("purchases", "purchases.id", "gifts.purchase_id")
    .select("gifts.id")
    .where("gifts.redeemed_by", "=", userId)
    .where("purchases.status", "=", "succeeded")
    .where("purchases.id", "!=", exceptPurchaseId)
    .executeTakeFirst();
  return held !== undefined;
}

/** Who redeemed the gift a purchase paid for, if anyone has. */
export async function redeemedBy(trx: Db, purchaseId: string): Promise<string | null> {
  const gift = await trx
    .selectFrom("gifts")
    .select("redeemed_by")
    .where("purchase_id", "=", purchaseId)
    .executeTakeFirst();
  return gift?.redeemed_by ?? null;
}

/** The redeem link in the gift's email. */
const redeemPath = (code: string) => `/gift/${code}`;

/**
 * Delivers a gift on its day: makes its redeem code (kept only as its hash),
 * marks it delivered and queues the recipient's email, in the job's own
 * transaction. A job for an earlier day or address (the giver changed it), a
 * gift refunded or delivered already, does nothing.
 */
export function giftDeliveryJob(deps: { baseUrl: string; deliverSoon(emailId: string): void }): JobHandler {
  return async (job, { now, finish }) => {
    const { giftId, round } = job.payload;
    if (typeof giftId !== "string" || typeof round !== "number") return;
    const emailId = await finish(async (trx) => {
      const gift = await trx
        .selectFrom("gifts")
        .innerJoin("purchases", "purchases.id", "gifts.purchase_id")
        .leftJoin("user", "user.id", "gifts.giver_id")
        .select([
          "gifts.id",
          "gifts.recipient_email",
          "gifts.message",
          "gifts.delivery_round",
          "gifts.delivered_at",
          "purchases.status",
          "user.name as giverName",
        ])
        .where("gifts.id", "=", giftId)
        .executeTakeFirst();
      if (!gift || gift.delivery_round !== round || gift.delivered_at || gift.status !== "succeeded")
        return null;
      const code = crypto.randomBytes(REDEEM_CODE_BYTES).toString("base64url");
      const marked = await trx
        .updateTable("gifts")
        .set({ code_hash: hash(code), delivered_at: now.toISOString() })
        .where("id", "=", gift.id)
        .where("delivered_at", "is", null)
        .where("delivery_round", "=", round)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return null;
      return queueEmail(trx, {
        kind: "gift",
        to: gift.recipient_email,
        ...giftEmail({
          giverName: gift.giverName ?? null,
          message: gift.message,
          url: new URL(redeemPath(code), deps.baseUrl).href,
        }),
      });
    });
    if (emailId) return () => deps.deliverSoon(emailId);
  };
}

/** A gift as its giver's page shows it. */
export interface GivenGift {
  id: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
  state: GiftState;
  mayChange: boolean;
  mayRefund: boolean;
  amountMinor: number;
  currency: string;
  paidAt: Date | null;
  /** Her invoice's number, once issued. */
  invoiceNumber: string | null;
}

const givenColumns = [
  "gifts.id",
  "gifts.recipient_email",
  "gifts.message",
  "gifts.deliver_on",
  "gifts.delivered_at",
  "gifts.redeemed_at",
  "gifts.already_had_at",
  "gifts.purchase_id",
  "purchases.status",
  "purchases.succeeded_at",
  "purchases.amount_minor",
  "purchases.currency",
  "invoices.number as invoiceNumber",
] as const;

type GivenRow = {
  id: string;
  recipient_email: string;
  message: string;
  deliver_on: string;
  delivered_at: Date | string | null;
  redeemed_at: Date | string | null;
  already_had_at: Date | string | null;
  purchase_id: string;
  status: string;
  succeeded_at: Date | string | null;
  amount_minor: number;
  currency: string;
  invoiceNumber: string | null;
};

function factsOf(row: GivenRow): GiftFacts {
  return {
    purchaseStatus: row.status,
    paidAt: iso(row.succeeded_at),
    deliveredAt: iso(row.delivered_at),
    redeemedAt: iso(row.redeemed_at),
    alreadyHadAt: iso(row.already_had_at),
  };
}

function givenGift(row: GivenRow, now: Date): GivenGift {
  const facts = factsOf(row);
  return {
    id: row.id,
    recipientEmail: row.recipient_email,
    message: row.message,
    deliverOn: row.deliver_on,
    state: giftState(facts),
    mayChange: mayChangeDelivery(facts),
    mayRefund: mayRefundGift(facts, now),
    amountMinor: row.amount_minor,
    currency: row.currency,
    paidAt: facts.paidAt,
    invoiceNumber: row.invoiceNumber,
  };
}

/** A giver's gifts with what paid for them and its invoice: hers only. */
const givenBy = (db: Db, giverId: string) =>
  db
    .selectFrom("gifts")
    .innerJoin("purchases", "purchases.id", "gifts.purchase_id")
    .leftJoin("invoices", (join) =>
      join.onRef("invoices.purchase_id", "=", "purchases.id").on("invoices.kind", "=", "invoice"),
    )
    .select(givenColumns)
    .where("gifts.giver_id", "=", giverId);

/** The gifts she has paid for (and any refunded), newest first: hers only. */
export async function giftsOf(db: Db, giverId: string, now: Date): Promise<GivenGift[]> {
  const rows = (await givenBy(db, giverId)
    .where("purchases.status", "in", ["succeeded", "refunded"])
    .orderBy("gifts.created_at", "desc")
    .execute()) as GivenRow[];
  return rows.map((row) => givenGift(row, now));
}

/** Her gifts as her gifts page shows them: hers only, newest first. */
export async function givenGiftsView(db: Db, giverId: string, now: Date): Promise<GivenGiftView[]> {
  return (await giftsOf(db, giverId, now)).map((gift) => ({
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
  }));
}

/** One of her gifts, with the purchase that paid for it; undefined when it isn't hers. */
export async function giftOf(db: Db, giverId: string, giftId: string, now: Date) {
  const row = (await givenBy(db, giverId).where("gifts.id", "=", giftId).executeTakeFirst()) as
    GivenRow | undefined;
  return row ? { gift: givenGift(row, now), purchaseId: row.purchase_id } : undefined;
}

/** What the giver's page posts: a gift's new address and day, or its refund. */
export const giverForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("change"),
    giftId: z.string().max(64),
    recipientEmail: z.string().max(300),
    deliverOn: z.string().max(20),
  }),
  z.object({ intent: z.literal("refund"), giftId: z.string().max(64), confirm: z.literal("yes").optional() }),
]);

export type ChangeOutcome =
  | { ok: true; gift: GiftDetails }
  | { ok: false; errors: GiftErrors }
  | { ok: false; reason: "not-found" | "delivered" };

/**
 * The giver changes the day or the address of a gift not yet delivered: the
 * delivery moves on a round, and a job for the new round is queued (the old
 * one, when it comes, finds its round gone and does nothing). The message
 * stays as she wrote it.
 */
export async function changeDelivery(
  db: Db,
  giver: { id: string; email: string; timeZone: string },
  giftId: string,
  input: { recipientEmail?: unknown; deliverOn?: unknown },
  now: Date,
): Promise<ChangeOutcome> {
  return db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    const found = await giftOf(trx, giver.id, giftId, now);
    if (!found) return { ok: false, reason: "not-found" };
    if (!found.gift.mayChange) return { ok: false, reason: "delivered" };
    const checked = checkGift(
      { ...input, message: found.gift.message },
      todayIn(giver.timeZone, now),
      giver.email,
    );
    if (!checked.ok) return checked;
    const deliverAt = deliveryInstant(checked.gift.deliverOn, giver.timeZone, now);
    const moved = await trx
      .updateTable("gifts")
      .set((eb) => ({
        recipient_email: checked.gift.recipientEmail,
        deliver_on: checked.gift.deliverOn,
        deliver_at: deliverAt.toISOString(),
        delivery_round: eb("delivery_round", "+", 1),
      }))
      .where("id", "=", giftId)
      .where("delivered_at", "is", null)
      .returning(["id", "delivery_round", "deliver_at", "giver_id"])
      .executeTakeFirst();
    if (!moved) return { ok: false, reason: "delivered" };
    await queueDelivery(trx, moved);
    return { ok: true, gift: checked.gift };
  });
}

/**
 * Links that find no gift, per address: far more than anyone opening her own
 * link needs, far too few to guess a 256-bit code (which no one could anyway).
 */
export const GIFT_MISS_LIMIT: LimitRule = { limit: 20, windowSeconds: 15 * 60 };
/** Redeem attempts per member: a few clicks and retries, never a stream. */
const REDEEM_LIMIT: LimitRule = { limit: 10, windowSeconds: 15 * 60 };

interface Caller {
  now: Date;
  clientIp: string;
}

/** What opening a gift's link finds. */
export type GiftLink =
  | { status: "open"; giverFirstName: string | null; message: string }
  | { status: "redeemed" | "refunded" | "unknown" | "limited" };

type LinkRow = {
  id: string;
  purchase_id: string;
  giver_id: string | null;
  message: string;
  redeemed_at: Date | string | null;
  redeemed_by: string | null;
  status: string;
  giverName: string | null;
};

/** Finds the gift a link's code is for, counting a miss against the address; "limited" past the limit. */
async function findByCode(
  db: Db,
  code: string,
  { clientIp }: Caller,
): Promise<LinkRow | "unknown" | "limited"> {
  const misses = addressKey("gift-link-miss", clientIp);
  if (!(await peekLimit(db, misses, GIFT_MISS_LIMIT)).allowed) return "limited";
  const row = looksLikeRedeemCode(code)
    ? await db
        .selectFrom("gifts")
        .innerJoin("purchases", "purchases.id", "gifts.purchase_id")
        .leftJoin("user", "user.id", "gifts.giver_id")
        .select([
          "gifts.id",
          "gifts.purchase_id",
          "gifts.giver_id",
          "gifts.message",
          "gifts.redeemed_at",
          "gifts.redeemed_by",
          "purchases.status",
          "user.name as giverName",
        ])
        .where("gifts.code_hash", "=", hash(code))
        .executeTakeFirst()
    : undefined;
  if (row) return row;
  return (await hitLimit(db, misses, GIFT_MISS_LIMIT)).allowed ? "unknown" : "limited";
}

/** Opening a gift's link: who it is from and the message, or why it can't be used. */
export async function openGift(db: Db, code: string, caller: Caller): Promise<GiftLink> {
  const row = await findByCode(db, code, caller);
  if (typeof row === "string") return { status: row };
  if (row.status === "refunded") return { status: "refunded" };
  if (row.redeemed_at) return { status: "redeemed" };
  return {
    status: "open",
    giverFirstName: row.giverName ? firstName(row.giverName, "") || null : null,
    message: row.message,
  };
}

export type RedeemOutcome =
  | { ok: true }
  | { ok: false; reason: "redeemed" | "refunded" | "unknown" | "limited" | "already-had" | "own-gift" };

/**
 * Redeems a gift for the signed-in member, once: a conditional update takes it
 * (of two redeeming at the same moment, one wins; the other is told it has
 * been redeemed) and she becomes a Complete Course member, in one transaction.
 * A member who has the course already keeps it as it is; the gift stays
 * unredeemed, its giver is told (once) and may refund it.
 */
export async function redeemGift(
  db: Db,
  code: string,
  member: { id: string; hasPremium: boolean },
  caller: Caller & { baseUrl: string },
): Promise<{ outcome: RedeemOutcome; emailId: string | null }> {
  const limit = await hitLimit(db, limitKey("gift-redeem:member", member.id), REDEEM_LIMIT);
  if (!limit.allowed) return { outcome: { ok: false, reason: "limited" }, emailId: null };
  const row = await findByCode(db, code, caller);
  if (typeof row === "string") return { outcome: { ok: false, reason: row }, emailId: null };
  if (row.status === "refunded") return { outcome: { ok: false, reason: "refunded" }, emailId: null };
  if (row.redeemed_at) return { outcome: { ok: false, reason: "redeemed" }, emailId: null };
  if (row.giver_id === member.id) return { outcome: { ok: false, reason: "own-gift" }, emailId: null };
  const at = caller.now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Her access row's lock: a payment or another gift settling for her waits for this one.
    await lockMemberAccess(trx, member.id, at);
    const access = await trx
      .selectFrom("member_access")
      .select("subscription_tier")
      .where("user_id", "=", member.id)
      .executeTakeFirst();
    if (access?.subscription_tier === "premium") {
      const noted = await trx
        .updateTable("gifts")
        .set({ already_had_at: at })
        .where("id", "=", row.id)
        .where("already_had_at", "is", null)
        .where("redeemed_at", "is", null)
        .executeTakeFirst();
      let emailId: string | null = null;
      if (Number(noted.numUpdatedRows) === 1 && row.giver_id) {
        const giver = await trx
          .selectFrom("user")
          .select(["name", "email"])
          .where("id", "=", row.giver_id)
          .executeTakeFirst();
        if (giver) {
          emailId = await queueEmail(trx, {
            kind: "gift-already-had",
            to: giver.email,
            ...giftAlreadyHadEmail({
              name: displayName(giver),
              giftsUrl: new URL("/portal/gifts", caller.baseUrl).href,
            }),
          });
        }
      }
      return { outcome: { ok: false as const, reason: "already-had" as const }, emailId };
    }
    const taken = await trx
      .updateTable("gifts")
      .set({ redeemed_at: at, redeemed_by: member.id })
      .where("id", "=", row.id)
      .where("redeemed_at", "is", null)
      .where("delivered_at", "is not", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("purchases")
            .select("purchases.id")
            .where("purchases.id", "=", row.purchase_id)
            .where("purchases.status", "=", "succeeded"),
        ),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      return { outcome: { ok: false as const, reason: "redeemed" as const }, emailId: null };
    }
    await setSubscriptionTier(trx, member.id, "premium", at);
    return { outcome: { ok: true as const }, emailId: null };
  });
}
