import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/platform/db.server.ts";
import type { Track } from "../catalogue/tracks.ts";

/**
 * What the member has listened to, outside the programme: the library row of
 * audio_progress (scheduled week and day 0) per track, upserted on the spec's
 * unique key. Always for the session's member.
 */
const LIBRARY_ROW = { scheduled_week: 0, scheduled_day: 0 } as const;

export async function savePosition(db: Db, userId: string, track: Track, seconds: number, now = new Date()) {
  await db
    .insertInto("audio_progress")
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      audio_id: track.id,
      audio_title: track.title,
      ...LIBRARY_ROW,
      position_seconds: seconds,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "audio_id", "scheduled_week", "scheduled_day"])
        .doUpdateSet({ position_seconds: seconds, updated_at: now.toISOString() }),
    )
    .execute();
}

/** A finished listen: one more play, completed, and the next play starts from the beginning. */
export async function recordFinishedListen(db: Db, userId: string, track: Track, now = new Date()) {
  await db
    .insertInto("audio_progress")
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      audio_id: track.id,
      audio_title: track.title,
      ...LIBRARY_ROW,
      completed: true,
      completion_date: now.toISOString(),
      play_count: 1,
      position_seconds: 0,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "audio_id", "scheduled_week", "scheduled_day"]).doUpdateSet({
        completed: true,
        completion_date: now.toISOString(),
        play_count: sql<number>`audio_progress.play_count + 1`,
        position_seconds: 0,
        updated_at: now.toISOString(),
      }),
    )
    .execute();
}

export interface SavedPosition {
  seconds: number;
  savedAt: string;
}

export async function savedPosition(db: Db, userId: string, trackId: string): Promise<SavedPosition | null> {
  const row = await db
    .selectFrom("audio_progress")
    .select(["position_seconds", "updated_at"])
    .where("user_id", "=", userId)
    .where("audio_id", "=", trackId)
    .where("scheduled_week", "=", 0)
    .where("scheduled_day", "=", 0)
    .executeTakeFirst();
  if (!row) return null;
  return { seconds: Number(row.position_seconds), savedAt: new Date(row.updated_at).toISOString() };
}
