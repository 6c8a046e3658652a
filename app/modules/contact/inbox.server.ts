import crypto from "node:crypto";
import { decodeTimeCursor, encodeTimeCursor, type TimeCursor } from "#app/platform/time-cursor.ts";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, EmailStatus } from "../../../db/schema.ts";
import { queueEmail, type Mailer } from "#app/modules/email/outbox.server.ts";
import { contactReplyEmail } from "#app/modules/email/templates.ts";
import { isPlainText } from "#app/modules/site/plain-text.ts";
import { recordAudit, type AuditAction } from "#app/modules/studio/audit.server.ts";
import type { StudioOwner } from "#app/modules/studio/studio.server.ts";
import { isPostgres, isUniqueViolation, type Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import {
  hitLimit,
  limitKey,
  tooManyAttemptsMessage,
  type LimitRule,
} from "#app/platform/rate-limit.server.ts";
import { REPLY_MAX } from "./inbox.ts";

/**
 * The studio's contact inbox. A thread is every message sent in one
 * (normalised) address's name, with the owner's replies to it; its state
 * (read, archived, latest activity) is a row in `contact_threads`, found in
 * the studio by a random id rather than by the visitor's address. A new
 * message marks its thread unread and brings it back to the inbox
 * (`touchThread`, in the message's own transaction). Replies go out through
 * the email outbox like every other email, and are kept in the thread.
 *
 * Anyone can type an address into the public form, so an address has two
 * threads: the confirmed one (messages its member sent signed in, linked to
 * her account) and the one nobody confirmed (not linked to anyone; a reply
 * to it quotes nothing of it, so no stranger's words reach her in our name).
 */

const INBOX_PAGE_SIZE = 50;
/** Replies an owner may send in an hour: each is an email to someone outside. */
export const REPLY_LIMIT: LimitRule = { limit: 30, windowSeconds: 3600 };
/** How much of a thread's latest message the inbox shows. */
const EXCERPT_LENGTH = 160;

export type InboxView = "open" | "archived";

interface InboxThreadSummary {
  id: string;
  /** The name on her latest message (her address if there is none). */
  name: string;
  address: string;
  messageCount: number;
  /** The start of her latest message. */
  excerpt: string;
  /** Her latest message or the owner's latest reply, ISO 8601. */
  lastActivityAt: string;
  unread: boolean;
  /** The owner's reply is the thread's latest word. */
  answered: boolean;
  /** Its messages came from the signed-in member with this address. */
  confirmed: boolean;
  /** That member, for a confirmed thread; null for one nobody confirmed. */
  memberId: string | null;
}

export interface InboxPage {
  threads: InboxThreadSummary[];
  /** For the page after this one; null on the last page. */
  nextCursor: string | null;
}

type ThreadEntry =
  | { kind: "message"; id: string; name: string; phone: string | null; text: string; at: string }
  | {
      kind: "reply";
      id: string;
      /** Who wrote it; null once her account is gone. */
      ownerName: string | null;
      text: string;
      at: string;
      /** Where its email is: null if the outbox no longer has it. */
      delivery: EmailStatus | null;
    };

export interface InboxThread {
  id: string;
  name: string;
  address: string;
  confirmed: boolean;
  memberId: string | null;
  archived: boolean;
  /** Messages and replies, oldest first. */
  entries: ThreadEntry[];
}

export type InboxResult = { ok: true; message: string } | { ok: false; status: number; message: string };

const NO_SUCH_THREAD: InboxResult = { ok: false, status: 404, message: "There is no such conversation." };

const iso = (value: Date | string) => new Date(value).toISOString();

/** A time to write or compare with a timestamp column, on either engine. */
function at(db: Db, when: Date) {
  return isPostgres(db)
    ? sql<string>`cast(${when.toISOString()} as timestamptz)`
    : sql<string>`${when.toISOString()}`;
}

/** The messages of thread `t`: in its address's name, and confirmed or not as it is. */
const IN_THREAD = sql<SqlBool>`m.email = t.address and (m.sender_id is not null) = t.confirmed`;

/**
 * Notes a new message in its thread, inside the message's transaction: the
 * thread is made if it is the first of its kind for the address, and is
 * unread and in the inbox again either way.
 */
export async function touchThread(
  trx: Db,
  { address, confirmed }: { address: string; confirmed: boolean },
  now: Date,
): Promise<void> {
  await trx
    .insertInto("contact_threads")
    .values({
      id: crypto.randomUUID(),
      address,
      confirmed,
      last_activity_at: now.toISOString(),
      read_at: null,
      archived_at: null,
    })
    .onConflict((oc) =>
      oc.columns(["address", "confirmed"]).doUpdateSet({
        last_activity_at: sql<string>`case when contact_threads.last_activity_at < excluded.last_activity_at
          then excluded.last_activity_at else contact_threads.last_activity_at end`,
        read_at: null,
        archived_at: null,
      }),
    )
    .execute();
}

/** The inbox or the archive, newest activity first, a page at a time. */
export async function inboxThreads(
  db: Db,
  { view, cursor, limit = INBOX_PAGE_SIZE }: { view: InboxView; cursor?: string; limit?: number },
): Promise<InboxPage> {
  const postgres = isPostgres(db);
  const size = Math.min(100, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : INBOX_PAGE_SIZE)));
  const after = decodeTimeCursor(cursor);
  const rows = await db
    .selectFrom("contact_threads as t")
    .select((eb) => [
      "t.id",
      "t.address",
      "t.confirmed",
      "t.read_at",
      "t.last_activity_at",
      (postgres ? sql<string>`t.last_activity_at::text` : sql<string>`t.last_activity_at`).as("activity_key"),
      eb
        .selectFrom("contact_messages as m")
        .select("m.name")
        .where(IN_THREAD)
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(1)
        .as("name"),
      eb
        .selectFrom("contact_messages as m")
        .select(sql<string>`substr(m.message, 1, ${EXCERPT_LENGTH + 1})`.as("excerpt"))
        .where(IN_THREAD)
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(1)
        .as("excerpt"),
      eb
        .selectFrom("contact_messages as m")
        .select("m.created_at")
        .where(IN_THREAD)
        .orderBy("m.created_at", "desc")
        .limit(1)
        .as("last_message_at"),
      eb
        .selectFrom("contact_messages as m")
        .select((inner) => inner.fn.countAll().as("count"))
        .where(IN_THREAD)
        .as("message_count"),
      eb
        .selectFrom("contact_replies as r")
        .select("r.created_at")
        .whereRef("r.thread_id", "=", "t.id")
        .orderBy("r.created_at", "desc")
        .limit(1)
        .as("last_reply_at"),
      threadMember(eb),
    ])
    .where("t.archived_at", view === "archived" ? "is not" : "is", null)
    .$if(after !== null, (query) => query.where(before(after!, postgres)))
    .orderBy("t.last_activity_at", "desc")
    .orderBy("t.id", "desc")
    .limit(size + 1)
    .execute();

  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    threads: page.map((row) => {
      const excerpt = (row.excerpt ?? "").replace(/\s+/g, " ").trim();
      return {
        id: row.id,
        name: row.name ?? row.address,
        address: row.address,
        messageCount: Number(row.message_count ?? 0),
        excerpt: excerpt.length > EXCERPT_LENGTH ? `${excerpt.slice(0, EXCERPT_LENGTH - 1)}…` : excerpt,
        lastActivityAt: iso(row.last_activity_at),
        unread: row.read_at === null,
        confirmed: Boolean(row.confirmed),
        answered:
          row.last_reply_at !== null &&
          (row.last_message_at === null ||
            new Date(row.last_reply_at).getTime() >= new Date(row.last_message_at).getTime()),
        memberId: row.member_id ?? null,
      };
    }),
    nextCursor: rows.length > size && last ? encodeTimeCursor({ key: last.activity_key, id: last.id }) : null,
  };
}

