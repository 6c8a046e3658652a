import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "./db.server.ts";

export interface LimitRule {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window, atomically, in the database,
 * so every instance shares the count. Over the limit, the hit is refused.
 */
export async function hitLimit(db: Db, key: string, rule: LimitRule, now = Date.now()): Promise<LimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = now - windowMs;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  if (row.count <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  const resetsAt = Number(row.window_start) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now) / 1000)) };
}

/**
 * Whether the next hit against `key` would be refused, without counting one: for
 * limits that count only failures (a wrong secret), checked before each attempt.
 */
export async function peekLimit(
  db: Db,
  key: string,
  rule: LimitRule,
  now = Date.now(),
): Promise<LimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  const windowStart = Number(row?.window_start ?? 0);
  if (!row || windowStart <= now - windowMs || row.count < rule.limit)
    return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** A counter to hit and the rule it is held to. */
export interface LimitCheck {
  key: string;
  rule: LimitRule;
}

/**
 * Hits every counter in turn and stops at the first that refuses: the answer
 * to give is the longest wait that counter asks for.
 */
export async function hitLimits(db: Db, checks: LimitCheck[], now = Date.now()): Promise<LimitResult> {
  for (const { key, rule } of checks) {
    const result = await hitLimit(db, key, rule, now);
    if (!result.allowed) return result;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Starts a counter afresh (a new code was sent, so its attempts begin again). */
export async function resetLimit(db: Db, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Forgets windows that ended long ago. */
export async function pruneLimits(db: Db, olderThanSeconds = 86_400, now = Date.now()) {
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", now - olderThanSeconds * 1000)
    .execute();
}

/** "Please wait 3 minutes" rather than "180 seconds". */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/** A counter's key: what is counted, and a hash of whose (an IP or an email never sits in the table). */
export function limitKey(scope: string, value: string): string {
  return `${scope}:${crypto.createHash("sha256").update(value.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}
