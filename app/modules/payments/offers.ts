import { formatPrice, type Price } from "./price.ts";

/**
 * Offers: promo codes the owner sets in the studio. Everything here is pure:
 * reading a typed code, whether an offer applies now, and the price with it,
 * in integer minor units. The server holds and counts uses (offer-holds.server.ts).
 */

export type OfferKind = "percent" | "amount";

/** An offer's terms, as the studio set them. */
export interface OfferTerms {
  kind: OfferKind;
  /** Percent: 1 to 100. Amount: minor units off, in the course's currency. */
  value: number;
  startsAt: Date;
  endsAt: Date;
  /** Set when the owner ended it early. */
  endedAt: Date | null;
  maxUses: number;
  giftsOnly: boolean;
}

const CODE_MIN = 3;
export const CODE_MAX = 32;
const CODE_PATTERN = /^[A-Z0-9-]+$/;

/** A code as typed (any case, spaces around it) in the form it is stored; null when it can't be one. */
export function normaliseCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  if (code.length < CODE_MIN || code.length > CODE_MAX || !CODE_PATTERN.test(code)) return null;
  return code;
}

export const CODE_RULE = `A code is ${CODE_MIN} to ${CODE_MAX} letters, digits or hyphens.`;

/** What a member is told about a code that gives her nothing, in plain words. */
export const offerMessages = {
  unknown: "We don't know that code",
  notYet: "That code hasn't started yet",
  ended: "That code has ended",
  usedUp: "That code has been used as many times as it can be",
  giftsOnly: "That code is for gifts only",
} as const;

export type OfferRefusal = keyof typeof offerMessages;

/**
 * Whether an offer can be used now, for this kind of purchase; the refusal
 * otherwise. `taken` is its uses and the holds others have on it.
 */
export function offerRefusal(
  terms: OfferTerms,
  at: Date,
  purchase: { forGift: boolean; taken: number },
): OfferRefusal | null {
  if (terms.endedAt && terms.endedAt <= at) return "ended";
  if (at >= terms.endsAt) return "ended";
  if (at < terms.startsAt) return "notYet";
  if (terms.giftsOnly && !purchase.forGift) return "giftsOnly";
  if (purchase.taken >= terms.maxUses) return "usedUp";
  return null;
}

/**
 * The smallest amount a payment may be, in minor units: the larger of the
 * providers' minimums for the currency (Stripe's are the larger; PayPal takes
 * a cent). A currency not listed here is held to 50.
 */
const PROVIDER_MINIMUM: Record<string, number> = {
  EUR: 50,
  USD: 50,
  GBP: 30,
  AUD: 50,
  CAD: 50,
  NZD: 50,
  CHF: 50,
  DKK: 250,
  NOK: 300,
  SEK: 300,
};

export function providerMinimum(currency: string): number {
  return PROVIDER_MINIMUM[currency.toUpperCase()] ?? 50;
}

/**
 * The price with an offer: a percentage's discount rounded to the nearest
 * cent, an amount off no more than the price; never below the providers'
 * minimum (nor above the price, when the price itself is lower), never negative.
 */
export function offerPrice(price: Price, terms: Pick<OfferTerms, "kind" | "value">): Price {
  const discount =
    terms.kind === "percent" ? Math.round((price.amountMinor * terms.value) / 100) : terms.value;
  const floor = Math.min(price.amountMinor, providerMinimum(price.currency));
  const amountMinor = Math.max(price.amountMinor - Math.max(0, discount), floor, 0);
  return { amountMinor, currency: price.currency };
}

/** What the checkout says of a code that applies: "This code gives €5 off", and no more. */
export function offerSaving(price: Price, offered: Price): string {
  return `This code gives ${formatPrice({ amountMinor: price.amountMinor - offered.amountMinor, currency: price.currency })} off`;
}

/** An offer's terms as the studio lists them: "20% off", "€5 off". */
export function offerTermsText(terms: Pick<OfferTerms, "kind" | "value">, currency: string): string {
  return terms.kind === "percent"
    ? `${terms.value}% off`
    : `${formatPrice({ amountMinor: terms.value, currency })} off`;
}
