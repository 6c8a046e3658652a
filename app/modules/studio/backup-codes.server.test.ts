import { symmetricEncrypt } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { enrolledStudioOwner, newStudioSession } from "../../../tests/support/studio-owners.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { useTestServices } from "../../../tests/support/test-services.ts";
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT } from "./backup-codes.ts";
import { backupCodeKeys, backupCodesLeft, remakeBackupCodes, takeBackupCode } from "./backup-codes.server.ts";
import { completeSecondFactor } from "./studio.server.ts";

// Each test signs owners in with a password (hashed slowly, on purpose): more than a moment on a busy machine.
describe.each(testDialects)("an owner's backup codes, on %s", { timeout: 30_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  const services = useTestServices(database);
  const db = () => services.database.db;
  const keys = () => backupCodeKeys(services.auth);
  const kept = async (ownerId: string) =>
    (
      await db()
        .selectFrom("twoFactor")
        .select("backupCodes")
        .where("userId", "=", ownerId)
        .executeTakeFirstOrThrow()
    ).backupCodes;

  it("are made of the alphabet without look-alikes when she sets up her authenticator, and kept as hashes only", async () => {
    const owner = await enrolledStudioOwner(services);
    expect(owner.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    for (const code of owner.backupCodes)
      expect(code).toMatch(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`));
    const row = await kept(owner.id);
    expect(row).toMatch(/^hmac-sha256:\[/);
    for (const code of owner.backupCodes) {
      expect(row).not.toContain(code);
      expect(row).not.toContain(code.replace("-", ""));
    }
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(BACKUP_CODE_COUNT);
  });

  it("takes a code typed in small letters, with spaces for its dash, once", async () => {
    const owner = await enrolledStudioOwner(services);
    const typed = ` ${owner.backupCodes[3]!.toLowerCase().replace("-", " ")} `;
    expect(await takeBackupCode(db(), await keys(), owner.id, typed)).toBe(true);
    expect(await takeBackupCode(db(), await keys(), owner.id, owner.backupCodes[3]!)).toBe(false);
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(BACKUP_CODE_COUNT - 1);
    // Another owner's code is not hers.
    const other = await enrolledStudioOwner(services);
    expect(await takeBackupCode(db(), await keys(), owner.id, other.backupCodes[0]!)).toBe(false);
    expect(await takeBackupCode(db(), await keys(), owner.id, "not a code")).toBe(false);
  });

  it("takes the same code once when it is sent many times at once, and different codes sent at once each once", async () => {
    const owner = await enrolledStudioOwner(services);
    const code = owner.backupCodes[0]!;
    const same = await Promise.all(
      Array.from({ length: 6 }, async () => takeBackupCode(db(), await keys(), owner.id, code)),
    );
    expect(same.filter(Boolean)).toHaveLength(1);
    const different = owner.backupCodes.slice(1, 4);
    const each = await Promise.all(
      different.map(async (other) => takeBackupCode(db(), await keys(), owner.id, other)),
    );
    expect(each).toEqual([true, true, true]);
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(BACKUP_CODE_COUNT - 4);
  });

  it("opens one of two sessions that send the same code at once, as the studio's check", async () => {
    const owner = await enrolledStudioOwner(services);
    const sessions = [
      await newStudioSession(services, owner.email),
      await newStudioSession(services, owner.email),
    ];
    const code = owner.backupCodes[1]!.toLowerCase();
    const answers = await Promise.all(
      sessions.map((session) =>
        completeSecondFactor(
          { auth: services.auth, db: db() },
          session.owner,
          new Headers({ cookie: session.cookie }),
          "backup-code",
          code,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([
      { ok: false, status: 400, message: "That backup code didn't match, or it has been used already." },
    ]);
  });

  it("stop working all at once when new ones are made, used or not", async () => {
    const owner = await enrolledStudioOwner(services);
    expect(await takeBackupCode(db(), await keys(), owner.id, owner.backupCodes[0]!)).toBe(true);
    const fresh = await remakeBackupCodes(db(), await keys(), owner.id);
    expect(fresh).toHaveLength(BACKUP_CODE_COUNT);
    expect(fresh!.some((code) => owner.backupCodes.includes(code))).toBe(false);
    for (const old of owner.backupCodes)
      expect(await takeBackupCode(db(), await keys(), owner.id, old)).toBe(false);
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(BACKUP_CODE_COUNT);
    expect(await takeBackupCode(db(), await keys(), owner.id, fresh![9]!)).toBe(true);
    // Without an authenticator there is nothing to remake.
    expect(await remakeBackupCodes(db(), await keys(), "no-such-owner")).toBeNull();
    expect(await backupCodesLeft(db(), await keys(), "no-such-owner")).toBeNull();
  });

  it("takes a code being remade at that moment only if it is one of the set that ends up kept", async () => {
    const owner = await enrolledStudioOwner(services);
    const [taken, fresh] = await Promise.all([
      takeBackupCode(db(), await keys(), owner.id, owner.backupCodes[0]!),
      remakeBackupCodes(db(), await keys(), owner.id),
    ]);
    // Either order, the new set is whole: the old code never strikes off a new one.
    expect(typeof taken).toBe("boolean");
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(BACKUP_CODE_COUNT);
    expect(await takeBackupCode(db(), await keys(), owner.id, owner.backupCodes[0]!)).toBe(false);
    expect(await takeBackupCode(db(), await keys(), owner.id, fresh![0]!)).toBe(true);
  });

  it("keeps the codes made before (Better Auth's, encrypted) working, in either case, each once", async () => {
    const owner = await enrolledStudioOwner(services);
    const earlier = ["aB3dE-fG7hJ", "Zz9yX-wV8uT", "Q0o1l-I5s2S"];
    const { secretConfig } = await services.auth.$context;
    await db()
      .updateTable("twoFactor")
      .set({ backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(earlier) }) })
      .where("userId", "=", owner.id)
      .execute();
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(3);
    expect(await takeBackupCode(db(), await keys(), owner.id, "ab3de-fg7hj")).toBe(true);
    // Struck off by keeping the others, hashed as new ones are.
    const row = await kept(owner.id);
    expect(row).toMatch(/^hmac-sha256:/);
    expect(row).not.toContain("Zz9yX");
    expect(await takeBackupCode(db(), await keys(), owner.id, "aB3dE-fG7hJ")).toBe(false);
    expect(await takeBackupCode(db(), await keys(), owner.id, "Zz9yX-wV8uT")).toBe(true);
    expect(await takeBackupCode(db(), await keys(), owner.id, "q0O1L i5S2s")).toBe(true);
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(0);
  });

  it("finds no code in a list it cannot read", async () => {
    const owner = await enrolledStudioOwner(services);
    await db()
      .updateTable("twoFactor")
      .set({ backupCodes: "not-ours" })
      .where("userId", "=", owner.id)
      .execute();
    expect(await takeBackupCode(db(), await keys(), owner.id, owner.backupCodes[0]!)).toBe(false);
    expect(await backupCodesLeft(db(), await keys(), owner.id)).toBe(0);
  });
});
