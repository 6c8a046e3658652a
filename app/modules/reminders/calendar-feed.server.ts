import crypto from "node:crypto";
import type { Db } from "#app/platform/db.server.ts";
import { addressKey, hitLimit, peekLimit, type LimitRule } from "#app/platform/rate-limit.server.ts";
import { isValidTimeZone, todayIn } from "#app/modules/calendar/dates.ts";
import { calendarDays, practiceCalendar } from "./calendar-feed.ts";
import { calendarFeedId, setCalendarFeedId } from "./reminder-settings.server.ts";
import { DEFAULT_REMINDER_TIME, isLocalTime } from "./schedule.ts";

/**
 * Her calendar feed: a secret address (`/calendar/<token>.ics`) a calendar app
 * subscribes to, showing her practice days at her reminder time (or 20:00).
 * The token is her feed's id (128 random bits, kept in `reminder_settings.calendar_feed_id`)
 * followed by its signature (HMAC-SHA256 with a key derived from the app secret,
 * 128 bits): her profile can show the link again, and the database alone, read
 * by someone it leaked to, opens no feed. Turning the feed on again makes a new
 * id, so a link she gave away stops working; turning it off forgets it.
 */

const ID_LENGTH = 22;
const TOKEN = /^[A-Za-z0-9_-]{44}$/;

function isWellFormedCalendarToken(token: string): boolean {
  return TOKEN.test(token);
}

/** The token in a feed's file name, "<token>.ics"; null for anything else. */
export function calendarTokenFromFile(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{44})\.ics$/.exec(file);
  return match ? match[1]! : null;
}

function signature(key: Buffer, feedId: string): string {
  return crypto
    .createHmac("sha256", key)
    .update(`calendar-feed:${feedId}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

function tokenFor(key: Buffer, feedId: string): string {
  return `${feedId}${signature(key, feedId)}`;
}

/** The feed's address: https (or the site's origin) for copying; the page offers a webcal:// one too. */
function calendarFeedUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/calendar/${token}.ics`;
}

/** A new feed address for her, replacing any she had. Returns its token. */
export async function turnOnCalendarFeed(db: Db, userId: string, key: Buffer): Promise<string> {
  const feedId = crypto.randomBytes(16).toString("base64url");
  await setCalendarFeedId(db, userId, feedId);
  return tokenFor(key, feedId);
}

export async function turnOffCalendarFeed(db: Db, userId: string): Promise<void> {
  await setCalendarFeedId(db, userId, null);
}

/** Her feed's address for her profile page, or null when the feed is off. */
export async function calendarFeedUrlFor(
  db: Db,
  userId: string,
  baseUrl: string,
  key: Buffer,
): Promise<string | null> {
  const feedId = await calendarFeedId(db, userId);
  return feedId ? calendarFeedUrl(baseUrl, tokenFor(key, feedId)) : null;
}

/** An opaque key for her in the feed's event UIDs: stable, and not her id. */
function memberKey(userId: string): string {
  return crypto.createHash("sha256").update(`tidewell-calendar:${userId}`).digest("hex").slice(0, 32);
}

/**
 * The feed a token opens, made at `now`; null when the token is malformed or
 * opens nothing (turned off, replaced, never made), without saying which.
 */
export async function calendarFeedFor(
  db: Db,
  token: string,
  now: Date,
  baseUrl: string,
  key: Buffer,
): Promise<string | null> {
  if (!isWellFormedCalendarToken(token)) return null;
  const feedId = token.slice(0, ID_LENGTH);
  // The signature is checked before the database is asked, in the same time wherever it differs.
  if (!sameSecret(token, tokenFor(key, feedId))) return null;
  const profile = await db
    .selectFrom("reminder_settings")
    .innerJoin("profiles", "profiles.id", "reminder_settings.user_id")
    .leftJoin("member_access", "member_access.user_id", "reminder_settings.user_id")
    .leftJoin("programme_settings", "programme_settings.user_id", "reminder_settings.user_id")
    .select([
      "profiles.id",
      "programme_settings.due_date",
      "programme_settings.is_induction",
      "programme_settings.program_start_date",
      "profiles.time_zone",
      "reminder_settings.reminder_time",
      "programme_settings.baby_born_on",
      "programme_settings.early_plan_from",
      "member_access.subscription_tier",
      "member_access.course_access",
    ])
    .where("reminder_settings.calendar_feed_id", "=", feedId)
    .executeTakeFirst();
  if (!profile) return null;
  const timeZone = isValidTimeZone(profile.time_zone) ? profile.time_zone : "UTC";
  const today = todayIn(timeZone, now);
  const days = calendarDays({
    dueDate: profile.due_date ?? null,
    isInduction: Boolean(profile.is_induction),
    start: profile.program_start_date ?? null,
    today,
    babyBornOn: profile.baby_born_on ?? null,
    earlyPlan: (profile.early_plan_from ?? null) !== null,
    viewer: {
      signedIn: true,
      hasPremium: profile.subscription_tier === "premium" || Boolean(profile.course_access),
    },
  });
  return practiceCalendar({
    days,
    time:
      profile.reminder_time && isLocalTime(profile.reminder_time)
        ? profile.reminder_time
        : DEFAULT_REMINDER_TIME,
    timeZone,
    memberKey: memberKey(profile.id),
    now,
    baseUrl,
  });
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * Wrong addresses a client may try a minute before it is refused. Only misses count: a
 * calendar service fetching many members' feeds from one address is never held back.
 */
export const CALENDAR_MISS_LIMIT: LimitRule = { limit: 60, windowSeconds: 60 };

export type CalendarFeedAnswer =
  { status: 200; body: string } | { status: 404 } | { status: 429; retryAfterSeconds: number };

/**
 * GET /calendar/<file>: the feed for a client at `clientIp`. A client that has
 * used its misses is refused before its token is even looked up, so guessing
 * goes no faster than the limit; a miss is counted and answered 404 (or 429
 * once over), the same for a malformed, unknown, replaced or turned-off token.
 */
export async function answerCalendarFeed(
  db: Db,
  request: { file: string; clientIp: string },
  now: Date,
  baseUrl: string,
  key: Buffer,
  /** The limit's clock: real time, even when the app's clock is a test's. */
  limitAt = Date.now(),
): Promise<CalendarFeedAnswer> {
  const misses = addressKey("calendar:miss:ip", request.clientIp);
  const before = await peekLimit(db, misses, CALENDAR_MISS_LIMIT, limitAt);
  if (!before.allowed) return { status: 429, retryAfterSeconds: before.retryAfterSeconds };
  const token = calendarTokenFromFile(request.file);
  const body = token ? await calendarFeedFor(db, token, now, baseUrl, key) : null;
  if (body !== null) return { status: 200, body };
  const miss = await hitLimit(db, misses, CALENDAR_MISS_LIMIT, limitAt);
  return miss.allowed ? { status: 404 } : { status: 429, retryAfterSeconds: miss.retryAfterSeconds };
}
