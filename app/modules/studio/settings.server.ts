import { isValidTimeZone } from "#app/modules/program/calendar.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import type { StudioFormAnswer, TimeZoneForm } from "./forms.ts";
import type { StudioOwner } from "./studio.server.ts";
import { timeZoneWords } from "./studio-time.ts";

/**
 * An owner's studio settings (`studio_settings`, one row per owner once she
 * saves one): the time zone every studio time is shown in.
 */

/** The app's own default, as a new member's profile has it. */
const DEFAULT_TIME_ZONE = "UTC";
/** Time zone saves an owner may make in an hour. */
const TIME_ZONE_SAVES_PER_HOUR = 20;

/**
 * Where the zone the studio uses came from: her studio setting; her profile (a zone she chose
 * in the portal, or the one her device reported there); or the app's default, UTC.
 */
export type TimeZoneSource = "studio" | "profile" | "default";

export interface StudioTimeZoneSetting {
  timeZone: string;
  source: TimeZoneSource;
}

/** The zone her studio shows times in, and where it came from. */
export async function studioTimeZoneSetting(db: Db, ownerId: string): Promise<StudioTimeZoneSetting> {
  const row = await db
    .selectFrom("user")
    .leftJoin("studio_settings", "studio_settings.user_id", "user.id")
    .leftJoin("profiles", "profiles.id", "user.id")
    .select([
      "studio_settings.time_zone as studio_zone",
      "profiles.time_zone as profile_zone",
      "profiles.time_zone_chosen",
    ])
    .where("user.id", "=", ownerId)
    .executeTakeFirst();
  if (row?.studio_zone && isValidTimeZone(row.studio_zone))
    return { timeZone: row.studio_zone, source: "studio" };
  const profile = row?.profile_zone;
  // A profile's "UTC" that nobody chose is the column's default, not a zone her device reported.
  if (profile && isValidTimeZone(profile) && (Boolean(row.time_zone_chosen) || profile !== DEFAULT_TIME_ZONE))
    return { timeZone: profile, source: "profile" };
  return { timeZone: DEFAULT_TIME_ZONE, source: "default" };
}

/** The IANA zone the owner's studio shows times in, for any studio page or figure that needs her days. */
export async function studioTimeZone(db: Db, ownerId: string): Promise<string> {
  return (await studioTimeZoneSetting(db, ownerId)).timeZone;
}

/** Saves her studio time zone (as the form read it), counted and logged. */
export async function answerTimeZoneForm(
  db: Db,
  owner: StudioOwner,
  form: TimeZoneForm,
  now: Date,
): Promise<StudioFormAnswer> {
  const limit = await hitLimit(
    db,
    limitKey("studio-time-zone", owner.id),
    { limit: TIME_ZONE_SAVES_PER_HOUR, windowSeconds: 3600 },
    now.getTime(),
  );
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("studio_settings")
      .values({ user_id: owner.id, time_zone: form.timeZone, updated_at: at })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ time_zone: form.timeZone, updated_at: at }))
      .execute();
    await recordAudit(
      trx,
      {
        actorId: owner.id,
        action: "studio.time-zone-set",
        detail: { timeZone: form.timeZone },
        ip: owner.ip,
      },
      now,
    );
  });
  return {
    ok: true,
    message: `Saved. Studio times are now in ${timeZoneWords(form.timeZone)}.`,
    next: "/studio/time-zone",
  };
}
