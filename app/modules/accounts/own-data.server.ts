import crypto from "node:crypto";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { forgetLocalOutbox } from "#app/modules/email/transport.server.ts";
import type { DatabaseHandle, Db } from "#app/platform/db.server.ts";
import { achievements } from "#app/modules/program/practice.ts";
import type { AuditAction } from "#app/modules/studio/audit.server.ts";
import { AUDIT_LABELS } from "#app/modules/studio/audit-labels.ts";
import { normalizeEmail } from "./email-address.ts";

/**
 * A member's right to their own data: everything we hold about them, as JSON,
 * and the deletion of all of it. Both work from the id of the session's user,
 * and both find her rows through MEMBER_DATA.
 */

/** How a member's rows are found in one table. */
type Finder<Column extends string> =
  /** By a column holding her user id. */
  | { userId: Column }
  /** By columns holding an email address: hers, or any her purchases' receipts went to. */
  | { addresses: readonly Column[] }
  /** Rows between two people (her and her birth partner): by either's user id, or the address she was invited at. */
  | { either: { userIds: readonly Column[]; addresses?: readonly Column[] } }
  /** Kept without what ties them to her: these columns are cleared instead. */
  | { anonymise: { userId: Column; address: Column } }
  /** Better Auth's pending sign-in links, codes and reset tokens (see authTokenRows). */
  | { authTokens: { identifier: Column; value: Column } }
  /** Nothing about a member, and why. */
  | { none: string };

/**
 * Every table, and how a member's rows are found in it: the one list the
 * export and the deletion follow. TypeScript wants a line for each table in
 * db/schema.ts; own-data.server.test.ts reads the live schema and fails for
 * any column that looks like it holds a member (a user id, an address, an
 * identifier) that this list does not search.
 */
export const MEMBER_DATA: { [T in keyof Database]: Finder<keyof Database[T] & string> } = {
  user: { userId: "id" },
  session: { userId: "userId" },
  account: { userId: "userId" },
  verification: { authTokens: { identifier: "identifier", value: "value" } },
  profiles: { userId: "id" },
  member_access: { userId: "user_id" },
  programme_settings: { userId: "user_id" },
  member_versions: { userId: "user_id" },
  audio_progress: { userId: "user_id" },
  listening_days: { userId: "user_id" },
  program_schedule: { userId: "user_id" },
  user_progress: { userId: "user_id" },
  share_tokens: { userId: "user_id" },
  // Hers as the member who invited, or as the partner invited or linked.
  partner_invitations: { either: { userIds: ["user_id"], addresses: ["email"] } },
  partner_links: { either: { userIds: ["user_id", "partner_id"] } },
  birth_plan_versions: { userId: "user_id" },
  // All comments on her plan, and those she wrote as someone's birth partner.
  birth_plan_comments: { either: { userIds: ["user_id", "author_id"] } },
  confirmation_codes: { userId: "user_id" },
  labour_contractions: { userId: "user_id" },
  jobs: { userId: "user_id" },
  push_subscriptions: { userId: "user_id" },
  reminder_settings: { userId: "user_id" },
  // Those in her name (any of her addresses), and those she sent signed in (an address she had then).
  contact_messages: { either: { userIds: ["sender_id"], addresses: ["email"] } },
  // The studio's inbox: the thread of her messages, and the owner's replies to her.
  contact_threads: { addresses: ["address"] },
  contact_replies: { addresses: ["address"] },
  // Email to her, and the owner's copies of her contact messages.
  email_outbox: { addresses: ["to_address", "about_address"] },
  // A business keeps its sales records; they stay without the buyer or her receipt address.
  purchases: { anonymise: { userId: "user_id", address: "receipt_email" } },
  // Her authenticator, if she is an owner: removed with her account, never exported (it holds the secret).
  twoFactor: { userId: "userId" },
  // Her passkeys, if she is an owner: removed with her account.
  passkey: { userId: "userId" },
  studio_checks: { userId: "user_id" },
  // The reasons an owner gave for what she did about her account (premium granted or taken back).
  studio_reasons: { userId: "member_id" },
  // An owner's own studio settings (her time zone): removed with her account.
  studio_settings: { userId: "user_id" },
  audit_log: {
    none: "the studio's record of what owners did: accounts by id only, kept when one is deleted (decision 0024)",
  },
  rate_limits: { none: "keys are one-way hashes of an IP address or an email address, pruned after a day" },
  payment_events: { none: "the providers' event ids and types" },
};