/** How many threads in the inbox are unread (one range of the inbox's index). */
export async function unreadThreadCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("contact_threads")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("archived_at", "is", null)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The member who sent a confirmed thread's messages (its latest one's sender, while her account is there). */
function threadMember(eb: ExpressionBuilder<Database & { t: Database["contact_threads"] }, "t">) {
  return eb
    .selectFrom("contact_messages as m")
    .innerJoin("user as u", "u.id", "m.sender_id")
    .select("u.id")
    .where(IN_THREAD)
    .orderBy("m.created_at", "desc")
    .limit(1)
    .as("member_id");
}

async function threadById(db: Db, threadId: string) {
  if (!threadId || threadId.length > 64) return undefined;
  const row = await db
    .selectFrom("contact_threads as t")
    .select((eb) => ["t.id", "t.address", "t.confirmed", "t.read_at", "t.archived_at", threadMember(eb)])
    .where("t.id", "=", threadId)
    .executeTakeFirst();
  return row && { ...row, confirmed: Boolean(row.confirmed) };
}

/** The messages of a thread, by its address and whether it is the confirmed one. */
function threadMessages(db: Db, thread: { address: string; confirmed: boolean }) {
  return db
    .selectFrom("contact_messages")
    .where("email", "=", thread.address)
    .where("sender_id", thread.confirmed ? "is not" : "is", null);
}

