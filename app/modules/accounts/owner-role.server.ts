import crypto from "node:crypto";
import type { Db } from "#app/platform/db.server.ts";
import { type MEMBER_ROLE, OWNER_ROLE, OWNER_SESSION_HOURS } from "./roles.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { createProfile } from "./profile.server.ts";

/*
 * The owner's role on an account, given on the command line (studio/owners.server.ts).
 * Only relative imports at run time, so the command runs these files with Node alone.
 */

export type OwnerGrant = { outcome: "created" | "promoted" | "already-owner"; userId: string };

/**
 * Makes the account at `email` an owner's, creating it (confirmed, with no
 * password: she signs in with an emailed link or code) if there is none.
 * Her sessions already open end within an owner's 12 hours.
 */
export async function grantOwnerRole(db: Db, rawEmail: string, now = new Date()): Promise<OwnerGrant> {
  const email = normalizeEmail(rawEmail);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`"${rawEmail}" is not an email address.`);
  const existing = await db
    .selectFrom("user")
    .select(["id", "role"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing?.role === OWNER_ROLE) return { outcome: "already-owner", userId: existing.id };
  const at = now.toISOString();
  let grant: OwnerGrant;
  if (existing) {
    await db
      .updateTable("user")
      .set({ role: OWNER_ROLE, updatedAt: at })
      .where("id", "=", existing.id)
      .execute();
    grant = { outcome: "promoted", userId: existing.id };
  } else {
    const userId = crypto.randomUUID();
    await db
      .insertInto("user")
      .values({
        id: userId,
        name: "",
        email,
        emailVerified: true,
        image: null,
        role: OWNER_ROLE,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await createProfile(db, userId);
    grant = { outcome: "created", userId };
  }
  const ownerLimit = new Date(now.getTime() + OWNER_SESSION_HOURS * 3_600_000).toISOString();
  await db
    .updateTable("session")
    .set({ expiresAt: ownerLimit })
    .where("userId", "=", grant.userId)
    .where("expiresAt", ">", ownerLimit)
    .execute();
  return grant;
}

/**
 * Gives an account the owner's role or the member's. A new owner's open sessions end within an owner's
 * 12 hours, as with the command. Null when there is no such account.
 */
export async function setAccountRole(
  db: Db,
  userId: string,
  role: typeof OWNER_ROLE | typeof MEMBER_ROLE,
  now = new Date(),
): Promise<{ from: string } | null> {
  const account = await db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  if (!account) return null;
  await db.updateTable("user").set({ role, updatedAt: now.toISOString() }).where("id", "=", userId).execute();
  if (role === OWNER_ROLE) {
    const ownerLimit = new Date(now.getTime() + OWNER_SESSION_HOURS * 3_600_000).toISOString();
    await db
      .updateTable("session")
      .set({ expiresAt: ownerLimit })
      .where("userId", "=", userId)
      .where("expiresAt", ">", ownerLimit)
      .execute();
  }
  return { from: account.role };
}

/** The owner's id at `email`, or null when that address is no owner's. */
export async function ownerIdAt(db: Db, rawEmail: string): Promise<string | null> {
  const user = await db
    .selectFrom("user")
    .select(["id", "role"])
    .where("email", "=", normalizeEmail(rawEmail))
    .executeTakeFirst();
  return user?.role === OWNER_ROLE ? user.id : null;
}

/** Marks the account as having no second factor (its authenticator was removed). */
export async function markTwoFactorOff(db: Db, userId: string) {
  await db.updateTable("user").set({ twoFactorEnabled: false }).where("id", "=", userId).execute();
}
