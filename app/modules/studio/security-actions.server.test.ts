import { describe, expect, it } from "vitest";
import {
  enrolledStudioOwner,
  newStudioSession,
  studioOwnerOn,
} from "../../../tests/support/studio-owners.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { useTestServices } from "../../../tests/support/test-services.ts";
import { totpCode } from "../../../tests/support/totp.ts";
import { auditEntries } from "./audit.server.ts";
import { BACKUP_CODE_COUNT } from "./backup-codes.ts";
import { backupCodeKeys, takeBackupCode } from "./backup-codes.server.ts";
import type { SecurityForm } from "./forms.ts";
import { answerSecurityForm, type SecurityAnswer } from "./security-actions.server.ts";
import { completeSecondFactor, studioVisit } from "./studio.server.ts";

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

/** What the action threw (the way to the check), or null when it answered. */
async function thrown(run: () => Promise<unknown>): Promise<Response | null> {
  try {
    await run();
    return null;
  } catch (answer) {
    if (answer instanceof Response) return answer;
    throw answer;
  }
}

// Each test signs owners in with a password (hashed slowly, on purpose): more than a moment on a busy machine.
describe.each(testDialects)(
  "the security page's second factor forms, on %s",
  { timeout: 60_000 },
  (dialect) => {
    const database = useTestDatabase(dialect);
    const services = useTestServices(database);
    const db = () => services.database.db;
    const deps = () => ({ auth: services.auth, db: db() });

    /** An owner on the security page, the second factor given a moment ago, and how her forms are answered. */
    async function onSecurityPage() {
      const enrolled = await enrolledStudioOwner(services);
      const owner = await studioOwnerOn(services, enrolled.cookie);
      const answer = (form: SecurityForm, now = new Date()) =>
        answerSecurityForm(deps(), owner, new Headers({ cookie: enrolled.cookie }), form, now);
      const actions = async () => (await auditEntries(db(), { subjectId: owner.id })).map((e) => e.action);
      return { enrolled, owner, answer, actions };
    }

    /** The answer's variant, or a failure that names what came instead. */
    function as<K extends SecurityAnswer["kind"]>(answer: SecurityAnswer, kind: K) {
      if (answer.kind !== kind) throw new Error(`Expected ${kind}, got ${JSON.stringify(answer)}`);
      return answer as Extract<SecurityAnswer, { kind: K }>;
    }

    it("makes new backup codes with the second factor given just now: the old ones stop working at once, and it is logged", async () => {
      const { enrolled, owner, answer, actions } = await onSecurityPage();
      const made = as(await answer({ intent: "new-backup-codes" }), "backup-codes");
      expect(made.backupCodes.codes).toHaveLength(BACKUP_CODE_COUNT);
      expect(made.backupCodes.account).toBe(enrolled.email);
      const keys = await backupCodeKeys(services.auth);
      expect(await takeBackupCode(db(), keys, owner.id, enrolled.backupCodes[0]!)).toBe(false);
      expect(await takeBackupCode(db(), keys, owner.id, made.backupCodes.codes[0]!)).toBe(true);
      expect((await actions())[0]).toBe("owner.backup-codes-remade");
      // Her word that she saved them takes her back to the page.
      expect(await answer({ intent: "backup-codes-saved", saved: "yes" })).toMatchObject({
        kind: "done",
        next: "/studio/security",
      });
    });

    it("asks for the second factor again when it was given minutes ago, and changes nothing", async () => {
      const { enrolled, owner, answer, actions } = await onSecurityPage();
      const before = await actions();
      for (const intent of ["new-backup-codes", "new-authenticator"] as const) {
        const redirect = await thrown(() => answer({ intent }, minutes(3)));
        expect(redirect?.status).toBe(302);
        expect(redirect?.headers.get("Location")).toBe("/studio/check?again=1&next=%2Fstudio%2Fsecurity");
      }
      expect(await actions()).toEqual(before);
      expect(
        await takeBackupCode(db(), await backupCodeKeys(services.auth), owner.id, enrolled.backupCodes[0]!),
      ).toBe(true);
    });

    it("makes new codes five times an hour at most", async () => {
      const { answer } = await onSecurityPage();
      const answers: SecurityAnswer[] = [];
      for (let i = 0; i < 6; i++) answers.push(await answer({ intent: "new-backup-codes" }));
      expect(answers.slice(0, 5).every((a) => a.kind === "backup-codes")).toBe(true);
      expect(answers[5]).toMatchObject({
        kind: "refused",
        status: 429,
        message: expect.stringMatching(/^Too many attempts\. Please wait/),
        retryAfterSeconds: expect.any(Number),
      });
    });

    it("replaces her authenticator once a code from the new one comes back: the old key stops working, and other sessions ask again", async () => {
      const { enrolled, answer, actions } = await onSecurityPage();
      const other = await newStudioSession(services, enrolled.email);
      const fromOldKey = totpCode(enrolled.key, Date.now(), 1);
      const checked = await completeSecondFactor(
        deps(),
        other.owner,
        new Headers({ cookie: other.cookie }),
        "totp",
        fromOldKey,
      );
      expect(checked.ok).toBe(true);

      const started = as(await answer({ intent: "new-authenticator" }), "new-authenticator");
      expect(started.qrSvg).toMatch(/^<svg/);
      expect(started.secret).toMatch(/^[A-Z2-7]+$/);
      expect(started.secret).not.toBe(enrolled.key);
      // The sealed key says nothing readable.
      expect(started.pending).not.toContain(Buffer.from(started.secret).toString());

      const wrong = await answer({
        intent: "confirm-authenticator",
        pending: started.pending,
        code: totpCode(enrolled.key, Date.now(), -1),
      });
      expect(wrong).toEqual({
        kind: "refused",
        status: 400,
        message: "That code didn't match. Enter the code your new authenticator app shows now.",
        pending: started.pending,
      });
      // A step before now's, so now's code is left for the next check.
      const confirmed = await answer({
        intent: "confirm-authenticator",
        pending: started.pending,
        code: totpCode(started.secret, Date.now(), -1),
      });
      expect(confirmed).toMatchObject({ kind: "done", next: "/studio/security" });
      expect((await actions())[0]).toBe("owner.authenticator-replaced");
      // This session's check stands; the other session's ended.
      const visitOf = (cookie: string) =>
        studioVisit(services.auth, db(), new Headers({ cookie }), new Date()).then((v) => v.access);
      expect(await visitOf(enrolled.cookie)).toBe("open");
      expect(await visitOf(other.cookie)).toBe("check");

      // The old key's codes open nothing now; the new one's do.
      const third = await newStudioSession(services, enrolled.email);
      const check = (code: string) =>
        completeSecondFactor(deps(), third.owner, new Headers({ cookie: third.cookie }), "totp", code);
      // (Had the key stayed, this code's step would be refused as used already: the other session gave it.)
      expect(await check(totpCode(enrolled.key, Date.now(), 1))).toMatchObject({
        ok: false,
        status: 400,
        message: expect.stringMatching(/^That code didn't match/),
      });
      expect((await check(totpCode(started.secret))).ok).toBe(true);
      expect(await visitOf(third.cookie)).toBe("open");
    });

    it("refuses a new key's form from another session, ten minutes on, once used, or forged", async () => {
      const { enrolled, answer } = await onSecurityPage();
      const started = as(await answer({ intent: "new-authenticator" }), "new-authenticator");
      const code = () => totpCode(started.secret, Date.now(), -1);
      const stale = {
        kind: "refused",
        status: 409,
        message: "That set-up has run out of time. Please start replacing your authenticator again.",
      };
      // Her other session, even with the second factor given there.
      const other = await newStudioSession(services, enrolled.email);
      const elsewhere = await answerSecurityForm(
        deps(),
        { ...other.owner, checkedAt: new Date() },
        new Headers({ cookie: other.cookie }),
        { intent: "confirm-authenticator", pending: started.pending, code: code() },
        new Date(),
      );
      expect(elsewhere).toEqual(stale);
      expect(
        await answer(
          { intent: "confirm-authenticator", pending: started.pending, code: code() },
          minutes(11),
        ),
      ).toEqual(stale);
      expect(await answer({ intent: "confirm-authenticator", pending: "forged", code: code() })).toEqual(
        stale,
      );
      expect(
        await answer({ intent: "confirm-authenticator", pending: started.pending, code: code() }),
      ).toMatchObject({
        kind: "done",
      });
      // Used once, its key is the one kept: the same form again names a key that is gone.
      expect(
        await answer({
          intent: "confirm-authenticator",
          pending: started.pending,
          code: totpCode(started.secret, Date.now(), 1),
        }),
      ).toEqual(stale);
    });

    it("takes ten codes for a new key in a quarter of an hour at most", async () => {
      const { enrolled, answer } = await onSecurityPage();
      const started = as(await answer({ intent: "new-authenticator" }), "new-authenticator");
      const wrongCode = totpCode(enrolled.key, Date.now(), -1);
      const answers: SecurityAnswer[] = [];
      for (let i = 0; i < 11; i++)
        answers.push(
          await answer({ intent: "confirm-authenticator", pending: started.pending, code: wrongCode }),
        );
      expect(answers.slice(0, 10).every((a) => a.kind === "refused" && a.status === 400)).toBe(true);
      expect(answers[10]).toMatchObject({ kind: "refused", status: 429, pending: started.pending });
    });
  },
);
