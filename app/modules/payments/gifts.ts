import {
  addDays,
  formatLongDate,
  isCalendarDate,
  todayIn,
  type CalendarDate,
} from "#app/modules/calendar/dates.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { instantAt } from "#app/modules/reminders/schedule.ts";

/**
 * The course as a gift, pure: what a giver may ask for (an address, a message,
 * a day), when it is delivered, what state it is in, and what she may still do
 * about it. The server keeps and delivers gifts (gifts.server.ts). Why it is
 * built this way: docs/decisions/0034-gifts.md.
 */

export const MESSAGE_MAX = 500;
/** How far ahead a gift may be dated. */
export const LATEST_DELIVERY_DAYS = 365;
/** A gift dated for a later day arrives at this time on that day, in the giver's time zone. */
export const DELIVERY_TIME = "09:00";
/** A gift never redeemed may be refunded to its giver for this many days after she paid. */
export const GIFT_REFUND_DAYS = 30;
/** A redeem code: 32 random bytes (256 bits), base64url. */
export const REDEEM_CODE_BYTES = 32;
const REDEEM_CODE = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeRedeemCode(text: string): boolean {
  return REDEEM_CODE.test(text);
}

/** What the giver chooses. */
export interface GiftDetails {
  recipientEmail: string;
  message: string;
  deliverOn: CalendarDate;
}

export type GiftField = keyof GiftDetails;
export type GiftErrors = Partial<Record<GiftField, string>>;

export const giftMessages = {
  recipientEmail: "Please enter the address the gift should go to, like name@example.com.",
  ownAddress:
    "That's your own address. A gift goes to someone else; to buy the course for yourself, use Start now.",
  messageMissing: "Please write a few words to go with your gift.",
  messageTooLong: `Please keep your message to ${MESSAGE_MAX} characters.`,
  messageNotPlain: "Please write your message as plain text: some of its characters can't be sent.",
  deliverOn: "Please choose the day it should arrive: today or a later day.",
  tooFar: `Please choose a day within the next ${LATEST_DELIVERY_DAYS} days.`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * What hides or reorders text, refused as site/plain-text.ts refuses it (kept apart: payments reads no site
 * module): control characters but line breaks and tabs, bidirectional overrides and isolates.
 */
const NOT_PLAIN = /[\u202A-\u202E\u2066-\u2069]|(?![\n\t])\p{Cc}/u;

/**
 * Reads what the giver typed, the same in her browser and on the server:
 * the address normalised, the message trimmed, the day from today on. Each
 * field that can't be used gets its own message.
 */
export function checkGift(
  input: { recipientEmail?: unknown; message?: unknown; deliverOn?: unknown },
  today: CalendarDate,
  giverEmail?: string,
): { ok: true; gift: GiftDetails } | { ok: false; errors: GiftErrors } {
  const errors: GiftErrors = {};
  const email = typeof input.recipientEmail === "string" ? normalizeEmail(input.recipientEmail) : "";
  if (!EMAIL.test(email) || email.length > 254) errors.recipientEmail = giftMessages.recipientEmail;
  else if (giverEmail && email === normalizeEmail(giverEmail))
    errors.recipientEmail = giftMessages.ownAddress;
  const message = typeof input.message === "string" ? input.message.trim().replace(/\r\n?/g, "\n") : "";
  if (!message) errors.message = giftMessages.messageMissing;
  else if (message.length > MESSAGE_MAX) errors.message = giftMessages.messageTooLong;
  else if (!message.isWellFormed() || NOT_PLAIN.test(message)) errors.message = giftMessages.messageNotPlain;
  const day = typeof input.deliverOn === "string" ? input.deliverOn : "";
  if (!isCalendarDate(day) || day < today) errors.deliverOn = giftMessages.deliverOn;
  else if (day > addDays(today, LATEST_DELIVERY_DAYS)) errors.deliverOn = giftMessages.tooFar;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, gift: { recipientEmail: email, message, deliverOn: day } };
}

/** When a gift for `deliverOn` goes: now when that is today (or past), else DELIVERY_TIME that day. */
export function deliveryInstant(deliverOn: CalendarDate, timeZone: string, now: Date): Date {
  if (deliverOn <= todayIn(timeZone, now)) return now;
  return instantAt(deliverOn, DELIVERY_TIME, timeZone);
}

/** Where a paid gift is: waiting for its day, delivered, redeemed, refunded, or met by a course she had already. */
export type GiftState = "scheduled" | "delivered" | "redeemed" | "already-had" | "refunded";

export interface GiftFacts {
  purchaseStatus: string;
  paidAt: Date | null;
  deliveredAt: Date | null;
  redeemedAt: Date | null;
  alreadyHadAt: Date | null;
}

export function giftState(gift: GiftFacts): GiftState {
  if (gift.purchaseStatus === "refunded") return "refunded";
  if (gift.redeemedAt) return "redeemed";
  if (gift.alreadyHadAt) return "already-had";
  if (gift.deliveredAt) return "delivered";
  return "scheduled";
}

/** The giver may change the day or the address until the gift is delivered. */
export function mayChangeDelivery(gift: GiftFacts): boolean {
  return gift.purchaseStatus === "succeeded" && giftState(gift) === "scheduled";
}

/**
 * The giver may refund a gift never redeemed, herself, within GIFT_REFUND_DAYS
 * of paying; and whenever its recipient turned out to have the course already.
 * Once redeemed it is the recipient's course, and only the owner refunds it.
 */
export function mayRefundGift(gift: GiftFacts, now: Date): boolean {
  if (gift.purchaseStatus !== "succeeded" || !gift.paidAt) return false;
  const state = giftState(gift);
  if (state === "already-had") return true;
  if (state !== "scheduled" && state !== "delivered") return false;
  return now.getTime() - gift.paidAt.getTime() < GIFT_REFUND_DAYS * 86_400_000;
}

/** A gift as the giver's page shows it. */
export interface GivenGiftView {
  id: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
  state: GiftState;
  stateText: string;
  mayChange: boolean;
  mayRefund: boolean;
  /** "€27". */
  amount: string;
  /** Her invoice's PDF, once issued. */
  invoiceUrl: string | null;
}

/** What the giver's page says of a gift's state. */
export function giftStateText(state: GiftState, deliverOn: string): string {
  switch (state) {
    case "scheduled":
      return `Arrives on ${formatLongDate(deliverOn)}`;
    case "delivered":
      return "Delivered, not yet opened";
    case "redeemed":
      return "Redeemed: the course is hers";
    case "already-had":
      return "She already had the course";
    case "refunded":
      return "Refunded to you";
  }
}
