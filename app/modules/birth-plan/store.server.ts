import crypto from "node:crypto";
import { oneAtATimeFor, type Db } from "#app/platform/db.server.ts";
import { firstName } from "#app/modules/people/display.ts";
import { memberIdOf } from "#app/modules/partner/seat.server.ts";
import { emptyBirthPlan, parseBirthPlanJson, sameContent, type BirthPlanContent } from "./plan.ts";
import { isSectionId } from "./sections.ts";

/**
 * A member's birth preferences plan, as versions, and her birth partner's
 * comments on it. Every function works from the session's own user id: her
 * plan is found by hers, and a partner reaches a plan only through
 * `memberIdOf` (the member whose partner they are now).
 */

/** A save less than this after her latest version was made is the same sitting: it updates that version. */
const SITTING_MS = 10 * 60_000;
/** Versions kept per member: the oldest go beyond this. */
export const VERSIONS_KEPT = 100;
/** Open comments a plan can hold: her partner's notes are for talking over, not a thread without end. */
const OPEN_COMMENTS_MAX = 30;
/** A comment's body, trimmed, in characters. */
const COMMENT_MAX = 1000;

/** A stored content, validated; a row that no longer passes reads as an empty plan rather than failing her page. */
function readContent(text: string): BirthPlanContent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return emptyBirthPlan();
  }
  const parsed = parseBirthPlanJson(value);
  return parsed.ok ? parsed.content : emptyBirthPlan();
}

function latestVersion(db: Db, userId: string) {
  return db
    .selectFrom("birth_plan_versions")
    .select(["number", "content", "created_at", "updated_at", "restored_from"])
    .where("user_id", "=", userId)
    .orderBy("number", "desc")
    .executeTakeFirst();
}

/** Adds her version `number`, then lets the oldest beyond VERSIONS_KEPT go. */
async function addVersion(
  trx: Db,
  userId: string,
  number: number,
  content: string,
  now: Date,
  restoredFrom: number | null,
) {
  await trx
    .insertInto("birth_plan_versions")
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      number,
      content,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      restored_from: restoredFrom,
    })
    .execute();
  // Numbers only grow by one and only the oldest are deleted, so hers are number-99..number.
  await trx
    .deleteFrom("birth_plan_versions")
    .where("user_id", "=", userId)
    .where("number", "<=", number - VERSIONS_KEPT)
    .execute();
}

export interface SavedVersion {
  number: number;
  savedAt: Date;
  /** Whether the save added a version (else it updated her latest, or changed nothing). */
  created: boolean;
}

/**
 * Saves her plan: the same content as her latest version changes nothing; a
 * save in the same sitting as her latest version updates it; otherwise it is
 * a new version. A restore is never updated in place, so what she restored
 * stays as it was.
 */
export async function saveBirthPlan(
  db: Db,
  userId: string,
  content: BirthPlanContent,
  now: Date,
): Promise<SavedVersion> {
  // Kept as the plan's rules write it, so every stored version reads back.
  const parsed = parseBirthPlanJson(content);
  if (!parsed.ok) throw new Error("saveBirthPlan takes content that parseBirthPlanJson accepts");
  const text = JSON.stringify(parsed.content);
  return db.transaction().execute(async (trx) => {
    // Her saves take turns (SQLite's transactions already do), so two never take the same number.
    await oneAtATimeFor(trx, userId);
    const latest = await latestVersion(trx, userId);
    if (latest && sameContent(readContent(latest.content), parsed.content)) {
      return { number: latest.number, savedAt: new Date(latest.updated_at), created: false };
    }
    // Counted from when the version was made, so a long sitting still leaves versions behind; a save
    // dated before it (a slow request) is not part of it.
    const age = latest ? now.getTime() - new Date(latest.created_at).getTime() : Infinity;
    if (latest && latest.restored_from === null && age >= 0 && age < SITTING_MS) {
      await trx
        .updateTable("birth_plan_versions")
        .set({ content: text, updated_at: now.toISOString() })
        .where("user_id", "=", userId)
        .where("number", "=", latest.number)
        .execute();
      return { number: latest.number, savedAt: now, created: false };
    }
    const number = (latest?.number ?? 0) + 1;
    await addVersion(trx, userId, number, text, now, null);
    return { number, savedAt: now, created: true };
  });
}

/** Her plan as last saved, or null before her first save. */
export async function currentBirthPlan(
  db: Db,
  userId: string,
): Promise<{ content: BirthPlanContent; number: number; savedAt: Date } | null> {
  const latest = await latestVersion(db, userId);
  if (!latest) return null;
  return {
    content: readContent(latest.content),
    number: latest.number,
    savedAt: new Date(latest.updated_at),
  };
}

export interface VersionListItem {
  number: number;
  savedAt: Date;
  /** The version it restored; null when she saved it. */
  restoredFrom: number | null;
  /** How many choices she ticked, and how many sections have a note. */
  summary: { choices: number; notes: number };
}

/** Her versions, newest first, for the list: no content. */
export async function birthPlanVersions(db: Db, userId: string): Promise<VersionListItem[]> {
  const rows = await db
    .selectFrom("birth_plan_versions")
    .select(["number", "content", "updated_at", "restored_from"])
    .where("user_id", "=", userId)
    .orderBy("number", "desc")
    .execute();
  return rows.map((row) => {
    const sections = Object.values(readContent(row.content).sections);
    return {
      number: row.number,
      savedAt: new Date(row.updated_at),
      restoredFrom: row.restored_from,
      summary: {
        choices: sections.reduce((sum, section) => sum + (section?.choices.length ?? 0), 0),
        notes: sections.filter((section) => section?.note.trim()).length,
      },
    };
  });
}

