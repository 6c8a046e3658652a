/**
 * How much email one address can be made to receive. Anyone can ask for a
 * sign-in link, a code or a reset for any address, so those are held per
 * recipient; over the budget the email is quietly not sent, and the page
 * answers as it always does, so the limit tells an outsider nothing.
 * Receipts and refund notices follow payments, which are limited where
 * they are taken.
 */

export interface Rule {
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Three of each kind in a quarter of an hour, and ten a day of all of them together. */
export const PER_KIND_BUDGET: Rule = { limit: 3, windowSeconds: 15 * MINUTE };
const DAILY_BUDGET: Rule = { limit: 10, windowSeconds: DAY };

/** The email anyone can cause to be sent to an address by typing it into a form. */
const ON_REQUEST_KINDS: ReadonlySet<string> = new Set([
  "magic-link",
  "sign-in-code",
  "password-reset",
  "confirm-email",
  "account-exists",
  "welcome",
  "deletion-code",
  "partner-invitation",
]);

/**
 * The owner's notice of each contact message: every message is kept, and
 * past this many in a day the notices stop until the next, so a flood can't
 * bury the owner's inbox.
 */
export const OWNER_NOTICE_BUDGET: Rule = { limit: 200, windowSeconds: DAY };

/** The counters (per recipient) an email of this kind is held to; none for receipts and the like. */
export function budgetFor(kind: string): { scope: string; rule: Rule }[] {
  if (ON_REQUEST_KINDS.has(kind)) {
    return [
      { scope: `mail:${kind}`, rule: PER_KIND_BUDGET },
      { scope: "mail:on-request", rule: DAILY_BUDGET },
    ];
  }
  if (kind === "contact-message") return [{ scope: "mail:owner-notice", rule: OWNER_NOTICE_BUDGET }];
  return [];
}
