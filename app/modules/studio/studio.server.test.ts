import { describe, expect, it } from "vitest";
import { PASSWORD } from "../../../tests/support/accounts.ts";
import { signedInMember } from "../../../tests/support/members.ts";
import { enrolledStudioOwner, newStudioSession } from "../../../tests/support/studio-owners.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { useTestServices } from "../../../tests/support/test-services.ts";
import { totpCode, unusedTotpCode } from "../../../tests/support/totp.ts";
import { auditEntries } from "./audit.server.ts";
import { PASSWORD_LIMITS } from "#app/modules/accounts/auth-endpoints.ts";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { OWNER_SESSION_HOURS } from "./gate.ts";
import { answerMemberForm } from "./member-actions.server.ts";
import { createOwner, resetOwnerTwoFactor } from "./owners.server.ts";
import {
  completeSecondFactor,
  SECOND_FACTOR_ATTEMPTS,
  startEnrolment,
  studioVisit,
} from "./studio.server.ts";

describe.each(testDialects)("the studio's gate and second factor, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const services = useTestServices(database, { BASE_URL: "http://localhost:3996" });

  const db = () => services.database.db;
  const memberFormDeps = () => ({
    auth: services.auth,
    database: services.database,
    dataDir: services.env.DATA_DIR,
  });
  const headersOf = (cookie: string) => new Headers({ cookie });
  const visit = (cookie: string) => studioVisit(services.auth, db(), headersOf(cookie), new Date());
  const enrol = (
    member: { email: string; cookie: string },
    password: string | undefined,
    ip = "203.0.113.9",
  ) =>
    startEnrolment(
      { auth: services.auth, db: db() },
      { email: member.email, ip },
      headersOf(member.cookie),
      password,
    );

  const enrolledOwner = () => enrolledStudioOwner(services);
  const newSession = (email: string) => newStudioSession(services, email);

  it("sends no one in but an owner, and an owner only once she has set up and entered her second factor", async () => {
    expect((await studioVisit(services.auth, db(), new Headers(), new Date())).access).toBe("sign-in");
    const member = await signedInMember(services);
    expect((await visit(member.cookie)).access).toBe("refused");

    await createOwner(db(), member.email);
    expect((await visit(member.cookie)).access).toBe("enrol");
    // Her password first, since she has one.
    expect(await enrol(member, undefined)).toMatchObject({
      ok: false,
    });
    const started = await enrol(member, PASSWORD);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/Tidewell:/);
    expect(started.enrolment.backupCodes).toHaveLength(10);
    // Not on until a code from the app proves it holds the key.
    expect((await visit(member.cookie)).access).toBe("enrol");

    const owner = (await visit(member.cookie)).owner!;
    const wrong = await completeSecondFactor(
      { auth: services.auth, db: db() },
      owner,
      headersOf(member.cookie),
      "totp",
      totpCode(started.enrolment.secret, Date.now(), 10),
    );
    expect(wrong).toMatchObject({ ok: false, status: 400 });
    const right = await completeSecondFactor(
      { auth: services.auth, db: db() },
      owner,
      headersOf(member.cookie),
      "totp",
      totpCode(started.enrolment.secret),
    );
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    // Turning the second factor on gave her a new session: the check is that session's.
    const cookie = right.setCookies
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("tidewell.session_token="))!;
    expect((await visit(cookie)).access).toBe("open");

    const actions = (await auditEntries(db(), { subjectId: member.id })).map((e) => e.action);
    expect(actions).toEqual(["studio.second-factor", "studio.second-factor-failed", "owner.created"]);
  });

  it("holds the password asked to set up the authenticator to the sign-in's counters, from any number of addresses at once", async () => {
    const member = await signedInMember(services);
    await createOwner(db(), member.email);
    // Someone holding her session, guessing from forty addresses at once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => enrol(member, `guess-${i}-not-it`, `198.51.100.${i + 1}`)),
    );
    const checked = answers.filter((answer) => !answer.ok && answer.status === 400);
    const refused = answers.filter((answer) => !answer.ok && answer.status === 429);
    // Her own sign-in counted one of the quarter-hour's eight already.
    expect(checked.length).toBe(PASSWORD_LIMITS.email![0]!.limit - 1);
    expect(refused).toHaveLength(40 - checked.length);
    expect(refused[0]).toMatchObject({ message: expect.stringMatching(/^Too many attempts\. Please wait/) });
    // The right password now waits too, and so does signing in with it: one count for both.
    expect(await enrol(member, PASSWORD, "192.0.2.77")).toMatchObject({ ok: false, status: 429 });
    await expect(
      services.auth.api.signInEmail({
        body: { email: member.email, password: PASSWORD },
        headers: new Headers({ [CLIENT_IP_HEADER]: "192.0.2.78" }),
      }),
    ).rejects.toMatchObject({ status: "TOO_MANY_REQUESTS" });
    expect((await visit(member.cookie)).access).toBe("enrol");
  });

  it("lets her set it up with her password on a browser she signed in on, while strangers' guesses lock every other", async () => {
    const member = await signedInMember(services);
    await createOwner(db(), member.email);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => enrol(member, `guess-${i}-not-it`, `198.51.100.${i + 1}`)),
    );
    expect(await enrol(member, PASSWORD, "192.0.2.80")).toMatchObject({ ok: false, status: 429 });
    const device = services.devices.recognise(
      services.devices.issue(member.email).split(";")[0]!,
      member.email,
    );
    const onHerBrowser = await startEnrolment(
      { auth: services.auth, db: db() },
      { email: member.email, ip: "192.0.2.80", device },
      headersOf(member.cookie),
      PASSWORD,
    );
    expect(onHerBrowser.ok).toBe(true);
  });

  it("counts guesses atomically: of twenty sent at once only five are checked, and then even the right code waits", async () => {
    const owner = await enrolledOwner();
    // A new sign-in: a session with no check yet.
    const { signInWithPassword } = await import("#app/modules/accounts/sign-in.server.ts");
    const signedIn = await signInWithPassword(
      services.auth,
      new Headers({ "x-tidewell-client-ip": "10.1.2.3" }),
      {
        email: owner.email,
        password: PASSWORD,
      },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = signedIn.cookies
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("tidewell.session_token="))!;
    const before = await visit(cookie);
    expect(before.access).toBe("check");

    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        completeSecondFactor(
          { auth: services.auth, db: db() },
          before.owner!,
          headersOf(cookie),
          "totp",
          String(100000 + i),
        ),
      ),
    );
    const refused = guesses.filter((g) => !g.ok && g.status === 429).length;
    expect(refused).toBe(20 - SECOND_FACTOR_ATTEMPTS);
    const failed = (await auditEntries(db(), { subjectId: owner.id })).filter(
      (e) => e.action === "studio.second-factor-failed",
    );
    expect(failed.length).toBeLessThanOrEqual(SECOND_FACTOR_ATTEMPTS);
    const right = await completeSecondFactor(
      { auth: services.auth, db: db() },
      before.owner!,
      headersOf(cookie),
      "totp",
      totpCode(owner.key),
    );
    expect(right).toMatchObject({ ok: false, status: 429 });
    expect((await visit(cookie)).access).toBe("check");
  });

  it("counts a passkey that fails like a wrong code, and refuses one from no ceremony", async () => {
    const owner = await enrolledOwner();
    const { completePasskeyCheck } = await import("./passkeys.server.ts");
    const { signInWithPassword } = await import("#app/modules/accounts/sign-in.server.ts");
    const signedIn = await signInWithPassword(services.auth, new Headers(), {
      email: owner.email,
      password: PASSWORD,
    });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = signedIn.cookies
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("tidewell.session_token="))!;
    const studioOwner = (await visit(cookie)).owner!;
    const forged = {
      id: "forged",
      rawId: "forged",
      type: "public-key",
      response: {},
      clientExtensionResults: {},
    };
    const answers = await Promise.all(
      Array.from({ length: SECOND_FACTOR_ATTEMPTS + 2 }, () =>
        completePasskeyCheck({ auth: services.auth, db: db() }, studioOwner, headersOf(cookie), forged),
      ),
    );
    expect(answers.filter((a) => !a.ok && a.status === 400)).toHaveLength(SECOND_FACTOR_ATTEMPTS);
    expect(answers.filter((a) => !a.ok && a.status === 429)).toHaveLength(2);
    expect((await visit(cookie)).access).toBe("check");
  });

  it("takes an authenticator's code once: sent from two sessions at once it opens one, and sent again for the re-check it is refused", async () => {
    const owner = await enrolledOwner();
    const [first, second] = [await newSession(owner.email), await newSession(owner.email)];
    const { code } = await unusedTotpCode(owner.key, owner.step);
    const answers = await Promise.all(
      [first!, second!].map((session) =>
        completeSecondFactor(
          { auth: services.auth, db: db() },
          session.owner,
          headersOf(session.cookie),
          "totp",
          code,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([
      {
        ok: false,
        status: 400,
        message:
          "That code has been used already. Wait for your authenticator app to show a new one, then enter it.",
      },
    ]);
    const opened = answers[0]!.ok ? first! : second!;
    const refused = answers[0]!.ok ? second! : first!;
    expect((await visit(opened.cookie)).access).toBe("open");
    expect((await visit(refused.cookie)).access).toBe("check");

    // Minutes later, the re-check before an export: the same code again is refused, and nothing is recorded.
    const checkedAt = (await visit(opened.cookie)).owner!.checkedAt;
    const again = await completeSecondFactor(
      { auth: services.auth, db: db() },
      opened.owner,
      headersOf(opened.cookie),
      "totp",
      code,
    );
    expect(again).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/used already/) });
    expect((await visit(opened.cookie)).owner!.checkedAt).toEqual(checkedAt);
    const actions = (await auditEntries(db(), { subjectId: owner.id })).map((e) => e.action);
    expect(actions.slice(0, 3).sort()).toEqual([
      "studio.second-factor",
      "studio.second-factor-failed",
      "studio.second-factor-failed",
    ]);
  });

  it("takes a backup code once, sent from two sessions at once", async () => {
    const owner = await enrolledOwner();
    const sessions = [await newSession(owner.email), await newSession(owner.email)];
    const answers = await Promise.all(
      sessions.map((session) =>
        completeSecondFactor(
          { auth: services.auth, db: db() },
          session.owner,
          headersOf(session.cookie),
          "backup-code",
          owner.backupCodes[0]!,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([
      { ok: false, status: 400, message: "That backup code didn't match, or it has been used already." },
    ]);
    const access = await Promise.all(sessions.map(async (session) => (await visit(session.cookie)).access));
    expect(access.sort()).toEqual(["check", "open"]);
  });

  it("takes each backup code once", async () => {
    const owner = await enrolledOwner();
    const { signInWithPassword } = await import("#app/modules/accounts/sign-in.server.ts");
    const signIn = async () => {
      const result = await signInWithPassword(services.auth, new Headers(), {
        email: owner.email,
        password: PASSWORD,
      });
      if (!result.ok) throw new Error(result.message);
      return result.cookies
        .map((c) => c.split(";")[0]!)
        .find((c) => c.startsWith("tidewell.session_token="))!;
    };
    const first = await signIn();
    const code = owner.backupCodes[0]!;
    const used = await completeSecondFactor(
      { auth: services.auth, db: db() },
      (await visit(first)).owner!,
      headersOf(first),
      "backup-code",
      code,
    );
    expect(used.ok).toBe(true);
    expect((await visit(first)).access).toBe("open");
    const second = await signIn();
    const again = await completeSecondFactor(
      { auth: services.auth, db: db() },
      (await visit(second)).owner!,
      headersOf(second),
      "backup-code",
      code,
    );
    expect(again).toMatchObject({ ok: false, status: 400 });
    expect((await visit(second)).access).toBe("check");
  });

  it("lets an owner make a member an owner and back, never change her own role, and logs each change", async () => {
    const owner = await enrolledOwner();
    const studioOwner = (await visit(owner.cookie)).owner!;
    const member = await signedInMember(services);
    const changeRole = (memberId: string, role: "owner" | "member") =>
      answerMemberForm(memberFormDeps(), studioOwner, memberId, { intent: `make-${role}` }, new Date());
    expect(await changeRole(member.id, "owner")).toMatchObject({
      ok: true,
      next: `/studio/members/${member.id}`,
    });
    // Her sessions shorten to an owner's, and the studio asks her to set up her own authenticator.
    const sessions = await db()
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", member.id)
      .execute();
    for (const session of sessions) {
      expect(new Date(session.expiresAt).getTime()).toBeLessThanOrEqual(
        Date.now() + OWNER_SESSION_HOURS * 3_600_000 + 60_000,
      );
    }
    expect((await visit(member.cookie)).access).toBe("enrol");
    expect(await changeRole(member.id, "owner")).toMatchObject({ ok: false, status: 409 });
    expect(await changeRole(member.id, "member")).toMatchObject({ ok: true });
    expect((await visit(member.cookie)).access).toBe("refused");
    expect(await changeRole(studioOwner.id, "member")).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await changeRole("no-such-account", "owner")).toMatchObject({
      ok: false,
      status: 404,
    });
    const changes = (await auditEntries(db(), { subjectId: member.id }))
      .filter((e) => e.action === "member.role-changed")
      .map((e) => e.detail);
    expect(changes).toEqual([
      { from: "owner", to: "member" },
      { from: "member", to: "owner" },
    ]);
  });

  it("keeps an owner's sessions short, and lets the command line remove a lost authenticator", async () => {
    const owner = await enrolledOwner();
    const sessions = await db()
      .selectFrom("session")
      .select("expiresAt")
      .where("userId", "=", owner.id)
      .execute();
    const latest = Date.now() + OWNER_SESSION_HOURS * 3_600_000 + 60_000;
    for (const session of sessions) expect(new Date(session.expiresAt).getTime()).toBeLessThanOrEqual(latest);

    await db()
      .insertInto("passkey")
      .values({
        id: "pk-1",
        name: "Lost phone",
        publicKey: "key",
        userId: owner.id,
        credentialID: "credential-1",
        counter: 0,
        deviceType: "singleDevice",
        backedUp: false,
      })
      .execute();
    expect(await resetOwnerTwoFactor(db(), owner.email)).toBe(true);
    // The lost phone's passkey goes with the authenticator.
    expect(await db().selectFrom("passkey").select("id").where("userId", "=", owner.id).execute()).toEqual(
      [],
    );
    expect((await visit(owner.cookie)).access).toBe("enrol");
    expect(await resetOwnerTwoFactor(db(), "nobody@example.com")).toBe(false);
  });
});
