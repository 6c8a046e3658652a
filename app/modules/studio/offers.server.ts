import { addDays } from "#app/modules/calendar/dates.ts";
import { offerTermsText } from "#app/modules/payments/offers.ts";
import { createOffer, endOffer, listOffers } from "#app/modules/payments/offers.server.ts";
import { formatPrice, type Price } from "#app/modules/payments/price.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import type { OfferForm, StudioFormAnswer } from "./forms.ts";
import { requireRecentStudioCheck } from "./recent-check.server.ts";
import type { StudioOwner } from "./studio.server.ts";
import { startOfDayIn } from "./studio-time.ts";

const OFFERS_PATH = "/studio/offers";

/** Offers made or ended in an hour: far more than a shop needs. */
const OFFER_CHANGES_PER_HOUR = 30;

/** An offer as the studio's list shows it. */
export interface StudioOffer {
  id: string;
  code: string;
  /** "20% off", "€5 off", and "gifts only" when it is. */
  terms: string;
  startsAt: string;
  endsAt: string;
  /** When the owner ended it early. */
  endedAt: string | null;
  uses: number;
  maxUses: number;
  /** What its succeeded payments took, refunds left out: "€43.20". */
  revenue: string;
  /** Whether it can still be ended early. */
  open: boolean;
}

export async function studioOffers(db: Db, price: Price, now: Date): Promise<StudioOffer[]> {
  return (await listOffers(db)).map(({ id, code, terms, uses, revenueMinor }) => ({
    id,
    code,
    terms: `${offerTermsText(terms, price.currency)}${terms.giftsOnly ? ", gifts only" : ""}`,
    startsAt: terms.startsAt.toISOString(),
    endsAt: terms.endsAt.toISOString(),
    endedAt: terms.endedAt?.toISOString() ?? null,
    uses,
    maxUses: terms.maxUses,
    revenue: formatPrice({ amountMinor: revenueMinor, currency: price.currency }),
    open: terms.endedAt === null && terms.endsAt > now,
  }));
}

/** What is wrong with a new offer's terms, given the price; null when nothing is. */
function offerTermsProblem(form: Extract<OfferForm, { intent: "create" }>, price: Price): string | null {
  if (form.ends < form.starts) return "The last day can't be before the first.";
  if (form.kind === "percent" && (!Number.isInteger(form.value) || form.value > 100)) {
    return "A percentage off is a whole number from 1 to 100.";
  }
  if (form.kind === "amount" && Math.round(form.value * 100) >= price.amountMinor) {
    return `An amount off must be less than the price (${formatPrice(price)}).`;
  }
  return null;
}

/**
 * Makes a code or ends one early, once the second factor is recent: counted per owner first, and
 * written with its audit entry in one transaction. Days are hers: a code runs from the start of its
 * first day to the end of its last, on the studio's clock.
 */
export async function answerOfferForm(
  db: Db,
  context: { owner: StudioOwner; price: Price; timeZone: string; now: Date },
  form: OfferForm,
): Promise<StudioFormAnswer> {
  const { owner, price, timeZone, now } = context;
  requireRecentStudioCheck(owner, now, OFFERS_PATH);
  const limit = await hitLimit(
    db,
    limitKey("studio-offers", owner.id),
    { limit: OFFER_CHANGES_PER_HOUR, windowSeconds: 3600 },
    now.getTime(),
  );
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  if (form.intent === "end") {
    return db.transaction().execute(async (trx): Promise<StudioFormAnswer> => {
      const ended = await endOffer(trx, form.offer, now);
      if (!ended) return { ok: false, status: 409, message: "That offer has ended already." };
      await recordAudit(trx, { actorId: owner.id, action: "offer.ended", detail: ended, ip: owner.ip }, now);
      return {
        ok: true,
        message: `${ended.code} has ended: the code is refused from now on.`,
        next: OFFERS_PATH,
      };
    });
  }
  const problem = offerTermsProblem(form, price);
  if (problem) return { ok: false, status: 400, message: problem };
  const value = form.kind === "percent" ? form.value : Math.round(form.value * 100);
  return db.transaction().execute(async (trx): Promise<StudioFormAnswer> => {
    const created = await createOffer(trx, {
      code: form.code,
      kind: form.kind,
      value,
      startsAt: startOfDayIn(form.starts, timeZone),
      endsAt: startOfDayIn(addDays(form.ends, 1), timeZone),
      maxUses: form.maxUses,
      giftsOnly: form.giftsOnly,
    });
    if (!created) return { ok: false, status: 409, message: `There is a code ${form.code} already.` };
    const terms =
      form.kind === "percent" ? { percentOff: value } : { amountMinor: value, currency: price.currency };
    await recordAudit(
      trx,
      {
        actorId: owner.id,
        action: "offer.created",
        detail: { code: form.code, ...terms, maxUses: form.maxUses },
        ip: owner.ip,
      },
      now,
    );
    return {
      ok: true,
      message: `${form.code} is ready: ${offerTermsText({ kind: form.kind, value }, price.currency)}.`,
      next: OFFERS_PATH,
    };
  });
}
