import { z } from "zod";
import { oneAtATimeFor, type Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, type LimitResult, type LimitRule } from "#app/platform/rate-limit.server.ts";
import { ACCOUNT_HISTORY_LIMIT, type Contraction } from "./contractions.ts";
import { labourScreenFor, type LabourScreenData } from "./playlist.ts";

/**
 * The contraction history saved to her account (`labour_contractions`, this
 * module's table), so another phone shows it and a lost one doesn't lose it.
 * The device is the record during labour: each save replaces what the account
 * holds with the device's whole list, so a contraction removed or a history
 * cleared there is gone here too.
 */

/** Nothing was timed with Tidewell before this. */
const EARLIEST_TIME = Date.UTC(2020, 0, 1);
/** A phone's clock may run a little ahead of the server's. */
const CLOCK_ALLOWANCE_MS = 5 * 60_000;
/** A save after every change, and then some; far too few to use the table as storage. */
export const SAVE_LIMIT: LimitRule = { limit: 120, windowSeconds: 600 };

const SHAPE = "Send { contractions: [...] }: a list of { startedAt, endedAt } in milliseconds since 1970";

/** The device's list as the account accepts it, checked against the server's clock. */
function historySchema(now: number) {
  const time = (what: string) =>
    z
      .int({ error: `${what} must be a whole number of milliseconds since 1970` })
      .min(EARLIEST_TIME, `${what} is before 2020`)
      .max(now + CLOCK_ALLOWANCE_MS, `${what} is more than 5 minutes in the future`);
  const contraction = z
    .object(
      { startedAt: time("its start"), endedAt: time("its end").nullable() },
      { error: "it must be { startedAt, endedAt }" },
    )
    .refine((c) => c.endedAt === null || c.endedAt >= c.startedAt, "it ends before it began");
  return z
    .array(contraction, { error: SHAPE })
    .max(ACCOUNT_HISTORY_LIMIT, `At most ${ACCOUNT_HISTORY_LIMIT} contractions can be saved`)
    .superRefine((list, ctx) => {
      const latest = list.reduce((max, c) => Math.max(max, c.startedAt), -Infinity);
      const starts = new Set<number>();
      list.forEach((c, index) => {
        if (starts.has(c.startedAt))
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: "another contraction began at that moment",
          });
        starts.add(c.startedAt);
        if (c.endedAt === null && c.startedAt !== latest)
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: "only the latest contraction may be going",
          });
      });
    });
}

/** The first problem, in words: "Contraction 3: it ends before it began." */
function describeProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const index = issue.path[0];
  return typeof index === "number" ? `Contraction ${index + 1}: ${issue.message}.` : `${issue.message}.`;
}

/** bigint comes back as text from PostgreSQL and as a number from SQLite. */
const toTime = (value: number | string) => Number(value);

/** Her saved contractions, in order of starting. */
export async function loadHistory(db: Db, memberId: string): Promise<Contraction[]> {
  const rows = await db
    .selectFrom("labour_contractions")
    .select(["started_at", "ended_at"])
    .where("user_id", "=", memberId)
    .orderBy("started_at")
    .execute();
  return rows.map((row) => ({
    startedAt: toTime(row.started_at),
    endedAt: row.ended_at === null ? null : toTime(row.ended_at),
  }));
}

/** The labour page's data: her playlist and the history saved to her account (the loader's one call). */
export async function loadLabourScreen(
  db: Db,
  member: { id: string; hasPremium: boolean },
  memberKey: string,
): Promise<LabourScreenData> {
  return labourScreenFor(member, memberKey, await loadHistory(db, member.id));
}

export type SaveResult = { ok: true; count: number } | { ok: false; error: string };

/**
 * Replaces her saved history with `list` (the device's, as sent), in one
 * transaction; only what differs is written, so saving the same list again
 * changes nothing. Input that breaks a rule is refused whole, with the first
 * problem in words, and nothing changes.
 */
export async function saveHistory(
  db: Db,
  memberId: string,
  list: unknown,
  now = Date.now(),
): Promise<SaveResult> {
  const parsed = historySchema(now).safeParse(list);
  if (!parsed.success) return { ok: false, error: describeProblem(parsed.error) };
  const wanted = parsed.data;
  const updatedAt = new Date(now).toISOString();

  await db.transaction().execute(async (trx) => {
    await oneAtATimeFor(trx, memberId);
    const stored = new Map((await loadHistory(trx, memberId)).map((c) => [c.startedAt, c.endedAt]));
    const starts = new Set(wanted.map((c) => c.startedAt));
    const gone = [...stored.keys()].filter((startedAt) => !starts.has(startedAt));
    if (gone.length > 0) {
      await trx
        .deleteFrom("labour_contractions")
        .where("user_id", "=", memberId)
        .where("started_at", "in", gone)
        .execute();
    }
    // New ones (not stored: undefined), and ones that have ended since.
    const changed = wanted.filter((c) => stored.get(c.startedAt) !== c.endedAt);
    if (changed.length > 0) {
      await trx
        .insertInto("labour_contractions")
        .values(
          changed.map((c) => ({
            user_id: memberId,
            started_at: c.startedAt,
            ended_at: c.endedAt,
            updated_at: updatedAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["user_id", "started_at"]).doUpdateSet((eb) => ({
            ended_at: eb.ref("excluded.ended_at"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    }
  });
  return { ok: true, count: wanted.length };
}

/** Counts one save against her limit (SAVE_LIMIT). */
export function hitSaveLimit(db: Db, memberId: string, now = Date.now()): Promise<LimitResult> {
  return hitLimit(db, limitKey("labour-save", memberId), SAVE_LIMIT, now);
}
