import crypto from "node:crypto";
import net from "node:net";
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

/**
 * A counter's key for a client's address. An IPv6 subscriber is usually given a
 * whole /64 and can take any address in it, so IPv6 is counted by its first 64
 * bits; an IPv4 address written IPv4-mapped (::ffff:a.b.c.d) is the same client
 * as a.b.c.d. Anything else (no address known) is counted as it is.
 */
export function addressKey(scope: string, address: string): string {
  return limitKey(scope, clientNetwork(address));
}

export function clientNetwork(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!net.isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** A valid IPv6 address's eight 16-bit groups, "::" filled in and a dotted IPv4 tail read as two. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string | undefined) =>
    (part ? part.split(":") : []).flatMap((group) => {
      if (!group.includes(".")) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  const [head, tail] = address.split("::");
  const before = parse(head);
  if (tail === undefined) return before;
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
