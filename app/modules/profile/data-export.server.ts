import type { Db } from "#app/platform/db.server.ts";
import { memberRows } from "#app/modules/accounts/own-data.server.ts";
import { achievements } from "#app/modules/program/practice.ts";
import type { AuditAction } from "#app/modules/studio/audit.server.ts";
import { AUDIT_LABELS } from "#app/modules/studio/audit-labels.ts";

/**
 * Her data's download, from her profile page (`/portal/profile/export`): a member's right to
 * everything held about her. It gathers every module's rows of hers, so it sits above them all,
 * with her profile page; accounts keeps where her rows are (MEMBER_DATA) and their deletion.
 */

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

/**
 * Everything we hold about the member, as JSON: her rows in every table, found as accounts'
 * MEMBER_DATA says (`memberRows`), each written in the words of the module that keeps it (what
 * her practice earned by the programme's achievements, what an owner did by the studio's labels).
 * Never a secret: no password hash, provider token, link token or push address.
 */
export async function exportMemberData(db: Db, userId: string) {
  const mine = await memberRows(db, userId);
  if (!mine) throw new Error("No such member");
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
