import type { Db } from "~/platform/db.server.ts";

/**
 * A member's right to their own data: everything we hold about them, as JSON,
 * and the deletion of all of it. Both work only on the id of the session's user.
 */

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const bool = (value: unknown) => Boolean(value);

export async function exportMemberData(db: Db, userId: string) {
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const [
    accounts,
    sessions,
    profile,
    audioProgress,
    schedule,
    progress,
    shareTokens,
    purchases,
    contactMessages,
  ] = await Promise.all([
    // Sign-in methods only: never password hashes or provider tokens.
    db.selectFrom("account").select(["providerId", "createdAt"]).where("userId", "=", userId).execute(),
    db
      .selectFrom("session")
      .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
      .where("userId", "=", userId)
      .execute(),
    db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("audio_progress").selectAll().where("user_id", "=", userId).orderBy("updated_at").execute(),
    db
      .selectFrom("program_schedule")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("week_number")
      .orderBy("day_of_week")
      .execute(),
    db.selectFrom("user_progress").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("share_tokens").select(["created_at"]).where("user_id", "=", userId).execute(),
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
      ])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("contact_messages")
      .select(["name", "email", "phone", "message", "created_at"])
      .where("email", "=", user.email)
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
          subscriptionTier: profile.subscription_tier,
          courseAccess: bool(profile.course_access),
          dueDate: profile.due_date,
          programStartDate: profile.program_start_date,
          isInduction: bool(profile.is_induction),
          currentWeek: profile.current_week,
          currentStreak: profile.current_streak,
          timeZone: profile.time_zone,
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
        }
      : null,
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
    })),
    contactMessages: contactMessages.map((m) => ({
      name: m.name,
      email: m.email,
      phone: m.phone,
      message: m.message,
      sentAt: iso(m.created_at),
    })),
  };
}

export type MemberDataExport = Awaited<ReturnType<typeof exportMemberData>>;

/**
 * Removes the member everywhere at once: the account and everything that
 * hangs off it (by foreign key), their contact messages and queued email.
 * Purchases stay as anonymous sales records, unlinked from the person and
 * without the address their receipt went to.
 */
export async function deleteMember(db: Db, userId: string) {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
    if (!user) return;
    const receiptAddresses = (
      await trx
        .selectFrom("purchases")
        .select("receipt_email")
        .where("user_id", "=", userId)
        .where("receipt_email", "is not", null)
        .execute()
    ).map((p) => p.receipt_email!);
    await trx
      .updateTable("purchases")
      .set({ user_id: null, receipt_email: null })
      .where("user_id", "=", userId)
      .execute();
    await trx.deleteFrom("contact_messages").where("email", "=", user.email).execute();
    await trx.deleteFrom("email_outbox").where("to_address", "=", user.email).execute();
    if (receiptAddresses.length > 0) {
      await trx
        .deleteFrom("email_outbox")
        .where("kind", "=", "receipt")
        .where("to_address", "in", receiptAddresses)
        .execute();
    }
    await trx.deleteFrom("user").where("id", "=", userId).execute();
  });
}
