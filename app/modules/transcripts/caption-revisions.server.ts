import { markContentChanged } from "#app/platform/content-version.server.ts";
import { isUniqueViolation, type Db } from "#app/platform/db.server.ts";

/**
 * The captions an owner saves and publishes from the studio (`caption_revisions`):
 * each save is a new numbered revision of a recording's whole file, a draft or
 * published. Members read the newest published one (captions.server.ts); a
 * publish moves the shared content version on in its own transaction, so every
 * instance reads the captions again within a second.
 */

interface CaptionRevision {
  number: number;
  state: "draft" | "published";
  source: string;
  createdAt: string;
}

/** What the studio edits for a recording: its newest revision (draft or published), and the newest published. */
export interface CaptionHistory {
  newest: CaptionRevision | null;
  published: CaptionRevision | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function captionHistory(db: Db, recordingId: string): Promise<CaptionHistory> {
  const rows = await db
    .selectFrom("caption_revisions")
    .select(["number", "state", "source", "created_at"])
    .where("recording_id", "=", recordingId)
    .orderBy("number", "desc")
    .execute();
  const revisions = rows.map((row) => ({
    number: row.number,
    state: row.state,
    source: row.source,
    createdAt: iso(row.created_at),
  }));
  return {
    newest: revisions[0] ?? null,
    published: revisions.find((revision) => revision.state === "published") ?? null,
  };
}

/** Every recording's newest published captions: recording id → WebVTT. */
export async function publishedCaptions(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("caption_revisions as r")
    .select(["r.recording_id", "r.source"])
    .where("r.state", "=", "published")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("caption_revisions as newer")
            .select("newer.number")
            .whereRef("newer.recording_id", "=", "r.recording_id")
            .where("newer.state", "=", "published")
            .whereRef("newer.number", ">", "r.number"),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.recording_id, row.source]));
}

export interface NewCaptionRevision {
  recordingId: string;
  /** A checked WebVTT file. */
  source: string;
  publish: boolean;
  /** The revision the owner started from (0: the bundled file); another saved since, and this one is refused. */
  after: number;
  now: Date;
}

export type SavedCaptions = { ok: true; number: number } | { ok: false; reason: "changed-meanwhile" };

/**
 * Keeps a new revision, numbered after the one she started from, and (when
 * `record` is given) its audit entry, in one transaction; a publish moves the
 * content version on in it too. A revision saved meanwhile (another tab) wins:
 * this one is refused, nothing written.
 */
export async function saveCaptionRevision(
  db: Db,
  revision: NewCaptionRevision,
  record?: (trx: Db, number: number) => Promise<unknown>,
): Promise<SavedCaptions> {
  const number = revision.after + 1;
  try {
    await db.transaction().execute(async (trx) => {
      const newest = await trx
        .selectFrom("caption_revisions")
        .select(({ fn }) => fn.max("number").as("number"))
        .where("recording_id", "=", revision.recordingId)
        .executeTakeFirst();
      if ((newest?.number ?? 0) !== revision.after) throw new ChangedMeanwhile();
      await trx
        .insertInto("caption_revisions")
        .values({
          recording_id: revision.recordingId,
          number,
          state: revision.publish ? "published" : "draft",
          source: revision.source,
          created_at: revision.now.toISOString(),
        })
        .execute();
      if (revision.publish) await markContentChanged(trx);
      await record?.(trx, number);
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile || isUniqueViolation(error)) {
      return { ok: false, reason: "changed-meanwhile" };
    }
    throw error;
  }
  return { ok: true, number };
}

class ChangedMeanwhile extends Error {}