/** One of her versions' content, or null when she has no such version. */
export async function birthPlanVersion(
  db: Db,
  userId: string,
  number: number,
): Promise<BirthPlanContent | null> {
  const row = await db
    .selectFrom("birth_plan_versions")
    .select("content")
    .where("user_id", "=", userId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row ? readContent(row.content) : null;
}

/**
 * Makes one of her versions the latest again, as a new version that says
 * where it came from: nothing she saved is lost. Null when she has no such
 * version (another member's number finds nothing).
 */
export async function restoreBirthPlanVersion(
  db: Db,
  userId: string,
  number: number,
  now: Date,
): Promise<{ number: number; savedAt: Date } | null> {
  return db.transaction().execute(async (trx) => {
    await oneAtATimeFor(trx, userId);
    const source = await trx
      .selectFrom("birth_plan_versions")
      .select("content")
      .where("user_id", "=", userId)
      .where("number", "=", number)
      .executeTakeFirst();
    if (!source) return null;
    const next = ((await latestVersion(trx, userId))?.number ?? 0) + 1;
    await addVersion(trx, userId, next, source.content, now, number);
    return { number: next, savedAt: now };
  });
}

// Comments

export type CommentRefusal = "not-a-partner" | "invalid" | "too-many";

/**
 * Her birth partner comments on a section of her plan. The plan is always
 * the one of the member whose partner they are now; at most
 * OPEN_COMMENTS_MAX comments wait for her at once.
 */
export async function addPartnerComment(
  db: Db,
  { partnerId, sectionId, body, now }: { partnerId: string; sectionId: string; body: string; now: Date },
): Promise<{ ok: true; id: string } | { ok: false; reason: CommentRefusal }> {
  const text = body.trim();
  const length = [...text].length;
  if (!isSectionId(sectionId) || length < 1 || length > COMMENT_MAX) {
    return { ok: false, reason: "invalid" };
  }
  return db.transaction().execute(async (trx) => {
    const memberId = await memberIdOf(trx, partnerId);
    if (!memberId) return { ok: false, reason: "not-a-partner" } as const;
    // Comments on her plan take turns, so two at once can't both be the 30th.
    await oneAtATimeFor(trx, memberId);
    const open = await trx
      .selectFrom("birth_plan_comments")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", memberId)
      .where("resolved_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(open.count) >= OPEN_COMMENTS_MAX) return { ok: false, reason: "too-many" } as const;
    const id = crypto.randomUUID();
    await trx
      .insertInto("birth_plan_comments")
      .values({
        id,
        user_id: memberId,
        author_id: partnerId,
        section_id: sectionId,
        body: text,
        created_at: now.toISOString(),
      })
      .execute();
    return { ok: true, id } as const;
  });
}

export interface PlanComment {
  id: string;
  sectionId: string;
  body: string;
  authorId: string;
  authorFirstName: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolved: boolean;
}

/** Every comment on her plan, oldest first, open or resolved. */
export async function commentsOnPlan(db: Db, memberId: string): Promise<PlanComment[]> {
  const rows = await db
    .selectFrom("birth_plan_comments")
    .innerJoin("user", "user.id", "birth_plan_comments.author_id")
    .select([
      "birth_plan_comments.id",
      "section_id",
      "body",
      "author_id",
      "user.name",
      "created_at",
      "resolved_at",
    ])
    .where("user_id", "=", memberId)
    .orderBy("created_at")
    .orderBy("birth_plan_comments.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sectionId: row.section_id,
    body: row.body,
    authorId: row.author_id,
    // Her partner's first name only, as everywhere else.
    authorFirstName: firstName(row.name),
    createdAt: new Date(row.created_at),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
    resolved: row.resolved_at !== null,
  }));
}

/** She marks a comment on her plan resolved. False when it is not on her plan, or already resolved. */
export async function resolveComment(
  db: Db,
  { memberId, commentId, now }: { memberId: string; commentId: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable("birth_plan_comments")
    .set({ resolved_at: now.toISOString() })
    .where("id", "=", commentId)
    .where("user_id", "=", memberId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * She opens a resolved comment on her plan again. False when it is not on
 * her plan, or not resolved. (The open-comment limit is on her partner's
 * adding, not on her.)
 */
export async function reopenComment(
  db: Db,
  { memberId, commentId }: { memberId: string; commentId: string },
): Promise<boolean> {
  const result = await db
    .updateTable("birth_plan_comments")
    .set({ resolved_at: null })
    .where("id", "=", commentId)
    .where("user_id", "=", memberId)
    .where("resolved_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Her partner takes back a comment of their own, while she has not resolved
 * it (a resolved comment is part of her plan's story) and while they are
 * still her partner.
 */
export async function deletePartnerComment(
  db: Db,
  { partnerId, commentId }: { partnerId: string; commentId: string },
): Promise<boolean> {
  const memberId = await memberIdOf(db, partnerId);
  if (!memberId) return false;
  const result = await db
    .deleteFrom("birth_plan_comments")
    .where("id", "=", commentId)
    .where("user_id", "=", memberId)
    .where("author_id", "=", partnerId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
