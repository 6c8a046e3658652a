import {
  markContentChanged,
  versionedSnapshot,
  type ContentVersionReader,
} from "#app/platform/content-version.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import {
  checkState,
  inHerOrder,
  moveSession,
  type Change,
  type SessionMove,
  type SessionSettings,
  type SessionState,
} from "./session-settings.ts";
import { ALL_SESSIONS, applySessionSettings, COURSE_GROUPS, findTrack, type Track } from "./tracks.ts";

/**
 * The owner's session settings (`session_settings`), kept in memory by each
 * instance and applied to the catalogue: read once per content version, and
 * again when a change (on any instance) moves the version on. Every request
 * asks `current()` before it is answered (root.tsx), so the library, the
 * course page, today's practice, search and the player all follow within the
 * version's TTL, and at once on the instance that made the change.
 */
async function readSessionSettings(db: Db): Promise<SessionSettings> {
  const rows = await db.selectFrom("session_settings").select(["session_id", "state", "position"]).execute();
  return new Map(rows.map((row) => [row.session_id, { state: row.state, position: row.position }]));
}

export function sessionSettingsSnapshot(db: Db, version: ContentVersionReader) {
  const snapshot = versionedSnapshot(version, () => readSessionSettings(db));
  return {
    /** The settings at the content version now, applied to the catalogue. */
    async current(): Promise<SessionSettings> {
      const settings = await snapshot.current();
      applySessionSettings(settings);
      return settings;
    },
    /** After this instance changed them: read the version, and the settings, again. */
    changed: snapshot.changed,
  };
}

export type SessionSettingsSnapshot = ReturnType<typeof sessionSettingsSnapshot>;

export type SessionChange = { session: string; state: SessionState } | { session: string; move: SessionMove };

/** What a change did, for its message and its audit entry: the session, and its place after a move. */
export interface SessionChanged {
  track: Track;
  group: string;
  place: number | null;
}

/**
 * Sets a session's state or moves it a place in its group, from the settings as
 * they are in the database now, in one transaction with the content version
 * and `record` (the audit entry). Bad input changes nothing and says why.
 */
export async function changeSession(
  db: Db,
  change: SessionChange,
  now: Date,
  record: (trx: Db, changed: SessionChanged) => Promise<unknown>,
): Promise<Change<SessionChanged>> {
  const track = findTrack(change.session);
  if (!track) return { ok: false, message: "That session isn't one of the course's." };
  return db.transaction().execute(async (trx): Promise<Change<SessionChanged>> => {
    const settings = await readSessionSettings(trx);
    const group = inHerOrder(
      ALL_SESSIONS.filter((each) => each.courseTier === track.courseTier),
      settings,
    );
    const at = now.toISOString();
    let place: number | null = null;
    if ("state" in change) {
      const checked = checkState(group, settings, track.id, change.state);
      if (!checked.ok) return checked;
      await trx
        .insertInto("session_settings")
        .values({ session_id: track.id, state: change.state, updated_at: at })
        .onConflict((c) => c.column("session_id").doUpdateSet({ state: change.state, updated_at: at }))
        .execute();
    } else {
      const moved = moveSession(group, track.id, change.move);
      if (!moved.ok) return moved;
      for (const { id, position } of moved.value) {
        await trx
          .insertInto("session_settings")
          .values({ session_id: id, position, updated_at: at })
          .onConflict((c) => c.column("session_id").doUpdateSet({ position, updated_at: at }))
          .execute();
      }
      place = moved.value.find((each) => each.id === track.id)!.position;
    }
    const changed = {
      track,
      group: COURSE_GROUPS.find((each) => each.tier === track.courseTier)!.title,
      place,
    };
    await markContentChanged(trx);
    await record(trx, changed);
    return { ok: true, value: changed };
  });
}
