import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { useTestServices } from "../../../tests/support/test-services.ts";
import { signedInMember } from "../../../tests/support/members.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import {
  ASK_BETTER_AUTH,
  clearsCookie,
  createSessionReader,
  loadMember,
  memberAfter,
} from "./session.server.ts";

const BASE_URL = "http://localhost:3998";
const DAY = 24 * 60 * 60 * 1000;

/**
 * The quick session read against Better Auth's own, on a real database: the
 * same member in the everyday case, and Better Auth's answer in every other.
 */
describe("a Set-Cookie that clears its cookie", () => {
  it.each([
    ["tidewell.session_token=; Max-Age=0; Path=/; HttpOnly", true],
    ["tidewell.session_token=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/", true],
    ["tidewell.session_token=abc.sig; Max-Age=2592000; Path=/", false],
    ["max-age=0; Path=/", false],
  ])("%s: %s", (cookie, clears) => {
    expect(clearsCookie(cookie)).toBe(clears);
  });
});

describe.each(testDialects)("session reads on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const services = useTestServices(database, { BASE_URL });

  /** A new member, signed in: their id and session cookie ("name=value"). */
  const signUp = (name = "Amara Okafor") => signedInMember(services, { name });

  const read = (cookie: string | null) => services.sessions.read(cookie);
  const sessionToken = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
  const setExpiry = (cookie: string, expiresAt: Date) =>
    services.database.db
      .updateTable("session")
      .set({ expiresAt: expiresAt.toISOString() })
      .where("token", "=", sessionToken(cookie))
      .execute();

  it("reads the everyday session as Better Auth does, with the member's data version", async () => {
    const { id, cookie } = await signUp();
    await services.database.db
      .updateTable("profiles")
      .set({ time_zone: "Europe/Dublin" })
      .where("id", "=", id)
      .execute();
    await services.database.db
      .insertInto("member_access")
      .values({ user_id: id, course_access: true })
      .execute();
    const quick = await read(`theme=calm; ${cookie}`);
    if (quick === null || quick === ASK_BETTER_AUTH) throw new Error(`expected a member, got ${quick}`);

    const { member: viaBetterAuth } = await loadMember(
      { ...services, sessions: { read: async () => ASK_BETTER_AUTH } },
      new Headers({ cookie }),
    );
    expect(quick.member).toEqual(viaBetterAuth);
    expect(quick.member).toMatchObject({
      id,
      fullName: "Amara Okafor",
      hasPremium: true,
      timeZone: "Europe/Dublin",
    });
    const { version } = await services.database.db
      .selectFrom("member_versions")
      .select("version")
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(quick.version).toBe(`${version}.0`);
  });

  it("knows the course's owner on either read, and a member as none", async () => {
    const owner = await signUp("Olive Owner");
    await services.database.db
      .updateTable("user")
      .set({ role: "owner" })
      .where("id", "=", owner.id)
      .execute();
    const member = await signUp();
    for (const [{ cookie }, expected] of [
      [owner, true],
      [member, false],
    ] as const) {
      const quick = await read(cookie);
      if (quick === null || quick === ASK_BETTER_AUTH) throw new Error(`expected a member, got ${quick}`);
      const { member: viaBetterAuth } = await loadMember(
        { ...services, sessions: { read: async () => ASK_BETTER_AUTH } },
        new Headers({ cookie }),
      );
      expect([quick.member.isOwner, viaBetterAuth?.isOwner]).toEqual([expected, expected]);
    }
  });

  it("gives a birth partner the partner sessions while their member has premium, and moves with her data", async () => {
    const her = await signUp("Amara Okafor");
    const partner = await signUp("Sam Rivers");
    const db = services.database.db;
    await db.insertInto("partner_links").values({ user_id: her.id, partner_id: partner.id }).execute();
    const readMember = async (cookie: string) => {
      const session = await read(cookie);
      if (session === null || session === ASK_BETTER_AUTH)
        throw new Error(`expected a member, got ${session}`);
      return session;
    };
    const before = await readMember(partner.cookie);
    expect(before.member).toMatchObject({ isPartner: true, partnerPremium: false, hasPremium: false });
    const herBefore = await readMember(her.cookie);
    expect(herBefore.member).toMatchObject({ isPartner: false, partnerPremium: false });

    await setSubscriptionTier(db, her.id, "premium", new Date().toISOString());
    const granted = await readMember(partner.cookie);
    expect(granted.member).toMatchObject({ partnerPremium: true, hasPremium: false });
    // Her purchase changes her partner's pages: their data version moves with hers.
    expect(granted.version).not.toBe(before.version);
    // And Better Auth's way in agrees.
    const { member: viaBetterAuth } = await loadMember(
      { ...services, sessions: { read: async () => ASK_BETTER_AUTH } },
      new Headers({ cookie: partner.cookie }),
    );
    expect(viaBetterAuth).toEqual(granted.member);

    // Her refund takes it back, through the same grant path.
    await setSubscriptionTier(db, her.id, "free", new Date().toISOString());
    expect((await readMember(partner.cookie)).member.partnerPremium).toBe(false);

    // Her partner's listening shows on her pages: her version moves with theirs.
    await db.insertInto("listening_days").values({ user_id: partner.id, day: "2026-11-26" }).execute();
    expect((await readMember(her.cookie)).version).not.toBe(herBefore.version);
  });

  it("never gives a partner back a version their pages had while linked, once the link has ended", async () => {
    const her = await signUp("Amara Okafor");
    const partner = await signUp("Sam Rivers");
    const db = services.database.db;
    await db.insertInto("partner_links").values({ user_id: her.id, partner_id: partner.id }).execute();
    await db.insertInto("listening_days").values({ user_id: her.id, day: "2026-11-20" }).execute();
    const linked = await read(partner.cookie);
    if (linked === null || linked === ASK_BETTER_AUTH) throw new Error("expected a member");
    await db.deleteFrom("partner_links").where("partner_id", "=", partner.id).execute();
    // His own data moves on, day by day, past where the two versions together stood.
    const seen: string[] = [];
    for (let day = 1; day <= 12; day += 1) {
      await db
        .insertInto("listening_days")
        .values({ user_id: partner.id, day: `2026-12-${String(day).padStart(2, "0")}` })
        .execute();
      const now = await read(partner.cookie);
      if (now === null || now === ASK_BETTER_AUTH) throw new Error("expected a member");
      seen.push(now.version);
    }
    expect(seen).not.toContain(linked.version);
  });

  it("tells each member's cookie from another's", async () => {
    const first = await signUp("Sam Rivers");
    const second = await signUp("Noor Haddad");
    expect(await read(first.cookie)).toMatchObject({ member: { id: first.id, fullName: "Sam Rivers" } });
    expect(await read(second.cookie)).toMatchObject({ member: { id: second.id, fullName: "Noor Haddad" } });
  });

  it("answers no member without a session cookie", async () => {
    expect(await read(null)).toBeNull();
    expect(await read("theme=calm")).toBeNull();
  });

  it("leaves a forged, expired, revoked or stale-cookie session to Better Auth, which refuses it", async () => {
    const { cookie } = await signUp();
    const [name, value] = cookie.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    // Another last character: a token that already ends in "x" must not come back as itself.
    const otherLast = token.endsWith("x") ? "y" : "x";
    const forgedToken = `${name}=${encodeURIComponent(`${token.slice(0, -1)}${otherLast}.${signature}`)}`;
    const otherKey = crypto.createHmac("sha256", "not-the-secret").update(token).digest("base64");
    const forgedSignature = `${name}=${encodeURIComponent(`${token}.${otherKey}`)}`;
    for (const forged of [forgedToken, forgedSignature, `${name}=${token}`, `${name}=%E0%A4%A`]) {
      expect(await read(forged), forged).toBe(ASK_BETTER_AUTH);
      expect((await loadMember(services, new Headers({ cookie: forged }))).member, forged).toBeNull();
    }

    await setExpiry(cookie, new Date(Date.now() - 1000));
    expect(await read(cookie)).toBe(ASK_BETTER_AUTH);
    expect((await loadMember(services, new Headers({ cookie }))).member).toBeNull();

    const revoked = await signUp();
    await services.database.db
      .deleteFrom("session")
      .where("token", "=", sessionToken(revoked.cookie))
      .execute();
    expect(await read(revoked.cookie)).toBe(ASK_BETTER_AUTH);
    const afterRevoke = await loadMember(services, new Headers({ cookie: revoked.cookie }));
    expect(afterRevoke.member).toBeNull();
    // Nothing clears her cookie: a request that raced a new session must not sign her out of it.
    expect(afterRevoke.setCookies.filter(clearsCookie)).toEqual([]);
  });

  it("tells who a response leaves signed in: the session it starts, none when it ends one, else the same", async () => {
    const ruth = await signUp("Ruth Mensah");
    const ada = await signUp("Ada Quaye");
    const { member: before } = await loadMember(services, new Headers({ cookie: ruth.cookie }));
    const answer = (...setCookies: string[]) => {
      const headers = new Headers();
      for (const setCookie of setCookies) headers.append("Set-Cookie", setCookie);
      return memberAfter(services, before, headers);
    };
    expect(await answer()).toEqual({ member: before, change: null });
    expect(await answer("tidewell_flash=x; Path=/")).toEqual({ member: before, change: null });
    const signedIn = await answer(`${ada.cookie}; Max-Age=2592000; Path=/; HttpOnly`);
    expect(signedIn).toMatchObject({ member: { id: ada.id }, change: "started" });
    // Her own session again (a daily refresh): nothing starts.
    expect(await answer(`${ruth.cookie}; Max-Age=2592000; Path=/`)).toMatchObject({
      member: { id: ruth.id },
      change: null,
    });
    expect(await answer("tidewell.session_token=; Max-Age=0; Path=/")).toEqual({
      member: null,
      change: "ended",
    });
  });

  it("leaves a session due for its daily refresh to Better Auth, which extends it with a new cookie", async () => {
    const { id, cookie } = await signUp();
    // Thirty days' life, extended once a day: a session a day and a minute old is due.
    await setExpiry(cookie, new Date(Date.now() + 29 * DAY - 60_000));
    expect(await read(cookie)).toBe(ASK_BETTER_AUTH);
    const { member, setCookies } = await loadMember(services, new Headers({ cookie }));
    expect(member?.id).toBe(id);
    expect(setCookies.some((c) => c.startsWith("tidewell.session_token="))).toBe(true);
    expect(await read(cookie)).toMatchObject({ member: { id } });
  });

  it("leaves Better Auth's other session cookies to Better Auth", async () => {
    const { cookie } = await signUp();
    expect(await read(`${cookie}; tidewell.dont_remember=x`)).toBe(ASK_BETTER_AUTH);
    expect(await read(`tidewell.session_data=x; ${cookie}`)).toBe(ASK_BETTER_AUTH);
  });

  it("follows the clock it is given for expiry", async () => {
    const { id, cookie } = await signUp();
    const at = (ms: number) => createSessionReader(services.auth, services.database.db, () => ms);
    expect(await at(Date.now() + 60_000).read(cookie)).toMatchObject({ member: { id } });
    expect(await at(Date.now() + 31 * DAY).read(cookie)).toBe(ASK_BETTER_AUTH);
  });
});
