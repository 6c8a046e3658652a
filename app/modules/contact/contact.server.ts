import crypto from "node:crypto";
import { CLIENT_IP_HEADER } from "~/modules/accounts/auth.server.ts";
import { queueEmail, type Mailer } from "~/modules/email/outbox.server.ts";
import { contactMessageEmail } from "~/modules/email/templates.ts";
import type { Db } from "~/platform/db.server.ts";
import type { Logger } from "~/platform/log.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage, type LimitRule } from "~/platform/rate-limit.server.ts";
import { contactMessages, type ContactMessageInput } from "./contact-form.ts";

/** Enough for a visitor with follow-up questions; too few to make the form a spam relay. */
export const CONTACT_LIMIT: LimitRule = { limit: 5, windowSeconds: 3600 };

export interface ContactDeps {
  db: Db;
  mailer: Pick<Mailer, "deliverSoon">;
  /** Where messages go: env.OWNER_EMAIL. */
  ownerEmail: string;
  log: Logger;
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
 */
export async function sendContactMessage(
  { db, mailer, ownerEmail, log }: ContactDeps,
  headers: Headers,
  input: ContactMessageInput,
  now = new Date(),
): Promise<ContactOutcome> {
  // The server sets this header from the socket; without it every such request shares one count.
  const clientIp = headers.get(CLIENT_IP_HEADER) ?? "unknown";
  let stored: { messageId: string; emailId: string };
  try {
    const limit = await hitLimit(db, limitKey("contact:ip", clientIp), CONTACT_LIMIT, now.getTime());
    if (!limit.allowed) {
      log.warn({ retryAfterSeconds: limit.retryAfterSeconds }, "contact form rate limit reached");
      return {
        ok: false,
        status: 429,
        message: tooManyAttemptsMessage(limit.retryAfterSeconds),
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
    stored = await storeAndQueue(db, ownerEmail, input, now);
  } catch (error) {
    // Nothing was kept. An answer (rather than an error page) lets the visitor keep what she typed.
    log.error({ err: error }, "contact message could not be stored");
    return { ok: false, status: 503, message: contactMessages.failed };
  }
  // Only the ids: the message itself is the visitor's, not the log's.
  log.info({ contactMessage: stored.messageId, email: stored.emailId }, "contact message stored");

  mailer.deliverSoon(stored.emailId);
  return { ok: true, messageId: stored.messageId };
}

async function storeAndQueue(db: Db, ownerEmail: string, input: ContactMessageInput, now: Date) {
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
        created_at: now.toISOString(),
      })
      .execute();
    const emailId = await queueEmail(trx, {
      kind: "contact-message",
      to: ownerEmail,
      // The owner's copy quotes the visitor: it goes with her data if she deletes her account.
      about: input.email,
      ...contactMessageEmail(input),
    });
    return { messageId, emailId };
  });
}
