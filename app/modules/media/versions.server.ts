import crypto from "node:crypto";
import { isUniqueViolation, type Db } from "#app/platform/db.server.ts";
import {
  markContentChanged,
  versionedSnapshot,
  type ContentVersionReader,
} from "#app/platform/content-version.server.ts";
import type { Bucket } from "./storage.server.ts";
import { liveItem, versionKey } from "./version-keys.ts";

/**
 * The versions of each recording and guide (`media_versions`, migration
 * 0035): an upload is stored under a key of its own and recorded here; it is
 * what members get only once it is published, and any earlier version can be
 * published again. With no row the seeded file is the published one.
 */
export interface MediaVersion {
  id: string;
  version: number;
  key: string;
  bytes: number;
  seconds: number | null;
  pages: number | null;
  createdAt: string;
  live: boolean;
  publishedAt: string | null;
}

/** What is read from a version's file when it is stored. */
export interface VersionFacts {
  bytes: number;
  seconds?: number | null;
  pages?: number | null;
}

/** The seeded file is version 1; uploads count on from here. */
const FIRST_UPLOAD = 2;

/**
 * A new version's number and key, taken before its bytes are stored (so two
 * uploads at once never share a key). The row says nothing until `completeVersion`.
 */
export async function reserveVersion(
  db: Db,
  bucket: Bucket,
  item: string,
  extension: string,
  now: Date,
): Promise<{ id: string; version: number; key: string }> {
  for (let attempt = 0; ; attempt++) {
    const last = await db
      .selectFrom("media_versions")
      .select((eb) => eb.fn.max("version").as("version"))
      .where("bucket", "=", bucket)
      .where("item", "=", item)
      .executeTakeFirst();
    const version = Math.max(FIRST_UPLOAD, Number(last?.version ?? 0) + 1);
    const row = { id: crypto.randomUUID(), version, key: versionKey(item, version, extension) };
    try {
      await db
        .insertInto("media_versions")
        .values({ ...row, bucket, item, created_at: now.toISOString() })
        .execute();
      return row;
    } catch (error) {
      // Another upload took this number a moment ago: take the next.
      if (!isUniqueViolation(error) || attempt >= 10) throw error;
    }
  }
}

/** The version's file is stored: it is listed from now on, and can be published. */
export async function completeVersion(db: Db, id: string, facts: VersionFacts): Promise<void> {
  await db
    .updateTable("media_versions")
    .set({ bytes: facts.bytes, seconds: facts.seconds ?? null, pages: facts.pages ?? null })
    .where("id", "=", id)
    .execute();
}

/** An upload that failed: its number is given up (its file was never stored). */
export async function dropVersion(db: Db, id: string): Promise<void> {
  await db.deleteFrom("media_versions").where("id", "=", id).where("bytes", "is", null).execute();
}

/**
 * Records the seeded file as version 1, published, the first time anything is
 * uploaded for the item, so it stays listed and can be restored. Nothing when
 * it is recorded already, or the seeded file is missing (`facts` null).
 */
export async function recordSeedVersion(
  db: Db,
  bucket: Bucket,
  item: string,
  facts: VersionFacts | null,
  now: Date,
): Promise<void> {
  if (!facts) return;
  const anyLive = await db
    .selectFrom("media_versions")
    .select("id")
    .where("live_item", "=", liveItem(bucket, item))
    .executeTakeFirst();
  await db
    .insertInto("media_versions")
    .values({
      id: crypto.randomUUID(),
      bucket,
      item,
      version: 1,
      key: item,
      bytes: facts.bytes,
      seconds: facts.seconds ?? null,
      pages: facts.pages ?? null,
      created_at: now.toISOString(),
      live_item: anyLive ? null : liveItem(bucket, item),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** An item's versions, newest first, with the one published marked. Uploads under way are left out. */
export async function mediaVersions(db: Db, bucket: Bucket, item: string): Promise<MediaVersion[]> {
  const rows = await db
    .selectFrom("media_versions")
    .selectAll()
    .where("bucket", "=", bucket)
    .where("item", "=", item)
    .where("bytes", "is not", null)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    key: row.key,
    bytes: Number(row.bytes),
    seconds: row.seconds === null ? null : Number(row.seconds),
    pages: row.pages,
    createdAt: new Date(row.created_at).toISOString(),
    live: row.live_item !== null,
    publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
  }));
}

/**
 * Makes one stored version the published one, in one transaction that also
 * moves the content version on (so kept pages follow). Null when there is no
 * such stored version. Publishing the one already published changes nothing
 * but its date. Every row of the item is updated first, so two publishes at
 * once wait for each other on PostgreSQL (SQLite has one writer) and the
 * unique `live_item` holds.
 */
export async function publishVersion(
  db: Db,
  bucket: Bucket,
  item: string,
  version: number,
  now: Date,
): Promise<MediaVersion | null> {
  const published = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("media_versions")
      .select("id")
      .where("bucket", "=", bucket)
      .where("item", "=", item)
      .where("version", "=", version)
      .where("bytes", "is not", null)
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable("media_versions")
      .set({ live_item: null })
      .where("bucket", "=", bucket)
      .where("item", "=", item)
      .execute();
    await trx
      .updateTable("media_versions")
      .set({ live_item: liveItem(bucket, item), published_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute();
    await markContentChanged(trx);
    return row.id;
  });
  if (!published) return null;
  return (await mediaVersions(db, bucket, item)).find((v) => v.id === published) ?? null;
}

/** What members get of an item: its published version's key and facts. */
export interface PublishedVersion {
  key: string;
  bytes: number;
  seconds: number | null;
  pages: number | null;
}

/** Every published version, by the item it stands in for. */
async function publishedVersions(db: Db): Promise<Map<string, PublishedVersion>> {
  const rows = await db
    .selectFrom("media_versions")
    .select(["live_item", "key", "bytes", "seconds", "pages"])
    .where("live_item", "is not", null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.live_item!,
      {
        key: row.key,
        bytes: Number(row.bytes),
        seconds: row.seconds === null ? null : Number(row.seconds),
        pages: row.pages,
      },
    ]),
  );
}

/**
 * Which version of each item is published, as this instance knows it: the
 * published rows (a handful) read again when a publish on any instance moves
 * the content version on; at once after a publish through this instance (`changed`).
 */
export function createPublishedMedia(db: Db, version: ContentVersionReader) {
  const snapshot = versionedSnapshot(version, () => publishedVersions(db));
  /** The published version of the item seeded as `item`, or null while the seeded file is. */
  const of = async (bucket: Bucket, item: string): Promise<PublishedVersion | null> =>
    (await snapshot.current()).get(liveItem(bucket, item)) ?? null;
  return {
    of,
    /** The key members get for the item: the published version's, or the seeded file's. */
    key: async (bucket: Bucket, item: string): Promise<string> => (await of(bucket, item))?.key ?? item,
    changed: snapshot.changed,
  };
}

export type PublishedMedia = ReturnType<typeof createPublishedMedia>;
