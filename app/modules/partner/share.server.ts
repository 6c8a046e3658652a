import crypto from "node:crypto";
import type { Db } from "#app/platform/db.server.ts";
import { addressKey, hitLimit, peekLimit, type LimitRule } from "#app/platform/rate-limit.server.ts";
import { firstName } from "#app/modules/people/display.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import { isPostnatal, streaksShown } from "#app/modules/program/postnatal.ts";
import { progressOf } from "#app/modules/program/progress.ts";
import { loadProgramme } from "#app/modules/program/program.server.ts";
import { pregnancyWeek, weeksRemaining } from "#app/modules/program/program.ts";
import type { PartnerLinkStore } from "#app/modules/program/actions.server.ts";

/**
 * The birth partner's read-only link. The token carries 256 random bits; only
 * its SHA-256 is stored, so the database alone can't open anyone's view. One
 * live link per member: making a new one replaces the old.
 */
const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export async function createShareLink(db: Db, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("share_tokens").where("user_id", "=", userId).execute();
    await trx
      .insertInto("share_tokens")
      .values({ token: hash(token), user_id: userId })
      .execute();
  });
  return token;
}

export async function revokeShareLink(db: Db, userId: string) {
  await db.deleteFrom("share_tokens").where("user_id", "=", userId).execute();
}

/** Her link as the programme's forms make and turn it off (the dashboard's, her programme page's, her profile's). */
export const partnerLinks: PartnerLinkStore = { create: createShareLink, revoke: revokeShareLink };

/** When the member's current link was made, if there is one. */
export async function shareLinkCreatedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("share_tokens")
    .select("created_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? new Date(row.created_at).toISOString() : null;
}

function isWellFormedToken(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * What a partner may see: the member's first name, how far along she is (or
 * that her baby has arrived), her streak (unless she hides streaks), this
 * week's practice, her programme days done and her sessions finished. Nothing else: no email,
 * no dates, no baby's name.
 */
export async function partnerView(db: Db, token: string, { now, clientIp }: { now: Date; clientIp: string }) {
  const misses = addressKey("share-link:miss", clientIp);
  if (!(await peekLimit(db, misses, SHARE_MISS_LIMIT)).allowed) return "limited";
  const owner = isWellFormedToken(token)
    ? await db
        .selectFrom("share_tokens")
        .select("user_id")
        .where("token", "=", hash(token))
        .executeTakeFirst()
    : undefined;
  const view = owner ? await memberView(db, owner.user_id, now) : null;
  if (view) return view;
  // A miss counts; once over the limit (guesses arriving together), it says so.
  return (await hitLimit(db, misses, SHARE_MISS_LIMIT)).allowed ? null : "limited";
}

/** Wrong share links a client may open in 15 minutes, so guessing goes no faster: a partner needs one. */
export const SHARE_MISS_LIMIT: LimitRule = { limit: 20, windowSeconds: 15 * 60 };

/** The partner view of one member: behind her share link, and in her birth partner's portal. */
export async function memberView(db: Db, userId: string, now: Date) {
  const owner = await db
    .selectFrom("user")
    .innerJoin("profiles", "profiles.id", "user.id")
    .select(["user.name as name", "profiles.time_zone as timeZone"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!owner) return null;
  const today = todayIn(owner.timeZone, now);
  const programme = await loadProgramme(db, userId, today);
  // Her figures as her own pages count them (progress.ts).
  const progress = progressOf(programme, today);
  return {
    firstName: firstName(owner.name),
    hasSavedDate: programme.hasSavedDate,
    babyArrived: isPostnatal(programme),
    weeksToGo: weeksRemaining(programme.dueDate, today),
    pregnancyWeek: pregnancyWeek(programme.dueDate, today),
    // Her choice to hide streaks holds on her partner's pages too.
    streak: streaksShown(programme) ? progress.streak : null,
    week: programme.week,
    thisWeek: programme.schedule
      .filter((row) => row.week === programme.week)
      .map((row) => ({
        day: row.day,
        activity: row.activity,
        completed: row.completed,
        isToday: row.date === today,
      })),
    programmeDaysDone: progress.programmeDaysDone,
    sessionsFinished: progress.sessionsFinished,
  };
}

export type PartnerView = NonNullable<Awaited<ReturnType<typeof memberView>>>;