export type MemberTable = keyof typeof MEMBER_DATA;

/** The columns a table's finder searches (a row found by user id goes whole). */
export function searchedColumns(table: MemberTable): string[] {
  const finder: Finder<string> = MEMBER_DATA[table];
  if ("userId" in finder) return [finder.userId];
  if ("addresses" in finder) return [...finder.addresses];
  if ("either" in finder) return [...finder.either.userIds, ...(finder.either.addresses ?? [])];
  if ("anonymise" in finder) return [finder.anonymise.userId, finder.anonymise.address];
  if ("authTokens" in finder) return [finder.authTokens.identifier, finder.authTokens.value];
  return [];
}

/** What identifies a member's rows: her id and her addresses, normalised. */
interface MemberKeys {
  id: string;
  addresses: string[];
}

async function memberKeys(db: Db, userId: string): Promise<MemberKeys | undefined> {
  const user = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const receipts = await db
    .selectFrom("purchases")
    .select("receipt_email")
    .where("user_id", "=", userId)
    .where("receipt_email", "is not", null)
    .execute();
  const addresses = [user.email, ...receipts.map((p) => p.receipt_email!)].map(normalizeEmail);
  return { id: userId, addresses: [...new Set(addresses)] };
}

/** The condition that picks a member's rows in `table`, as MEMBER_DATA says. */
function ofMember(table: MemberTable, member: MemberKeys): RawBuilder<SqlBool> {
  const finder: Finder<string> = MEMBER_DATA[table];
  if ("userId" in finder) return sql<SqlBool>`${sql.ref(finder.userId)} = ${member.id}`;
  if ("anonymise" in finder) return sql<SqlBool>`${sql.ref(finder.anonymise.userId)} = ${member.id}`;
  if ("addresses" in finder) return byAddress(finder.addresses, member);
  if ("either" in finder) {
    const { userIds, addresses = [] } = finder.either;
    const ids = userIds.map((column) => sql<SqlBool>`${sql.ref(column)} = ${member.id}`);
    return sql<SqlBool>`(${sql.join([...ids, ...(addresses.length ? [byAddress(addresses, member)] : [])], sql` or `)})`;
  }
  if ("authTokens" in finder) return authTokenRows(finder.authTokens, member);
  return sql<SqlBool>`1 = 0`;
}

/** Rows with one of her addresses in any of `columns`. */
function byAddress(columns: readonly string[], member: MemberKeys): RawBuilder<SqlBool> {
  // Stored normalised; lower() also finds a row written before addresses were.
  const addresses = sql.join(member.addresses);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) in (${addresses})`),
    sql` or `,
  )})`;
}

/**
 * Better Auth's verification rows that are hers: a reset token's value is her
 * user id; a magic link's value is JSON holding her address as she typed it
 * (and other JSON values may hold her id); a sign-in code's identifier is a
 * hash of "<type>-otp-<address>" (hashed because auth.server.ts sets
 * `storeIdentifier: "hashed"`; the format is Better Auth's email-otp plugin's).
 */
