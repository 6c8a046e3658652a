import crypto from "node:crypto";
import { sql } from "kysely";
import { isPostgres, type Db } from "#app/platform/db.server.ts";
import {
  normaliseCode,
  offerMessages,
  offerPrice,
  offerRefusal,
  type OfferKind,
  type OfferTerms,
} from "./offers.ts";
import type { Price } from "./price.ts";

/**
 * `offers` and `offer_holds`' one writer. A checkout started with a code
 * holds one of its uses (the check and the hold in one transaction, the
 * offer's row locked), so the last use goes to one buyer only; the other is
 * told before she pays. The hold becomes a use in the grant's transaction,
 * goes when the payment fails, and lapses after HOLD_MINUTES.
 */
const HOLD_MINUTES = 30;

type OfferRow = {
  id: string;
  code: string;
  kind: OfferKind;
  value: number;
  starts_at: Date | string;
  ends_at: Date | string;
  ended_at: Date | string | null;
  max_uses: number;
  uses: number;
  gifts_only: boolean | number;
};

function termsOf(row: OfferRow): OfferTerms {
  return {
    kind: row.kind,
    value: row.value,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    endedAt: row.ended_at === null ? null : new Date(row.ended_at),
    maxUses: row.max_uses,
    giftsOnly: Boolean(row.gifts_only),
  };
}

/** A code that gives her a price, or why it doesn't (in the member's words). */
export type CodeAnswer = { ok: true; offerId: string; price: Price } | { ok: false; message: string };

/** Holds other members have on the offer that have not lapsed. */
async function liveHoldsByOthers(db: Db, offerId: string, memberId: string, at: Date) {
  const row = await db
    .selectFrom("offer_holds")
    .select((eb) => eb.fn.countAll<number | string>().as("holds"))
    .where("offer_id", "=", offerId)
    .where("user_id", "!=", memberId)
    .where("expires_at", ">", at.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.holds);
}

async function answerFor(
  db: Db,
  typed: string,
  memberId: string,
  price: Price,
  at: Date,
  lock: boolean,
  forGift: boolean,
): Promise<CodeAnswer> {
  const code = normaliseCode(typed);
  if (!code) return { ok: false, message: offerMessages.unknown };
  const find = db.selectFrom("offers").selectAll().where("code", "=", code);
  const row = (await (lock && isPostgres(db) ? find.forUpdate() : find).executeTakeFirst()) as
    OfferRow | undefined;
  if (!row) return { ok: false, message: offerMessages.unknown };
  const taken = row.uses + (await liveHoldsByOthers(db, row.id, memberId, at));
  const refusal = offerRefusal(termsOf(row), at, { forGift, taken });
  if (refusal) return { ok: false, message: offerMessages[refusal] };
  return { ok: true, offerId: row.id, price: offerPrice(price, termsOf(row)) };
}

/** What a code would make her price now (for the course, or a gift), without holding anything: the checkout's preview. */
export function quoteCode(db: Db, typed: string, memberId: string, price: Price, at: Date, forGift = false) {
  return answerFor(db, typed, memberId, price, at, false, forGift);
}

/**
 * Checks the code and holds one of its uses for her, in one transaction with
 * the offer's row locked (SQLite's single writer does the same): of two buyers
 * racing for the last use, the second finds it held. Her own earlier hold is
 * renewed, not counted twice.
 */
export async function holdOffer(
  db: Db,
  typed: string,
  memberId: string,
  price: Price,
  at: Date,
  forGift = false,
): Promise<CodeAnswer> {
  return db.transaction().execute(async (trx) => {
    const answer = await answerFor(trx, typed, memberId, price, at, true, forGift);
    if (!answer.ok) return answer;
    const expiresAt = new Date(at.getTime() + HOLD_MINUTES * 60_000).toISOString();
    await trx
      .insertInto("offer_holds")
      .values({ offer_id: answer.offerId, user_id: memberId, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(["offer_id", "user_id"]).doUpdateSet({ expires_at: expiresAt }))
      .execute();
    return answer;
  });
}

/** Lets her hold go: the payment failed, or never started. */
export async function releaseOfferHold(db: Db, offerId: string, memberId: string) {
  await db
    .deleteFrom("offer_holds")
    .where("offer_id", "=", offerId)
    .where("user_id", "=", memberId)
    .execute();
}

/** A payment made with the offer succeeded: her hold becomes one use, in the grant's transaction. */
export async function countOfferUse(trx: Db, offerId: string, memberId: string) {
  await releaseOfferHold(trx, offerId, memberId);
  await trx
    .updateTable("offers")
    .set({ uses: sql<number>`uses + 1` })
    .where("id", "=", offerId)
    .execute();
}

/** An offer as the studio lists it. */
export interface OfferSummary {
  id: string;
  code: string;
  terms: OfferTerms;
  uses: number;
  /** Succeeded payments made with it, refunded ones left out, in minor units. */
  revenueMinor: number;
}

export async function listOffers(db: Db): Promise<OfferSummary[]> {
  const rows = (await db
    .selectFrom("offers")
    .selectAll("offers")
    .select((eb) =>
      eb
        .selectFrom("purchases")
        .select((sub) => sub.fn.sum<number | string>("purchases.amount_minor").as("revenue"))
        .whereRef("purchases.offer_id", "=", "offers.id")
        .where("purchases.status", "=", "succeeded")
        .as("revenue"),
    )
    .orderBy("offers.created_at", "desc")
    .orderBy("offers.code")
    .execute()) as (OfferRow & { revenue: number | string | null })[];
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    terms: termsOf(row),
    uses: row.uses,
    revenueMinor: Number(row.revenue ?? 0),
  }));
}

/** A new offer, as the studio's form gave it (checked there). */
export interface NewOffer {
  code: string;
  kind: OfferKind;
  value: number;
  startsAt: Date;
  endsAt: Date;
  maxUses: number;
  giftsOnly: boolean;
}

/** Adds an offer; false when its code is taken already. */
export async function createOffer(db: Db, offer: NewOffer): Promise<{ id: string } | null> {
  const id = crypto.randomUUID();
  const inserted = await db
    .insertInto("offers")
    .values({
      id,
      code: offer.code,
      kind: offer.kind,
      value: offer.value,
      starts_at: offer.startsAt.toISOString(),
      ends_at: offer.endsAt.toISOString(),
      max_uses: offer.maxUses,
      gifts_only: offer.giftsOnly,
    })
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? { id } : null;
}

/** Ends an offer now, once: its code is refused from then on. Null when there is no such offer still open. */
export async function endOffer(db: Db, offerId: string, at: Date): Promise<{ code: string } | null> {
  const ended = await db
    .updateTable("offers")
    .set({ ended_at: at.toISOString() })
    .where("id", "=", offerId)
    .where("ended_at", "is", null)
    .where("ends_at", ">", at.toISOString())
    .returning("code")
    .executeTakeFirst();
  return ended ?? null;
}
