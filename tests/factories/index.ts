/**
 * Rows for data-layer tests, so a test states only what matters to it: each
 * factory writes one realistic row (or the rows that always go together, as a
 * member's account and profile) and takes the fields the test cares about.
 */
import crypto from "node:crypto";
import type { Insertable } from "kysely";
import type { AudioProgressTable, PurchasesTable, SessionTable } from "../../db/schema.ts";
import type { Db } from "#app/platform/db.server.ts";

const now = () => new Date().toISOString();

export interface MemberFields {
  id?: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
}

/** A member: her account and its profile, as sign-up leaves them (free tier, no dates). */
export async function aMember(db: Db, fields: MemberFields = {}) {
  const id = fields.id ?? crypto.randomUUID();
  const member = {
    id,
    name: fields.name ?? "Amara Okafor",
    email: fields.email ?? `${id}@example.com`,
    emailVerified: fields.emailVerified ?? false,
  };
  await db
    .insertInto("user")
    .values({ ...member, createdAt: now(), updatedAt: now() })
    .execute();
  await db.insertInto("profiles").values({ id }).execute();
  return member;
}

/** A signed-in session of the member's, live for a day unless told otherwise. */
export async function aSession(db: Db, userId: string, fields: Partial<Insertable<SessionTable>> = {}) {
  const row = {
    id: crypto.randomUUID(),
    token: crypto.randomUUID(),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    createdAt: now(),
    updatedAt: now(),
    ipAddress: null,
    userAgent: null,
    ...fields,
  };
  await db.insertInto("session").values(row).execute();
  return row;
}

/** A card payment of the Complete Course (€27), succeeded unless told otherwise. */
export async function aPurchase(
  db: Db,
  userId: string | null,
  fields: Partial<Insertable<PurchasesTable>> = {},
) {
  const row = {
    id: crypto.randomUUID(),
    user_id: userId,
    provider: "stripe" as const,
    provider_payment_id: `pi_${crypto.randomUUID().replaceAll("-", "")}`,
    amount_minor: 2700,
    currency: "EUR",
    status: "succeeded" as const,
    ...fields,
  };
  await db.insertInto("purchases").values(row).execute();
  return row;
}

/** A listen in the library (not tied to a programme day) to a track, started and not finished. */
export async function aListen(
  db: Db,
  userId: string,
  fields: Partial<Insertable<AudioProgressTable>> &
    Pick<Insertable<AudioProgressTable>, "audio_id" | "audio_title">,
) {
  const row = { id: crypto.randomUUID(), user_id: userId, scheduled_week: 0, scheduled_day: 0, ...fields };
  await db.insertInto("audio_progress").values(row).execute();
  return row;
}
