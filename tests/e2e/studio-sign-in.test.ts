import fs from "node:fs";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { unusedTotpCode } from "../support/totp.ts";
import { sixDigitCode } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import {
  expectToast,
  PASSWORD,
  sharedServer,
  signedInContext,
  uniqueEmail,
  withServerDatabase,
} from "./support/accounts.ts";
import { baseUrl, expectAccessible, useBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { ROUTES, routeEntries, signUpMember, visitor } from "./support/security.ts";
import { enrolledOwner as enrolledOwnerIn, ownerCreate } from "./support/studio.ts";

/**
 * The owner's way into the studio: signing in to the page she was opening, her second factor asked
 * again before what matters, a passkey in place of the code, and every studio route refused to
 * anyone else. (The studio's work once she is in: studio.test.ts.)
 */
describe("the owner's way into the studio", () => {
  const browser = useBrowser();

  /** An owner made by the command, signed in, with her authenticator set up: the studio open. */
  const enrolledOwner = () => enrolledOwnerIn(browser);

  it("signs the owner in to the studio page she was opening, and a link can send no one anywhere else", async () => {
    const email = uniqueEmail("owner");
    ownerCreate(email);
    const outbox = localOutbox(inject("dataDir"));

    // Signed out, she opens the members page: sign in first, then on to it (through the studio's check).
    const owner = await browser.newPage();
    await owner.goto("/studio/members?tier=premium");
    expect(new URL(owner.url()).pathname).toBe("/auth");
    await waitForHydration(owner);
    await expectToast(owner, "Please sign in to open the studio.");
    await owner.getByRole("link", { name: "Email me a 6-digit code instead" }).click();
    // The code's form replaces the password's: filling in before it is there would fill the old one.
    await owner.getByRole("button", { name: "Email me a code" }).waitFor();
    await owner.getByLabel("Email").fill(email);
    await owner.getByRole("button", { name: "Email me a code" }).click();
    await owner.getByLabel("Your code").waitFor();
    const code = sixDigitCode((await outbox.latest(email, /sign-in code/)).subject);
    await owner.getByLabel("Your code").fill(code);
    await owner.getByRole("button", { name: "Sign in" }).click();
    await owner.waitForURL((url) => url.pathname === "/studio/check");
    expect(new URL(owner.url()).searchParams.get("next")).toBe("/studio/members?tier=premium");
    // Her account menu leads to the studio, on a wide screen and in a phone's drawer.
    await owner.goto("/about");
    await waitForHydration(owner);
    await owner.getByRole("button", { name: /My Account/ }).click();
    await owner.getByRole("group", { name: "My Account" }).getByRole("link", { name: "Studio" }).click();
    await owner.waitForURL((url) => url.pathname === "/studio/check");
    await owner.setViewportSize(viewports.phone);
    await owner.goto("/about");
    await waitForHydration(owner);
    await owner.getByRole("button", { name: "Open menu" }).click();
    await owner.getByRole("list", { name: "My Account" }).getByRole("link", { name: "Studio" }).waitFor();
    await owner.context().close();

    // A link to the sign-in page that names another site, or a page that isn't one to be sent to, leads home.
    for (const next of ["https://evil.example/studio", "//evil.example", "/api/auth/sign-out"]) {
      const member = await signUpMember(sharedServer(), { label: "next" });
      const page = await browser.newPage();
      await page.goto(`/auth?tier=signin&next=${encodeURIComponent(next)}`);
      await waitForHydration(page);
      await page.getByLabel("Email").fill(member.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/portal");
      expect(new URL(page.url()).origin, next).toBe(baseUrl());
      await page.context().close();
    }
  });

  it("asks for the code again, ten minutes on, before a new passkey or an export of members' details", async () => {
    // Her account is all this needs: no page of hers opens.
    const { email: memberEmail } = await signedInContext(browser, { name: "Siobhán Ní Bhriain" });
    const { email, page: owner, key, step } = await enrolledOwner();
    const askForPasskeyOptions = () =>
      owner.evaluate(async () => {
        const response = await fetch("/studio/passkey", {
          method: "POST",
          body: new URLSearchParams({ intent: "registration-options" }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { error?: string; check?: string },
        };
      });
    // Minutes after her code, a new way in may be added.
    expect((await askForPasskeyOptions()).status).toBe(200);

    // Someone at her unlocked laptop eleven minutes later may browse, but not add their own passkey.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
        .execute(),
    );
    expect(await askForPasskeyOptions()).toEqual({
      status: 403,
      body: {
        error: "Enter your authenticator's code again first.",
        check: "/studio/check?again=1&next=%2Fstudio%2Fsecurity",
      },
    });
    // Exporting members' details asks too; with the code, the search she made gets her the file.
    await owner.goto(`/studio/members?q=${encodeURIComponent(memberEmail)}`);
    await owner.getByRole("button", { name: "Export these as CSV" }).click();
    await owner.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
    expect(new URL(owner.url()).pathname).toBe("/studio/check");
    await owner.getByLabel("6-digit code").fill((await unusedTotpCode(key, step)).code);
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByRole("status").filter({ hasText: "1 member" }).waitFor();
    expect(new URL(owner.url()).searchParams.get("q")).toBe(memberEmail);
    const [download] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("button", { name: "Export these as CSV" }).click(),
    ]);
    const csv = fs.readFileSync(await download.path());
    // A byte-order mark first, so Excel reads her name as UTF-8; then the header and her line.
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([
      '"id","name","email","tier","joined","last active","due date"',
      expect.stringMatching(
        new RegExp(
          `"Siobhán Ní Bhriain","${memberEmail}","free","\\d{4}-\\d{2}-\\d{2}","\\d{4}-\\d{2}-\\d{2}",""$`,
        ),
      ),
    ]);
  });

  it("gives no file and logs nothing when another site sends her browser to the export", async () => {
    const { email, page: owner } = await enrolledOwner();
    const exports = () =>
      withServerDatabase(
        async (db) =>
          (
            await db
              .selectFrom("audit_log")
              .select("id")
              .where("action", "=", "members.exported")
              .where("actor_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
              .execute()
          ).length,
      );
    const downloads: string[] = [];
    owner.on("download", (download) => downloads.push(download.suggestedFilename()));
    // A page elsewhere with a link to the export, and a form that posts to it by itself.
    const target = `${baseUrl()}/studio/members.csv?q=a`;
    await owner.goto(`data:text/html,<a href="${target}">Your members</a>`);
    const [outcome] = await Promise.all([
      Promise.race([
        owner
          .getByRole("heading", { name: "Members", level: 1 })
          .waitFor()
          .then(() => "the members page"),
        owner.waitForEvent("download").then(() => "a file"),
      ]),
      owner.getByRole("link", { name: "Your members" }).click(),
    ]);
    expect(outcome).toBe("the members page");
    expect(new URL(owner.url()).pathname).toBe("/studio/members");
    await owner.goto(
      `data:text/html,<form method="post" action="${target}"></form><script>document.forms[0].submit()</script>`,
    );
    await owner.waitForURL(target);
    expect(await owner.locator("body").textContent()).toMatch(/another website/);
    expect(downloads).toEqual([]);
    expect(await exports()).toBe(0);
  });

  it("adds a passkey, which then opens the studio instead of the code", async () => {
    const { email, page: owner } = await enrolledOwner();
    // A platform authenticator that verifies its user, as a phone's fingerprint does.
    const cdp = await owner.context().newCDPSession(owner);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await owner.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Security" }).click();
    await owner.getByRole("heading", { name: "Security", level: 1 }).waitFor();
    await waitForHydration(owner);
    await owner.getByLabel("Name").fill("Studio laptop");
    await owner.getByRole("button", { name: "Add a Passkey" }).click();
    await owner.getByRole("list", { name: "Your passkeys" }).getByText("Studio laptop").waitFor();
    await expectAccessible(owner);

    // The next working day: the studio asks again, and the passkey answers.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 13 * 3_600_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
        .execute(),
    );
    await owner.goto("/studio/members");
    await owner.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
    await waitForHydration(owner);
    await owner.getByRole("button", { name: "Use a Passkey" }).click();
    await owner.waitForURL((url) => url.pathname === "/studio/members");
    await owner.getByRole("heading", { name: "Members", level: 1 }).waitFor();
    const methods = await withServerDatabase(async (db) =>
      (
        await db
          .selectFrom("audit_log")
          .select(["action", "detail"])
          .where("subject_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
          .execute()
      ).map((entry) => `${entry.action} ${entry.detail}`),
    );
    // The passkey by its id: the name she typed is not the log's to keep.
    expect(methods).toContainEqual(expect.stringMatching(/^owner\.passkey-added \{"passkey":"[\w-]+"\}$/));
    expect(methods).toContain('studio.second-factor {"method":"passkey"}');
  });
});

/** Every studio route, and how it is called. */
const STUDIO_CALLS: { method: "GET" | "POST"; route: string; url: string; form?: Record<string, string> }[] =
  [
    { method: "GET", route: "/studio", url: "/studio" },
    { method: "GET", route: "/studio/members", url: "/studio/members?q=a" },
    { method: "POST", route: "/studio/members.csv", url: "/studio/members.csv?q=a", form: {} },
    { method: "GET", route: "/studio/members/:id", url: "/studio/members/some-member" },
    {
      method: "POST",
      route: "/studio/members/:id",
      url: "/studio/members/some-member",
      form: { intent: "grant-premium", reason: "A gift" },
    },
    { method: "GET", route: "/studio/purchases", url: "/studio/purchases" },
    {
      method: "GET",
      route: "/studio/purchases/:id/refund",
      url: "/studio/purchases/some-purchase/refund?back=%2Fstudio%2Fpurchases",
    },
    {
      method: "POST",
      route: "/studio/purchases/:id/refund",
      url: "/studio/purchases/some-purchase/refund",
      form: { intent: "refund", reason: "guarantee", back: "/studio/purchases" },
    },
    {
      method: "POST",
      route: "/studio/invoices.csv",
      url: "/studio/invoices.csv",
      form: { from: "2026-01-01", to: "2026-12-31" },
    },
    { method: "GET", route: "/studio/invoices/:file", url: "/studio/invoices/2026-0001.pdf" },
    { method: "GET", route: "/studio/offers", url: "/studio/offers" },
    {
      method: "POST",
      route: "/studio/offers",
      url: "/studio/offers",
      form: {
        intent: "create",
        code: "MATRIX-10",
        kind: "percent",
        value: "10",
        starts: "2026-01-01",
        ends: "2026-12-31",
        maxUses: "5",
      },
    },
    { method: "GET", route: "/studio/inbox", url: "/studio/inbox?view=archived" },
    { method: "GET", route: "/studio/inbox/:thread", url: "/studio/inbox/some-thread" },
    {
      method: "POST",
      route: "/studio/inbox/:thread",
      url: "/studio/inbox/some-thread",
      form: { intent: "reply", reply: "Thank you for writing." },
    },
    { method: "GET", route: "/studio/content", url: "/studio/content" },
    {
      method: "POST",
      route: "/studio/content",
      url: "/studio/content",
      form: { intent: "publish", kind: "recording", id: "fear-release", version: "1" },
    },
    {
      method: "POST",
      route: "/studio/content",
      url: "/studio/content",
      form: { intent: "session-state", session: "fear-release", state: "coming-soon" },
    },
    {
      method: "POST",
      route: "/studio/content",
      url: "/studio/content",
      form: { intent: "session-move", session: "fear-release", move: "up" },
    },
    {
      method: "GET",
      route: "/studio/content/:session/captions",
      url: "/studio/content/fear-release/captions",
    },
    {
      method: "POST",
      route: "/studio/content/:session/captions",
      url: "/studio/content/fear-release/captions",
      form: { intent: "publish", after: "0", text: "Changed words." },
    },
    { method: "GET", route: "/studio/words", url: "/studio/words" },
    { method: "GET", route: "/studio/words/:kind/:slug", url: "/studio/words/article/oxytocin" },
    {
      method: "POST",
      route: "/studio/words/:kind/:slug",
      url: "/studio/words/article/oxytocin",
      form: { intent: "publish", body: "Changed words." },
    },
    { method: "GET", route: "/studio/insights", url: "/studio/insights" },
    { method: "GET", route: "/studio/audit", url: "/studio/audit" },
    { method: "GET", route: "/studio/security", url: "/studio/security" },
    {
      method: "POST",
      route: "/studio/security",
      url: "/studio/security",
      form: { intent: "remove-passkey", id: "some-passkey" },
    },
    { method: "GET", route: "/studio/time-zone", url: "/studio/time-zone" },
    {
      method: "POST",
      route: "/studio/time-zone",
      url: "/studio/time-zone",
      form: { intent: "time-zone", timeZone: "Europe/Dublin" },
    },
    {
      method: "POST",
      route: "/studio/passkey",
      url: "/studio/passkey",
      form: { intent: "authentication-options" },
    },
    { method: "GET", route: "/studio/check", url: "/studio/check" },
    {
      method: "POST",
      route: "/studio/check",
      url: "/studio/check",
      form: { intent: "verify", code: "123456" },
    },
  ];

describe("the studio's access matrix", () => {
  it("lists every studio route", () => {
    const studio = routeEntries().filter((entry) => ROUTES[entry.path] === "studio");
    expect([...new Set(studio.map((entry) => entry.path))].sort()).toEqual(
      [...new Set(STUDIO_CALLS.map((c) => c.route))].sort(),
    );
    for (const entry of studio.filter((e) => e.action)) {
      expect(
        STUDIO_CALLS.some((c) => c.route === entry.path && c.method === "POST"),
        entry.path,
      ).toBe(true);
    }
  });

  it("refuses a signed-out visitor, a member and an owner without her second factor, and is never cached", async () => {
    const server = { baseUrl: baseUrl(), dataDir: inject("dataDir"), databaseUrl: inject("databaseUrl") };
    const signedOut = visitor(server.baseUrl);
    const member = await signUpMember(server);
    const ownerMember = await signUpMember(server);
    ownerCreate(ownerMember.email);
    // Only what concerns these two: other test files share the server and change their own members meanwhile.
    const ours = [member.id, ownerMember.id];
    const snapshot = () =>
      withServerDatabase(async (db) => ({
        tiers: await db
          .selectFrom("profiles")
          .leftJoin("member_access", "member_access.user_id", "profiles.id")
          .select([
            "profiles.id",
            sql<string>`coalesce(member_access.subscription_tier, 'free')`.as("subscription_tier"),
          ])
          .where("profiles.id", "in", ours)
          .orderBy("profiles.id")
          .execute(),
        log: await db
          .selectFrom("audit_log")
          .select("action")
          .where((eb) => eb.or([eb("actor_id", "in", ours), eb("subject_id", "in", ours)]))
          .where("action", "!=", "studio.second-factor-failed")
          .execute(),
      }));
    const before = await snapshot();
    expect(before.tiers.map((profile) => profile.subscription_tier)).toEqual(["free", "free"]);

    for (const call of STUDIO_CALLS) {
      // A real member's page, so a refused grant of premium would show in her tier.
      const url = call.url.replace("some-member", member.id);
      const send = (client: typeof signedOut) =>
        call.method === "GET"
          ? client.request(url)
          : client.request(url, { method: "POST", form: call.form });
      const outsider = await send(signedOut);
      expect(outsider.status, `${call.method} ${call.url} signed out`).toBe(302);
      expect(outsider.headers.get("location"), call.url).toMatch(/^\/auth/);

      const asMember = await send(member.client);
      expect(asMember.status, `${call.method} ${call.url} as a member`).toBe(403);
      expect(asMember.headers.get("cache-control"), call.url).toContain("no-store");

      const asOwner = await send(ownerMember.client);
      if (call.route === "/studio/check" || call.route === "/studio/passkey") {
        // Her way in: the set-up page; a code or a passkey before any authenticator is refused.
        expect(asOwner.status, `${call.method} ${call.url} as an owner`).toBe(
          call.method === "GET" ? 200 : 400,
        );
      } else {
        expect(asOwner.status, `${call.method} ${call.url} as an owner without her second factor`).toBe(302);
        expect(asOwner.headers.get("location")).toMatch(/^\/studio\/check\?next=/);
      }
      expect(asOwner.headers.get("cache-control"), call.url).toContain("no-store");
    }
    const after = await snapshot();
    // Nothing changed; the owner's code sent before she has an authenticator is logged as refused, and that is all.
    expect(after.tiers).toEqual(before.tiers);
    expect(after.log).toHaveLength(before.log.length);
  });
});
