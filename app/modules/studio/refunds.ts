import {
  GIVER_REFUND_REASON,
  REFUND_REASONS,
  refundUnderWay,
  type RefundReason,
} from "#app/modules/payments/owner-refunds.ts";
import type { PurchaseStatus } from "../../../db/schema.ts";
import { studioReturnPath } from "./gate.ts";
import { REASON_MAX, REASON_MIN } from "./member-actions.ts";

/**
 * An owner's refund as the studio shows and asks for it, the same from the
 * purchases, a member's page and a conversation: one confirmation page that
 * names her and the amount, asks why, and goes back where it came from.
 */

/** Each reason in the owner's words, as the confirmation offers them and the pages and the log show them. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  guarantee: "Asked within the 30-day guarantee",
  mistake: "Paid by mistake",
  problem: "Something didn't work for her",
  circumstances: "Her circumstances changed",
  other: "Another reason",
};

export const REFUND_REASON_CHOICES = REFUND_REASONS.map((value) => ({
  value,
  label: REFUND_REASON_LABELS[value],
}));

/** The refund's confirmation page, which goes back to `back` once done or cancelled. */
export function refundPath(purchaseId: string, back: string): string {
  return `/studio/purchases/${encodeURIComponent(purchaseId)}/refund?back=${encodeURIComponent(back)}`;
}

/** The purchase whose refund a studio path confirms, or null when it is another page. */
export function refundPurchaseIdOf(path: string): string | null {
  return /^\/studio\/purchases\/([\w-]+)\/refund(?:\?|$)/.exec(path)?.[1] ?? null;
}

/** Where a confirmation goes back to: the studio page it was opened from, or the purchases. */
export function refundBackPath(value: string | null | undefined): string {
  return value ? studioReturnPath(value) : "/studio/purchases";
}

/** Where a purchase stands, as far as a refund from the studio goes. */
export type RefundState =
  | { kind: "refundable" }
  /** An owner's refund is with the provider now (or was, minutes ago, when the server stopped). */
  | { kind: "under-way" }
  /** `at`: when (ISO 8601); `reason`: the owner's reason, when she refunded it here. */
  | { kind: "refunded"; at: string | null; reason: string | null }
  /** Pending, failed, or a second payment (refunded on its own): nothing to refund. */
  | { kind: "none" };

export function refundStateOf(
  purchase: {
    status: PurchaseStatus;
    refundedAt: string | null;
    refundReason: string | null;
    refundStartedAt: string | null;
  },
  now: Date,
): RefundState {
  if (purchase.status === "refunded") {
    const reason = purchase.refundReason;
    return {
      kind: "refunded",
      at: purchase.refundedAt,
      reason:
        reason === GIVER_REFUND_REASON
          ? "A gift, refunded by its giver"
          : reason && Object.hasOwn(REFUND_REASON_LABELS, reason)
            ? REFUND_REASON_LABELS[reason as RefundReason]
            : null,
    };
  }
  if (purchase.status !== "succeeded") return { kind: "none" };
  const startedAt = purchase.refundStartedAt ? new Date(purchase.refundStartedAt) : null;
  return refundUnderWay(startedAt, now) ? { kind: "under-way" } : { kind: "refundable" };
}

/** "Refunded 5 Dec 2026 · Paid by mistake": a refunded purchase in one line, its day written by `day` (the owner's clock). */
export function refundedText(
  state: Extract<RefundState, { kind: "refunded" }>,
  day: (at: string) => string,
): string {
  return [state.at ? `Refunded ${day(state.at)}` : "Refunded", state.reason].filter(Boolean).join(" · ");
}

/** Whom a refund goes to, in a heading or a message: her name, else her address; a deleted account's is no one's. */
export function refundRecipient(member: { name: string | null; email: string | null } | null): string {
  const who = member?.name?.trim() || member?.email || null;
  if (!who) return "a deleted account";
  // A heading and a flash message hold a name, not a paragraph.
  return who.length > 60 ? `${who.slice(0, 59)}…` : who;
}

/** What the studio's check says it is for, when it interrupts something that has a name. */
export interface CheckPurpose {
  heading: string;
  then: string;
}

/** The check's words when it interrupts a refund: "Confirm it's you to refund €27 to Aoife Murphy". */
export function refundCheckPurpose(amount: string, who: string): CheckPurpose {
  return {
    heading: `Confirm it's you to refund ${amount} to ${who}`,
    then: "Enter your authenticator code. Then you're back at the refund, to give your reason and make it.",
  };
}

/** The confirmation's question: "Refund €27 to Aoife Murphy?". */
export function refundQuestion(amount: string, who: string): string {
  return `Refund ${amount} to ${who}?`;
}

/**
 * What is wrong with a refund's form beyond its fields' own rules: "another reason" needs her words,
 * kept beside the log's entry with the member (a deleted account has no one to keep them with).
 */
export function refundFormProblem(
  form: { reason: RefundReason; note: string },
  hasMember: boolean,
): string | null {
  if (!hasMember || form.reason !== "other" || form.note.length >= REASON_MIN) return null;
  return `You chose "${REFUND_REASON_LABELS.other}": please say what it is, in a few words (up to ${REASON_MAX} characters).`;
}

/** The message on the page she goes back to. */
export function refundDoneMessage(refund: {
  amount: string;
  who: string;
  courseEnded: boolean;
  emailed: boolean;
}): string {
  const done = `Refunded ${refund.amount} to ${refund.who}.`;
  if (refund.courseEnded && refund.emailed)
    return `${done} Her premium has ended, and she has an email to say so.`;
  if (refund.courseEnded) return `${done} Her premium has ended.`;
  if (refund.emailed) return `${done} She has an email to say so.`;
  return done;
}
