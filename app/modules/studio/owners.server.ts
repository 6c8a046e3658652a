import type { Db } from "#app/platform/db.server.ts";
import {
  grantOwnerRole,
  markTwoFactorOff,
  ownerIdAt,
  type OwnerGrant,
} from "#app/modules/accounts/owner-role.server.ts";
import { COMMAND_ACTOR, recordAudit } from "./audit.server.ts";

/*
 * Owners are made on the command line (`npm run owner:create`), never over
 * HTTP: whoever can run commands on the server already holds its data. Only
 * relative imports at run time, so the command runs this file with Node alone.
 */

/** Makes the account at `email` an owner's (creating it if need be), and logs it. */
export async function createOwner(db: Db, email: string, now = new Date()): Promise<OwnerGrant> {
  const grant = await grantOwnerRole(db, email, now);
  if (grant.outcome !== "already-owner") {
    await recordAudit(
      db,
      {
        actorId: COMMAND_ACTOR,
        action: "owner.created",
        subjectId: grant.userId,
        detail: { outcome: grant.outcome },
      },
      now,
    );
  }
  return grant;
}

/**
 * The recovery path when an owner has lost her authenticator and her backup
 * codes: removes her authenticator and her passkeys (the lost phone may hold
 * one), so the studio asks her to set up a new authenticator.
 */
export async function resetOwnerTwoFactor(db: Db, email: string, now = new Date()): Promise<boolean> {
  const ownerId = await ownerIdAt(db, email);
  if (!ownerId) return false;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("twoFactor").where("userId", "=", ownerId).execute();
    await tx.deleteFrom("passkey").where("userId", "=", ownerId).execute();
    await tx.deleteFrom("studio_checks").where("user_id", "=", ownerId).execute();
    await markTwoFactorOff(tx, ownerId);
  });
  await recordAudit(
    db,
    { actorId: COMMAND_ACTOR, action: "owner.two-factor-reset", subjectId: ownerId },
    now,
  );
  return true;
}
