import { sql } from "kysely";
import type { Db } from "./db.server.ts";

/**
 * The version of what the owner has published from the studio, shared by every
 * instance through the database (`content_version`, one row). A publish moves it
 * on inside its own transaction; a page kept in memory (the public page cache,
 * a member's kept pages) was made at one version and is made afresh at the next.
 */

/** Moves the version on: call it in the transaction that publishes, so both land or neither does. */
export async function markContentChanged(trx: Db): Promise<void> {
  await trx
    .updateTable("content_version")
    .set({ version: sql<number>`version + 1` })
    .execute();
}

/** The version now, read from the database. */
export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * How long an instance trusts the version it last read: a change published on
 * another instance shows here within this time, and a busy instance asks the
 * database about once a second, not once a request.
 */
const CONTENT_VERSION_TTL_MS = 1_000;

/**
 * The version as this instance knows it: read again once it is older than the
 * TTL, one read at a time however many requests ask. A change made through
 * this instance is seen at once (`changed`).
 */
export function contentVersionReader(db: Db, now: () => number = Date.now) {
  let known: { version: number; readAt: number } | null = null;
  let reading: Promise<number> | null = null;
  const read = () => {
    reading ??= readContentVersion(db)
      .then((version) => {
        known = { version, readAt: now() };
        return version;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return {
    async current(): Promise<number> {
      if (known && now() - known.readAt < CONTENT_VERSION_TTL_MS) return known.version;
      return read();
    },
    /** After this instance published: the next question reads the database again. */
    changed(): void {
      known = null;
    },
  };
}

export type ContentVersionReader = ReturnType<typeof contentVersionReader>;

/**
 * Something made from what the owner publishes (the site's words, the captions,
 * the published recordings), kept in memory by each instance: made once per
 * content version, one making at a time however many requests ask, and made
 * again when a publish on any instance moves the version on.
 */
export function versionedSnapshot<T>(version: ContentVersionReader, make: () => Promise<T>) {
  let kept: { version: number; value: T } | null = null;
  let making: { version: number; value: Promise<T> } | null = null;
  const makeAt = (at: number) => {
    if (making?.version === at) return making.value;
    const value = make()
      .then((made) => {
        // A slower making at an older version never replaces a newer one.
        if (!kept || kept.version <= at) kept = { version: at, value: made };
        return made;
      })
      .finally(() => {
        if (making?.value === value) making = null;
      });
    making = { version: at, value };
    return value;
  };
  return {
    /** What was published at the content version this instance knows now. */
    async current(): Promise<T> {
      const at = await version.current();
      if (kept && kept.version === at) return kept.value;
      return makeAt(at);
    },
    /** After this instance published: read the version, and then the snapshot, again. */
    changed(): void {
      version.changed();
    },
  };
}
