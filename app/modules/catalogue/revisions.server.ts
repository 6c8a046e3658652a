import crypto from "node:crypto";
import { markContentChanged } from "#app/platform/content-version.server.ts";
import { isPostgres, type Db } from "#app/platform/db.server.ts";
import type { Selectable } from "kysely";
import type { ContentRevisionState, Database } from "../../../db/schema.ts";
import { isPieceKind, pieceKey, pieceTitle, type PieceKind, type PieceText } from "./pieces.ts";

/**
 * The revisions of the site's words (`content_revisions`, migration 0034).
 * A revision is written once and never changed but for its state: of a
 * piece's revisions one is published, at most one is the draft saved since,
 * and the rest are earlier ones. Nothing is ever deleted, so any of them can
 * be looked at and brought back.
 */

export interface Revision {
  number: number;
  state: ContentRevisionState;
  /** ISO; the first revision's is the moment it was loaded from content/. */
  savedAt: string;
  /** The owner's account id; null for the text from content/. */
  savedBy: string | null;
  title: string;
  text: PieceText;
}

/** A piece as the studio's list shows it: its published revision, and the draft saved since, if any. */
export interface PieceStanding {
  kind: PieceKind;
  slug: string;
  title: string;
  published: { number: number; savedAt: string } | null;
  draft: { number: number; savedAt: string; title: string } | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The words in content/ as each piece's first revision, published: once.
 * A piece that already has a first revision keeps it (and everything since),
 * so this runs at every start, and two instances starting together on one
 * database load it once between them (the piece's revision numbers are
 * unique). Returns how many were loaded now.
 */
export async function loadFirstRevisions(
  db: Db,
  texts: readonly PieceText[],
  now = new Date(),
): Promise<number> {
  if (texts.length === 0) return 0;
  const result = await db
    .insertInto("content_revisions")
    .values(
      texts.map((text) => ({
        id: crypto.randomUUID(),
        kind: text.kind,
        slug: text.slug,
        number: 1,
        state: "published" as const,
        fields: JSON.stringify(text.fields),
        body: text.body,
        saved_by: null,
        saved_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.columns(["kind", "slug", "number"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A revision as the database keeps it (the id aside). */
type Row = Omit<Selectable<Database["content_revisions"]>, "id">;

function textOf(row: Row): PieceText | null {
  if (!isPieceKind(row.kind)) return null;
  return {
    kind: row.kind,
    slug: row.slug,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    body: row.body,
  };
}

function revisionOf(row: Row): Revision | null {
  const text = textOf(row);
  if (!text) return null;
  return {
    number: row.number,
    state: row.state,
    savedAt: iso(row.saved_at),
    savedBy: row.saved_by,
    title: pieceTitle(text),
    text,
  };
}

const COLUMNS = ["kind", "slug", "number", "state", "fields", "body", "saved_by", "saved_at"] as const;

/** The published text of every piece that has one. */
export async function publishedTexts(db: Db): Promise<PieceText[]> {
  const rows = await db
    .selectFrom("content_revisions")
    .select(COLUMNS)
    .where("state", "=", "published")
    .execute();
  return rows.map(textOf).filter((text) => text !== null);
}

/** Every piece with its published revision and any draft, in `order` (their keys), then by kind and slug. */
export async function pieceStandings(db: Db, order: readonly string[]): Promise<PieceStanding[]> {
  const rows = await db
    .selectFrom("content_revisions")
    .select(COLUMNS)
    .where("state", "in", ["published", "draft"])
    .execute();
  const pieces = new Map<string, PieceStanding>();
  for (const row of rows) {
    const revision = revisionOf(row);
    if (!revision) continue;
    const key = pieceKey(revision.text);
    const piece = pieces.get(key) ?? {
      kind: revision.text.kind,
      slug: revision.text.slug,
      title: revision.title,
      published: null,
      draft: null,
    };
    if (revision.state === "published") {
      piece.published = { number: revision.number, savedAt: revision.savedAt };
      piece.title = revision.title;
    } else {
      piece.draft = { number: revision.number, savedAt: revision.savedAt, title: revision.title };
    }
    pieces.set(key, piece);
  }
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...pieces.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([, piece]) => piece);
}

/** A piece's revisions, newest first. */
export async function pieceRevisions(db: Db, kind: PieceKind, slug: string): Promise<Revision[]> {
  const rows = await db
    .selectFrom("content_revisions")
    .select(COLUMNS)
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .orderBy("number", "desc")
    .execute();
  return rows.map(revisionOf).filter((revision) => revision !== null);
}

/**
 * Writes a piece's next revision, inside the caller's transaction (where its
 * audit entry goes too): a draft retires the draft before it; a publish
 * retires the published revision and any draft, and moves the content version
 * on, so every instance's pages follow. A piece's saves take turns (on
 * PostgreSQL they wait on its first revision's row; SQLite's transactions
 * already do). Null when the piece has no revision at all: it isn't one of
 * the site's.
 */
export async function saveRevision(
  trx: Db,
  text: PieceText,
  state: "draft" | "published",
  savedBy: string,
  now: Date,
): Promise<{ number: number } | null> {
  const first = trx
    .selectFrom("content_revisions")
    .select("id")
    .where("kind", "=", text.kind)
    .where("slug", "=", text.slug)
    .where("number", "=", 1);
  if (!(await (isPostgres(trx) ? first.forUpdate() : first).executeTakeFirst())) return null;
  const last = await trx
    .selectFrom("content_revisions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("kind", "=", text.kind)
    .where("slug", "=", text.slug)
    .executeTakeFirstOrThrow();
  const number = Number(last.number) + 1;
  await trx
    .updateTable("content_revisions")
    .set({ state: "earlier" })
    .where("kind", "=", text.kind)
    .where("slug", "=", text.slug)
    .where("state", "in", state === "published" ? ["published", "draft"] : ["draft"])
    .execute();
  await trx
    .insertInto("content_revisions")
    .values({
      id: crypto.randomUUID(),
      kind: text.kind,
      slug: text.slug,
      number,
      state,
      fields: JSON.stringify(text.fields),
      body: text.body,
      saved_by: savedBy,
      saved_at: now.toISOString(),
    })
    .execute();
  if (state === "published") await markContentChanged(trx);
  return { number };
}
