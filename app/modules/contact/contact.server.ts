import crypto from "node:crypto";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { queueEmail, withinBudget, type Mailer } from "#app/modules/email/outbox.server.ts";
import { contactMessageEmail } from "#app/modules/email/templates.ts";
import type { Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import {
  addressKey,
  hitLimits,
  limitKey,
  tooManyAttemptsMessage,
  type LimitRule,
} from "#app/platform/rate-limit.server.ts";
import { contactMessages, type ContactMessageInput } from "./contact-form.ts";
import { touchThread } from "./inbox.server.ts";

/**
 * Enough for a visitor with follow-up questions; too few to make the form a
 * spam relay, from one address or in one sender's name.
 */
export const CONTACT_LIMIT: LimitRule = { limit: 5, windowSeconds: 3600 };
export const CONTACT_SENDER_LIMIT: LimitRule = { limit: 10, windowSeconds: 24 * 3600 };

export interface ContactDeps {
  db: Db;
  mailer: Pick<Mailer, "deliverSoon">;
  /** Where messages go: env.OWNER_EMAIL. */
  ownerEmail: string;
  log: Logger;
}

/** Where a message comes from: the request's headers, and the member signed in on it (if any). */
export interface ContactSender {
  headers: Headers;
  member: { id: string; email: string } | null;
}

export type ContactOutcome =
  | { ok: true; messageId: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
  | { ok: false; status: 503; message: string };

/**
 * Stores a validated contact message and queues the owner's email in one
 * transaction, so a message is never kept without its email or emailed
 * without being kept; then tries to deliver the email at once. A mail server
 * that is down only delays the email: the outbox retries it.
 *
 * A message is confirmed as hers (kept with her account's id, in her
 * conversation) only when it comes from her signed-in session with her own
 * address; anything else is kept as not confirmed, in a thread apart.
 */
export async function sendContactMessage(
  { db, mailer, ownerEmail, log }: ContactDeps,
  { headers, member }: ContactSender,
  input: ContactMessageInput,
  now = new Date(),
): Promise<ContactOutcome> {
  // The server sets this header from the socket; without it every such request shares one count.
  const clientIp = headers.get(CLIENT_IP_HEADER) ?? "unknown";
  // Anyone can type any address: a message is hers only from her own session, in her own name.
  const senderId = member && normalizeEmail(member.email) === input.email ? member.id : null;
  let stored: { messageId: string; emailId: string | null };
  try {
    const limit = await hitLimits(
      db,
      [
        { key: addressKey("contact:ip", clientIp), rule: CONTACT_LIMIT },
        { key: limitKey("contact:sender", input.email), rule: CONTACT_SENDER_LIMIT },
      ],
      now.getTime(),
    );
    if (!limit.allowed) {
      log.warn({ retryAfterSeconds: limit.retryAfterSeconds }, "contact form rate limit reached");
      return {
        ok: false,
        status: 429,
        message: tooManyAttemptsMessage(limit.retryAfterSeconds),
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
    // Every message is kept; past the owner's daily budget of notices (email/budgets.ts), it waits unannounced.
    const notify = await withinBudget(db, { kind: "contact-message", to: ownerEmail });
    if (!notify) log.warn("contact message kept without a notice: the owner's daily notices are spent");
    stored = await storeAndQueue(db, notify ? ownerEmail : null, input, senderId, now);
  } catch (error) {
    // Nothing was kept. An answer (rather than an error page) lets the visitor keep what she typed.
    log.error({ err: error }, "contact message could not be stored");
    return { ok: false, status: 503, message: contactMessages.failed };
  }
  // Only the ids: the message itself is the visitor's, not the log's.
  log.info({ contactMessage: stored.messageId, email: stored.emailId }, "contact message stored");

  if (stored.emailId) mailer.deliverSoon(stored.emailId);
  return { ok: true, messageId: stored.messageId };
}

/**
 * Keeps the message in its thread (the confirmed one when `senderId` is her
 * account) and, unless `ownerEmail` is null, queues the owner's notice with it.
 */
async function storeAndQueue(
  db: Db,
  ownerEmail: string | null,
  input: ContactMessageInput,
  senderId: string | null,
  now: Date,
) {
  const messageId = crypto.randomUUID();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({
        id: messageId,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        sender_id: senderId,
        created_at: now.toISOString(),
      })
      .execute();
    await touchThread(trx, { address: input.email, confirmed: senderId !== null }, now);
    if (!ownerEmail) return { messageId, emailId: null };
    const emailId = await queueEmail(trx, {
      kind: "contact-message",
      to: ownerEmail,
      // The owner's copy quotes the visitor: it goes with her data if she deletes her account.
      about: input.email,
      ...contactMessageEmail({ ...input, confirmed: senderId !== null }),
    });
    return { messageId, emailId };
  });
}