/**
 * One thread, messages and replies in the order they were written; opening
 * it marks it read. Undefined for a thread that isn't there.
 */
export async function inboxThread(
  db: Db,
  threadId: string,
  now = new Date(),
): Promise<InboxThread | undefined> {
  const thread = await threadById(db, threadId);
  if (!thread) return undefined;
  const [messages, replies] = await Promise.all([
    threadMessages(db, thread)
      .select(["id", "name", "phone", "message", "created_at"])
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("contact_replies as r")
      .leftJoin("user as u", "u.id", "r.owner_id")
      .leftJoin("email_outbox as o", "o.id", "r.outbox_id")
      .select(["r.id", "r.body", "r.created_at", "u.name as owner_name", "o.status"])
      .where("r.thread_id", "=", thread.id)
      .orderBy("r.created_at")
      .orderBy("r.id")
      .execute(),
  ]);
  if (thread.read_at === null) {
    await db
      .updateTable("contact_threads")
      .set({ read_at: now.toISOString() })
      .where("id", "=", thread.id)
      .where("read_at", "is", null)
      .execute();
  }
  const entries: ThreadEntry[] = [
    ...messages.map((m): ThreadEntry => ({
      kind: "message",
      id: m.id,
      name: m.name,
      phone: m.phone,
      text: m.message,
      at: iso(m.created_at),
    })),
    ...replies.map((r): ThreadEntry => ({
      kind: "reply",
      id: r.id,
      ownerName: r.owner_name ?? null,
      text: r.body,
      at: iso(r.created_at),
      delivery: r.status ?? null,
    })),
  ];
  // Oldest first; a message before a reply written in the same instant.
  entries.sort((a, b) => a.at.localeCompare(b.at) || (a.kind === b.kind ? 0 : a.kind === "message" ? -1 : 1));
  const latest = messages.at(-1);
  return {
    id: thread.id,
    name: latest?.name ?? thread.address,
    address: thread.address,
    confirmed: thread.confirmed,
    memberId: thread.member_id ?? null,
    archived: thread.archived_at !== null,
    entries,
  };
}

/** Moves a thread to the archive, or back to the inbox. */
export async function setThreadArchived(
  db: Db,
  owner: StudioOwner,
  threadId: string,
  archived: boolean,
  now = new Date(),
): Promise<InboxResult> {
  const thread = await threadById(db, threadId);
  if (!thread) return NO_SUCH_THREAD;
  const changed = await db
    .updateTable("contact_threads")
    .set({ archived_at: archived ? now.toISOString() : null })
    .where("id", "=", thread.id)
    .where("archived_at", archived ? "is" : "is not", null)
    .executeTakeFirst();
  // Pressed twice, it is where she wanted it already: nothing to log.
  if (Number(changed.numUpdatedRows) > 0) {
    await audit(db, owner, archived ? "contact.archived" : "contact.unarchived", thread, now);
  }
  return { ok: true, message: archived ? "Archived." : "Moved to the inbox." };
}

/** Marks a thread unread, as if its latest message had just come. */
export async function markThreadUnread(
  db: Db,
  owner: StudioOwner,
  threadId: string,
  now = new Date(),
): Promise<InboxResult> {
  const thread = await threadById(db, threadId);
  if (!thread) return NO_SUCH_THREAD;
  const changed = await db
    .updateTable("contact_threads")
    .set({ read_at: null })
    .where("id", "=", thread.id)
    .where("read_at", "is not", null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) await audit(db, owner, "contact.marked-unread", thread, now);
  return { ok: true, message: "Marked as unread." };
}

export interface ReplyDeps {
  db: Db;
  mailer: Pick<Mailer, "deliverSoon">;
  /** Where she can write back: env.SUPPORT_EMAIL. */
  supportEmail: string;
  log: Logger;
}