function authTokenRows(
  columns: { identifier: string; value: string },
  member: MemberKeys,
): RawBuilder<SqlBool> {
  const value = sql.ref(columns.value);
  // As a whole JSON string, quotes included: ana@example.com must not find joanna@example.com.
  const inJson = (text: string) =>
    sql`lower(${value}) like ${`%"${escapeLike(text.toLowerCase())}"%`} escape '\\'`;
  const mentions = [sql`${value} = ${member.id}`, ...[member.id, ...member.addresses].map(inJson)];
  const codes = member.addresses.flatMap((address) =>
    ["sign-in", "email-verification", "forget-password"].map((type) =>
      crypto.createHash("sha256").update(`${type}-otp-${address}`).digest("base64url"),
    ),
  );
  return sql<SqlBool>`(${sql.join(mentions, sql` or `)} or ${sql.ref(columns.identifier)} in (${sql.join(codes)}))`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const bool = (value: unknown) => Boolean(value);
/** Stored JSON as the value it holds; text that is not JSON, as it is (it is hers either way). */
const jsonOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function exportMemberData(db: Db, userId: string) {
  const member = await memberKeys(db, userId);
  if (!member) throw new Error("No such member");
  const mine = (table: MemberTable) => ofMember(table, member);
  const [
    user,
    accounts,
    sessions,
    profile,
    reminders,
    access,
    programme,
    audioProgress,
    daysListened,
    schedule,
    progress,
    shareTokens,
    purchases,
    contactMessages,
    contactReplies,
    emails,
    contractions,
    pushDevices,
    jobs,
    partnerInvitations,
    partnerLinks,
    birthPlanVersions,
    birthPlanComments,
    studioReasons,
  ] = await Promise.all([
    db
      .selectFrom("user")
      .select(["id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt"])
      .where(mine("user"))
      .executeTakeFirstOrThrow(),
    // Sign-in methods only: never password hashes or provider tokens.
    db.selectFrom("account").select(["providerId", "createdAt"]).where(mine("account")).execute(),
    db
      .selectFrom("session")
      .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
      .where(mine("session"))
      .execute(),
    db.selectFrom("profiles").selectAll().where(mine("profiles")).executeTakeFirst(),
    db.selectFrom("reminder_settings").selectAll().where(mine("reminder_settings")).executeTakeFirst(),
    db.selectFrom("member_access").selectAll().where(mine("member_access")).executeTakeFirst(),
    db.selectFrom("programme_settings").selectAll().where(mine("programme_settings")).executeTakeFirst(),
    db.selectFrom("audio_progress").selectAll().where(mine("audio_progress")).orderBy("updated_at").execute(),
    db.selectFrom("listening_days").select("day").where(mine("listening_days")).orderBy("day").execute(),
    db
      .selectFrom("program_schedule")
      .selectAll()
      .where(mine("program_schedule"))
      .orderBy("week_number")
      .orderBy("day_of_week")
      .execute(),
    db.selectFrom("user_progress").selectAll().where(mine("user_progress")).executeTakeFirst(),
    db.selectFrom("share_tokens").select(["created_at"]).where(mine("share_tokens")).execute(),
    db
      .selectFrom("purchases")
      .select([
        "provider",
        "amount_minor",
        "currency",
        "status",
        "receipt_email",
        "created_at",
        "succeeded_at",
        "refunded_at",
        "refund_reason",
      ])
      .where(mine("purchases"))
      .execute(),
    db
      .selectFrom("contact_messages")
      .select(["name", "email", "phone", "message", "created_at"])
      .where(mine("contact_messages"))
      .orderBy("created_at")
      .execute(),
    // What the course wrote back to her; never which owner wrote it.
    db
      .selectFrom("contact_replies")
      .select(["address", "body", "created_at"])
      .where(mine("contact_replies"))
      .orderBy("created_at")
      .execute(),
    // Bodies are gone once sent (they can hold sign-in links); what was sent, and when, is hers.
    db
      .selectFrom("email_outbox")
      .select(["kind", "subject", "to_address", "status", "created_at", "sent_at"])
      .where(mine("email_outbox"))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("labour_contractions")
      .select(["started_at", "ended_at"])
      .where(mine("labour_contractions"))
      .orderBy("started_at")
      .execute(),
    // Her devices' push addresses are secrets of their own: when each was added is hers to see.
    db.selectFrom("push_subscriptions").select("created_at").where(mine("push_subscriptions")).execute(),
    db
      .selectFrom("jobs")
      .select(["kind", "run_at", "status"])
      .where(mine("jobs"))
      .orderBy("run_at")
      .execute(),
    // Never the link's token (only its hash is kept anyway).
    db
      .selectFrom("partner_invitations")
      .select(["user_id", "email", "created_at", "expires_at", "accepted_at", "cancelled_at"])
      .where(mine("partner_invitations"))
      .orderBy("created_at")
      .execute(),
    db.selectFrom("partner_links").select(["user_id", "created_at"]).where(mine("partner_links")).execute(),
    db
      .selectFrom("birth_plan_versions")
      .select(["number", "content", "created_at", "updated_at", "restored_from"])
      .where(mine("birth_plan_versions"))
      .orderBy("number")
      .execute(),
    // The comments on her plan, and those she wrote on someone else's: never that plan itself.
    db
      .selectFrom("birth_plan_comments")
      .select(["user_id", "author_id", "section_id", "body", "created_at", "resolved_at"])
      .where(mine("birth_plan_comments"))
      .orderBy("created_at")
      .execute(),
    // The reasons the course's owner gave for what she did about her account; never who gave them.
    db
      .selectFrom("studio_reasons")
      .innerJoin("audit_log", "audit_log.id", "studio_reasons.audit_id")
      .select(["audit_log.action", "studio_reasons.reason", "studio_reasons.created_at"])
      .where(mine("studio_reasons"))
      .orderBy("studio_reasons.created_at")
      .execute(),
  ]);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: bool(user.emailVerified),
      image: user.image,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      signInMethods: accounts.map((a) => ({ provider: a.providerId, linkedAt: iso(a.createdAt) })),
      sessions: sessions.map((s) => ({
        createdAt: iso(s.createdAt),
        expiresAt: iso(s.expiresAt),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
    },
    profile: profile
      ? {
          subscriptionTier: access?.subscription_tier ?? "free",
          courseAccess: bool(access?.course_access ?? false),
          dueDate: programme?.due_date ?? null,
          programStartDate: programme?.program_start_date ?? null,
          isInduction: bool(programme?.is_induction ?? false),
          currentWeek: programme?.current_week ?? 1,
          currentStreak: programme?.current_streak ?? 0,
          timeZone: profile.time_zone,
          hideStreaks: bool(programme?.hide_streaks ?? false),
          babyBornOn: programme?.baby_born_on ?? null,
          babyName: programme?.baby_name ?? null,
          earlyPlanFrom: programme?.early_plan_from ?? null,
          // Whether her calendar link is on, never its secret.
          reminders: {
            time: reminders?.reminder_time ?? null,
            byEmail: bool(reminders?.remind_by_email ?? false),
            byPush: bool(reminders?.remind_by_push ?? false),
            timeZoneChosen: bool(profile.time_zone_chosen),
            calendarLinkOn: (reminders?.calendar_feed_id ?? null) !== null,
          },
          updatedAt: iso(profile.updated_at),
        }
      : null,
    audioProgress: audioProgress.map((row) => ({
      audioId: row.audio_id,
      audioTitle: row.audio_title,
      completed: bool(row.completed),
      listenedOffline: bool(row.listened_offline),
      completionDate: iso(row.completion_date),
      scheduledWeek: row.scheduled_week,
      scheduledDay: row.scheduled_day,
      playCount: row.play_count,
      updatedAt: iso(row.updated_at),
    })),
    daysListened: daysListened.map((row) => row.day),
    programSchedule: schedule.map((row) => ({
      weekNumber: row.week_number,
      dayOfWeek: row.day_of_week,
      activity: row.activity,
      scheduledDate: row.scheduled_date,
      completed: bool(row.completed),
      completedAt: iso(row.completed_at),
    })),
    practice: progress
      ? {
          dailyAudioCompleted: bool(progress.daily_audio_completed),
          lastDailyAudioDate: progress.last_daily_audio_date,
          streak: progress.affirmation_streak,
          longestStreak: progress.longest_streak,
          lastRestDay: progress.last_rest_day,
        }
      : null,
    // What she has earned, whether or not her pages show streaks.
    achievements: achievements(
      audioProgress.filter((row) => bool(row.completed)).length,
      progress?.longest_streak ?? 0,
    )
      .filter((item) => item.unlocked)
      .map((item) => ({ title: item.title, description: item.description })),
    partnerLinks: shareTokens.map((t) => ({ createdAt: iso(t.created_at) })),
    purchases: purchases.map((p) => ({
      provider: p.provider,
      amountMinor: p.amount_minor,
      currency: p.currency,
      status: p.status,
      receiptEmail: p.receipt_email,
      createdAt: iso(p.created_at),
      succeededAt: iso(p.succeeded_at),
      refundedAt: iso(p.refunded_at),
      // Why the owner refunded it from the studio, in the studio's words for it ("mistake", "guarantee", …).
      refundReason: p.refund_reason,
    })),
    contactMessages: contactMessages.map((m) => ({
      name: m.name,
      email: m.email,
      phone: m.phone,
      message: m.message,
      sentAt: iso(m.created_at),
    })),
    contactReplies: contactReplies.map((r) => ({
      to: r.address,
      reply: r.body,
      sentAt: iso(r.created_at),
    })),
    emails: emails.map((e) => ({
      kind: e.kind,
      subject: e.subject,
      to: e.to_address,
      status: e.status,
      createdAt: iso(e.created_at),
      sentAt: iso(e.sent_at),
    })),
    // Timed in labour mode; saved from her device.
    birthPartner: {
      invitations: partnerInvitations.map((row) => ({
        sentBy: row.user_id === user.id ? "you" : "the member who invited you",
        email: row.email,
        sentAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
        acceptedAt: iso(row.accepted_at),
        cancelledAt: iso(row.cancelled_at),
      })),
      link:
        partnerLinks.map((row) => ({
          youAre: row.user_id === user.id ? "the member" : "the birth partner",
          since: iso(row.created_at),
        }))[0] ?? null,
    },
    birthPlan: {
      versions: birthPlanVersions.map((row) => ({
        number: row.number,
        content: jsonOrText(row.content),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        restoredFrom: row.restored_from,
      })),
      comments: birthPlanComments.map((row) => ({
        on: row.user_id === user.id ? "your plan" : "another member's plan",
        writtenBy: row.author_id === user.id ? "you" : "your birth partner",
        sectionId: row.section_id,
        body: row.body,
        createdAt: iso(row.created_at),
        resolvedAt: iso(row.resolved_at),
      })),
    },
    reminderDevices: pushDevices.map((device) => ({ addedAt: iso(device.created_at) })),
    scheduledWork: jobs.map((job) => ({ kind: job.kind, runAt: iso(job.run_at), status: job.status })),
    studioReasons: studioReasons.map((row) => ({
      what: AUDIT_LABELS[row.action as AuditAction] ?? row.action,
      reason: row.reason,
      at: iso(row.created_at),
    })),
    labourContractions: contractions.map((c) => ({
      startedAt: iso(new Date(Number(c.started_at))),
      endedAt: c.ended_at === null ? null : iso(new Date(Number(c.ended_at))),
    })),
  };
}

export type MemberDataExport = Awaited<ReturnType<typeof exportMemberData>>;

export interface DeletionDeps {
  database: DatabaseHandle;
  /** DATA_DIR: the local outbox's files go too. */
  dataDir: string;
}

/**
 * Removes the member everywhere MEMBER_DATA says, in one transaction;
 * purchases stay as anonymous sales records. Then SQLite's log is
 * checkpointed so no copy of the deleted rows is left in it (secure_delete
 * has already zeroed them in the file), and her messages in the local outbox
 * go.
 */
export async function deleteMember({ database, dataDir }: DeletionDeps, userId: string) {
  const forgotten = await database.db.transaction().execute(async (trx) => {
    const member = await memberKeys(trx, userId);
    if (!member) return undefined;
    // Purchases first, while they still name her (deleting the user would only unlink them); the
    // account itself last.
    const order = (table: MemberTable) => ("anonymise" in MEMBER_DATA[table] ? 0 : table === "user" ? 2 : 1);
    const tables = (Object.keys(MEMBER_DATA) as MemberTable[]).sort((a, b) => order(a) - order(b));
    for (const table of tables) {
      const finder: Finder<string> = MEMBER_DATA[table];
      if ("none" in finder) continue;
      const where = ofMember(table, member);
      if ("anonymise" in finder) {
        const { userId: id, address } = finder.anonymise;
        await sql`update ${sql.table(table)} set ${sql.ref(id)} = null, ${sql.ref(address)} = null where ${where}`.execute(
          trx,
        );
      } else {
        await sql`delete from ${sql.table(table)} where ${where}`.execute(trx);
      }
    }
    return member;
  });
  if (!forgotten) return;
  await database.checkpoint();
  forgetLocalOutbox(dataDir, forgotten.addresses);
}