const SENT_ON = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/**
 * Emails the owner's reply to the thread's address through the outbox, and
 * keeps it in the thread, in one transaction with its audit entry. Bad input
 * and an unknown thread change nothing; past REPLY_LIMIT in an hour (counted
 * per owner, atomically) nothing is sent. Only a confirmed thread's reply
 * greets her by the name on it and quotes her latest message: what nobody
 * confirmed may not be hers.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function replyToThread(
  deps: ReplyDeps,
  owner: StudioOwner,
  threadId: string,
  { body: rawBody, replyId }: { body: string; replyId: string },
  now = new Date(),
): Promise<InboxResult> {
  // The reply form's own id, new each time the form is shown: the same form sent twice is one reply.
  if (!UUID.test(replyId))
    return { ok: false, status: 400, message: "Please use the reply form on this page." };
  const body = rawBody.replace(/\r\n?/g, "\n").trim();
  if (body.length === 0) return { ok: false, status: 400, message: "Please write your reply." };
  if (body.length > REPLY_MAX) {
    return {
      ok: false,
      status: 400,
      message: `Please keep your reply under ${REPLY_MAX.toLocaleString("en-GB")} characters.`,
    };
  }
  if (!isPlainText(body, { multiline: true })) {
    return {
      ok: false,
      status: 400,
      message: "Your reply contains characters we can't send. Please retype it or paste it as plain text.",
    };
  }
  const { db } = deps;
  const thread = await threadById(db, threadId);
  if (!thread) return NO_SUCH_THREAD;
  const answered = await threadMessages(db, thread)
    .select(["name", "message", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!answered) return NO_SUCH_THREAD;

  const limit = await hitLimit(db, limitKey("studio-contact-reply", owner.id), REPLY_LIMIT, now.getTime());
  if (!limit.allowed) {
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  }

  const sentAlready = async () =>
    (await db.selectFrom("contact_replies").select("id").where("id", "=", replyId).executeTakeFirst()) !==
    undefined;
  if (await sentAlready()) return { ok: true, message: "Reply sent." };
  const outboxId = await db
    .transaction()
    .execute(async (trx) => {
      const queued = await queueEmail(trx, {
        kind: "contact-reply",
        to: thread.address,
        ...contactReplyEmail({
          reply: body,
          answering: thread.confirmed
            ? {
                name: answered.name,
                message: answered.message,
                sentOn: SENT_ON.format(new Date(answered.created_at)),
              }
            : null,
          supportEmail: deps.supportEmail,
        }),
      });
      await trx
        .insertInto("contact_replies")
        .values({
          id: replyId,
          address: thread.address,
          thread_id: thread.id,
          owner_id: owner.id,
          body,
          outbox_id: queued,
          created_at: now.toISOString(),
        })
        .execute();
      const when = at(trx, now);
      await trx
        .updateTable("contact_threads")
        .set({
          last_activity_at: sql<string>`case when last_activity_at < ${when} then ${when} else last_activity_at end`,
          // Answering it, she has read it.
          read_at: sql<string>`coalesce(read_at, ${when})`,
        })
        .where("id", "=", thread.id)
        .execute();
      await audit(trx, owner, "contact.replied", thread, now);
      return queued;
    })
    // Sent twice at once: the other took the reply's id, and its email with it; this one queued nothing.
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (outboxId === null) return { ok: true, message: "Reply sent." };
  // Ids only: the reply and the address are the visitor's and the owner's, not the log's.
  deps.log.info({ contactThread: thread.id, email: outboxId }, "contact reply queued");
  deps.mailer.deliverSoon(outboxId);
  return { ok: true, message: "Reply sent." };
}

/** An inbox action in the audit log: about the member if the address is one's, and the thread by id. */
async function audit(
  db: Db,
  owner: StudioOwner,
  action: AuditAction,
  thread: { id: string; member_id: string | null },
  now: Date,
) {
  await recordAudit(
    db,
    {
      actorId: owner.id,
      action,
      subjectId: thread.member_id,
      detail: { thread: thread.id.slice(0, 8) },
      ip: owner.ip,
    },
    now,
  );
}

/** Threads after the cursor's, in the inbox's order (newest activity first, then by id). */
function before(cursor: TimeCursor, postgres: boolean): Expression<SqlBool> {
  const key = postgres ? sql`cast(${cursor.key} as timestamptz)` : sql`${cursor.key}`;
  return sql<SqlBool>`(t.last_activity_at, t.id) < (${key}, ${cursor.id})`;
}
