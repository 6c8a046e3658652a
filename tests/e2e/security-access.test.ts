import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { TRACKS } from "#app/modules/catalogue/tracks.ts";
import { signUpOverHttp } from "../support/accounts.ts";
import type { CookieClient } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { PASSWORD, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
import {
  isSignedIn,
  massAssignment,
  memberState,
  ROUTES,
  routeEntries,
  signUpMember,
  tableCounts,
  visitor,
  type Member,
} from "./support/security.ts";

/** The owner's things, which the others try to reach by naming them. */
interface OwnerIds {
  userId: string;
  trackId: string;
  rowId: string;
  shareToken: string;
  paymentIntentId: string;
  paypalOrderId: string;
  sessionToken: string;
  giftId: string;
}

interface Call {
  method: "GET" | "POST";
  /** The route pattern this call exercises (must be a member route above). */
  route: string;
  /** The URL, filled from the owner's ids. */
  url: (ids: OwnerIds) => string;
  form?: (ids: OwnerIds) => Record<string, string>;
  json?: (ids: OwnerIds) => unknown;
  /** What the owner gets for it. */
  owner: number;
  /** What another member gets for a call that names the owner's things by id. */
  stranger?: number;
}

const programmeIntents = (route: string, url: string): Call[] => [
  {
    method: "POST",
    route,
    url: () => url,
    form: (ids) => ({ intent: "toggle-activity", rowId: ids.rowId, completed: "true" }),
    owner: 200,
    stranger: 404,
  },
  {
    method: "POST",
    route,
    url: () => url,
    form: (ids) => ({ intent: "toggle-listened", trackId: ids.trackId, listened: "true" }),
    owner: 200,
  },
  // Every member's day counts, a free member's with a free track standing in.
  { method: "POST", route, url: () => url, form: () => ({ intent: "complete-practice" }), owner: 200 },
];

/** Every member loader, action and API, called the way the app calls it. */
const MEMBER_CALLS: Call[] = [
  ...[
    "/portal",
    "/portal/library",
    "/portal/program",
    "/portal/profile",
    "/portal/profile/export",
    "/portal/receipt",
    "/portal/gifts",
    "/portal/gifts/new",
    "/portal/resources",
    "/portal/podcast",
    "/portal/hypno-science",
    "/portal/contact",
    "/portal/labour",
    "/portal/birth-preferences",
    "/portal/birth-preferences/print",
    "/portal/birth-preferences.pdf",
  ].map((path): Call => ({ method: "GET", route: path, url: () => path, owner: 200 })),
  // A gift is its giver's alone to change: a day that can't be is refused to her, and the gift isn't there for anyone else.
  {
    method: "POST",
    route: "/portal/gifts",
    url: () => "/portal/gifts",
    form: (ids) => ({
      intent: "change",
      giftId: ids.giftId,
      recipientEmail: "someone-else@example.com",
      deliverOn: "not-a-day",
    }),
    owner: 400,
    stranger: 404,
  },
  // An invoice is its buyer's alone: the owner here has paid for nothing, and no one else's is hers to see.
  {
    method: "GET",
    route: "/portal/invoices/:file",
    url: () => "/portal/invoices/2026-0001.pdf",
    owner: 404,
    stranger: 404,
  },
  // A free track's transcript and captions (a premium one's are refused: tests/e2e/transcripts.test.ts).
  {
    method: "GET",
    route: "/portal/library/:trackId/transcript",
    url: (ids) => `/portal/library/${ids.trackId}/transcript`,
    owner: 200,
  },
  { method: "GET", route: "/captions/:file", url: (ids) => `/captions/${ids.trackId}.vtt`, owner: 200 },
  // A partner's dashboard; for one who is no one's partner, back to her own.
  { method: "GET", route: "/portal/partner", url: () => "/portal/partner", owner: 302 },
  {
    method: "GET",
    route: "/portal/hypno-science/:slug",
    url: () => "/portal/hypno-science/oxytocin",
    owner: 200,
  },
  // Back from the bank's page with someone else's payment: checked, not granted.
  {
    method: "GET",
    route: "/portal",
    url: (ids) => `/portal?payment_intent=${ids.paymentIntentId}&redirect_status=succeeded`,
    owner: 302,
  },
  ...programmeIntents("/portal", "/portal?index"),
  {
    method: "POST",
    route: "/portal",
    url: () => "/portal?index",
    form: () => ({ intent: "put-away-welcome" }),
    owner: 200,
  },
  ...programmeIntents("/portal/program", "/portal/program"),
  {
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: () => ({ intent: "update-name", name: "Renamed Member" }),
    owner: 200,
  },
  {
    // Her baby's arrival answers with her profile page again, as a setting does; before the date below
    // moves her due date on, so the day is within 20 weeks of it.
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: () => ({ intent: "baby-arrived", bornOn: daysFromToday(0), babyName: "Ada" }),
    owner: 302,
  },
  {
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: () => ({ intent: "undo-baby-arrived" }),
    owner: 302,
  },
  {
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: () => ({ intent: "update-date", text: "14/Dec" }),
    owner: 200,
  },
  {
    // A setting answers with her profile page again (a plain post, without JavaScript too).
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: () => ({ intent: "streak-settings", hideStreaks: "on" }),
    owner: 302,
  },
  {
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: (ids) => ({ intent: "revoke-share-link", token: ids.shareToken }),
    owner: 200,
  },
  // Her reminder, her calendar link and her partner seat answer with her profile page again.
  ...(
    [
      // Her device's own zone, not one chosen by hand: the time-zone call below still moves it.
      {
        intent: "reminder-settings",
        reminders: "on",
        time: "20:00",
        timeZone: "Europe/London",
        deviceTimeZone: "Europe/London",
        byEmail: "on",
      },
      { intent: "calendar-feed-on" },
      { intent: "calendar-feed-off" },
      { intent: "invite-partner", email: "partner-of-owner@example.com" },
      { intent: "cancel-partner-invitation" },
      { intent: "remove-partner" },
      { intent: "leave-as-partner" },
    ] as Record<string, string>[]
  ).map((fields): Call => ({
    method: "POST",
    route: "/portal/profile",
    url: () => "/portal/profile",
    form: () => fields,
    owner: 302,
  })),
  // Her birth preferences: a plain save, an autosave, and a restore (of her first version).
  {
    method: "POST",
    route: "/portal/birth-preferences",
    url: () => "/portal/birth-preferences",
    form: () => ({ intent: "save-plan", via: "form", choice: "environment.dim-lights" }),
    owner: 302,
  },
  {
    method: "POST",
    route: "/api/birth-plan",
    url: () => "/api/birth-plan",
    form: () => ({ intent: "save-plan", choice: "environment.birth-pool" }),
    owner: 200,
  },
  {
    method: "POST",
    route: "/portal/birth-preferences",
    url: () => "/portal/birth-preferences",
    form: () => ({ intent: "restore-version", version: "1" }),
    owner: 302,
  },
  {
    method: "POST",
    route: "/portal/contact",
    url: () => "/portal/contact",
    form: () => ({ name: "Robin", email: "robin@example.com", message: "Hello from the portal" }),
    owner: 200,
  },
  {
    method: "POST",
    route: "/api/audio/:trackId/signed-url",
    url: (ids) => `/api/audio/${ids.trackId}/signed-url`,
    owner: 200,
  },
  {
    method: "POST",
    route: "/api/audio/:trackId/progress",
    url: (ids) => `/api/audio/${ids.trackId}/progress`,
    json: () => ({ positionSeconds: 12 }),
    owner: 200,
  },
  {
    method: "POST",
    route: "/api/time-zone",
    url: () => "/api/time-zone",
    json: () => ({ timeZone: "Asia/Tokyo" }),
    owner: 200,
  },
  {
    method: "POST",
    route: "/api/labour/contractions",
    url: () => "/api/labour/contractions",
    json: () => ({ contractions: [{ startedAt: Date.now() - 120_000, endedAt: Date.now() - 60_000 }] }),
    owner: 200,
  },
  // A device of hers for push reminders (a made-up address at a push service: saving it sends nothing).
  {
    method: "POST",
    route: "/api/push-subscription",
    url: () => "/api/push-subscription",
    json: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      keys: {
        p256dh: crypto.createECDH("prime256v1").generateKeys().toString("base64url"),
        auth: crypto.randomBytes(16).toString("base64url"),
      },
    }),
    owner: 201,
  },
  {
    method: "POST",
    route: "/api/demo/confirm-card",
    url: () => "/api/demo/confirm-card",
    json: (ids) => ({ paymentIntentId: ids.paymentIntentId, cardNumber: "4000000000000002" }),
    owner: 402,
    stranger: 404,
  },
  {
    method: "POST",
    route: "/api/confirm-payment",
    url: () => "/api/confirm-payment",
    json: (ids) => ({ paymentIntentId: ids.paymentIntentId }),
    owner: 200,
    stranger: 404,
  },
  {
    method: "POST",
    route: "/api/demo/approve-paypal",
    url: () => "/api/demo/approve-paypal",
    json: (ids) => ({ orderID: ids.paypalOrderId }),
    owner: 200,
    stranger: 404,
  },
  {
    method: "POST",
    route: "/api/create-payment-intent",
    url: () => "/api/create-payment-intent",
    json: () => ({}),
    owner: 200,
  },
  {
    method: "POST",
    route: "/api/create-paypal-order",
    url: () => "/api/create-paypal-order",
    json: () => ({}),
    owner: 200,
  },
  {
    method: "POST",
    route: "/api/price-code",
    url: () => "/api/price-code",
    json: () => ({ code: "NO-SUCH-CODE" }),
    owner: 409,
  },
  // Captured last by the owner: it makes her premium.
  {
    method: "POST",
    stranger: 404,
    route: "/api/capture-paypal-order",
    url: () => "/api/capture-paypal-order",
    json: (ids) => ({ orderID: ids.paypalOrderId }),
    owner: 200,
  },
];

/** Better Auth's member endpoints, which name sessions and users by id. */
const ACCOUNT_CALLS: { path: string; json: (ids: OwnerIds) => unknown }[] = [
  { path: "/api/auth/update-user", json: (ids) => ({ name: "Taken Over", userId: ids.userId }) },
  { path: "/api/auth/revoke-session", json: (ids) => ({ token: ids.sessionToken }) },
  { path: "/api/auth/revoke-other-sessions", json: () => ({}) },
  { path: "/api/auth/change-email", json: () => ({ newEmail: "taken@example.com" }) },
  {
    path: "/api/auth/change-password",
    json: () => ({ currentPassword: "wrong-password-here", newPassword: "another-calm-tide-9" }),
  },
  { path: "/api/auth/delete-user", json: () => ({}) },
];

/** A calendar date this many days after today (the server's clock, in UTC). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function send(client: CookieClient, call: Call, ids: OwnerIds, extra: Record<string, string> = {}) {
  const url = call.url(ids);
  if (call.method === "GET") return client.request(url);
  if (call.form) return client.request(url, { method: "POST", form: { ...call.form(ids), ...extra } });
  if (call.json) {
    const body = call.json(ids) as Record<string, unknown>;
    return client.request(url, { method: "POST", json: { ...body, ...extra } });
  }
  return client.request(url, { method: "POST" });
}

describe("the route table", () => {
  it("classifies every route in app/routes.ts, and only those", () => {
    const declared = routeEntries().map((entry) => entry.path);
    const unclassified = declared.filter((path) => !(path in ROUTES));
    const gone = Object.keys(ROUTES).filter((path) => !declared.includes(path));
    expect(unclassified, "routes missing from the security table").toEqual([]);
    expect(gone, "routes in the security table that no longer exist").toEqual([]);
  });

  it("calls every member loader and action in the access matrix", () => {
    const missing: string[] = [];
    for (const entry of routeEntries().filter((e) => ROUTES[e.path] === "member")) {
      const calls = MEMBER_CALLS.filter((call) => call.route === entry.path);
      // Pages without a loader of their own still sit behind the portal's guard and loader.
      if (!calls.some((call) => call.method === "GET") && !entry.path.startsWith("/api/"))
        missing.push(`GET ${entry.path}`);
      if (entry.action && !calls.some((call) => call.method === "POST")) missing.push(`POST ${entry.path}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("the access matrix", () => {
  let server: ServerProcess;
  let owner: Member;
  let ids: OwnerIds;
  let free: Member;
  let premium: Member;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    owner = await signUpMember(server, { name: "Ottoline Ownerby", label: "owner" });
    free = await signUpMember(server, { label: "free" });
    premium = await signUpMember(server, { label: "premium", premium: true });

    // The owner has a programme, a listened track, a partner link and two payments under way.
    const o = owner.client;
    const post = (path: string, form: Record<string, string>) => o.request(path, { method: "POST", form });
    // Due within two weeks, so her first day is today and open to tick.
    const dueDate = daysFromToday(10);
    expect((await post("/portal?index", { intent: "save-date", mode: "due", date: dueDate })).status).toBe(
      200,
    );
    const share = await post("/portal/profile", { intent: "create-share-link" });
    // The action's answer is in the page it renders.
    const shareToken = /\/shared\/([A-Za-z0-9_-]{43})/.exec(await share.text())?.[1];
    const intent = await o.request("/api/create-payment-intent", { method: "POST", json: {} });
    const order = await o.request("/api/create-paypal-order", { method: "POST", json: {} });
    const rowId = await withServerDatabase(
      async (db) =>
        (
          await db
            .selectFrom("program_schedule")
            .select("id")
            .where("user_id", "=", owner.id)
            .orderBy("scheduled_date")
            .executeTakeFirstOrThrow()
        ).id,
      server,
    );
    // A gift she paid for, not yet delivered: its giver's page may change it.
    const giftId = crypto.randomUUID();
    await withServerDatabase(async (db) => {
      const purchaseId = crypto.randomUUID();
      await db
        .insertInto("purchases")
        .values({
          id: purchaseId,
          user_id: owner.id,
          provider: "stripe",
          provider_payment_id: `pi_gift_${purchaseId.replaceAll("-", "")}`,
          amount_minor: 2700,
          currency: "EUR",
          status: "succeeded",
          succeeded_at: new Date().toISOString(),
          for_gift: true,
        })
        .execute();
      await db
        .insertInto("gifts")
        .values({
          id: giftId,
          purchase_id: purchaseId,
          giver_id: owner.id,
          recipient_email: "friend@example.com",
          message: "For you.",
          deliver_on: daysFromToday(30),
          deliver_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        })
        .execute();
    }, server);
    ids = {
      giftId,
      userId: owner.id,
      trackId: "affirmations-2",
      rowId,
      shareToken: shareToken!,
      paymentIntentId: ((await intent.json()) as { paymentIntentId: string }).paymentIntentId,
      paypalOrderId: ((await order.json()) as { id: string }).id,
      sessionToken: o.sessionToken()!,
    };
    expect(ids.paymentIntentId).toMatch(/^pi_/);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends a visitor to sign in, or refuses, for every member route, and changes nothing", async () => {
    const anonymous = visitor(server.baseUrl);
    const before = { counts: await tableCounts(server), owner: await memberState(server, [owner.id]) };
    for (const call of MEMBER_CALLS) {
      const response = await send(anonymous, call, ids, massAssignment(owner.id));
      const label = `${call.method} ${call.url(ids)}`;
      if (response.status === 302) expect(response.headers.get("location"), label).toBe("/auth");
      else expect([401, 404], label).toContain(response.status);
    }
    // Closed to browsers altogether: our pages do these on the server, for the session's member.
    for (const call of ACCOUNT_CALLS) {
      const response = await anonymous.request(call.path, { method: "POST", json: call.json(ids) });
      expect(response.status, call.path).toBe(404);
    }
    expect(await tableCounts(server)).toEqual(before.counts);
    expect(await memberState(server, [owner.id])).toEqual(before.owner);
  });

  it.each([
    ["a free member", () => free],
    ["a premium member", () => premium],
  ])(
    "lets %s reach nothing of the owner's with her ids, and set no tier, access or owner by posting them",
    async (_label, who) => {
      const member = who();
      const beforeOwner = await memberState(server, [owner.id]);
      const beforeSelf = await memberState(server, [member.id]);
      for (const call of MEMBER_CALLS) {
        const response = await send(member.client, call, ids, massAssignment(owner.id));
        const label = `${call.method} ${call.url(ids)}`;
        expect(response.status, label).toBeLessThan(500);
        if (call.stranger !== undefined) expect(response.status, label).toBe(call.stranger);
        if (call.method === "GET" && response.status === 200) {
          const body = await response.text();
          expect(body, label).not.toContain(owner.email);
          expect(body, label).not.toContain("Ottoline");
        }
      }
      // Her own sessions, account and email stay hers.
      for (const call of ACCOUNT_CALLS.filter((c) => c.path !== "/api/auth/delete-user")) {
        const response = await member.client.request(call.path, {
          method: "POST",
          json: { ...(call.json(ids) as object), ...massAssignment(owner.id) },
        });
        expect(response.status, call.path).toBeLessThan(500);
      }
      expect(await isSignedIn(owner.client, owner.email)).toBe(true);

      expect(await memberState(server, [owner.id])).toEqual(beforeOwner);
      // Whatever the member changed of her own, her tier and access are what they were.
      const after = await memberState(server, [member.id]);
      // (Without an access row she is free, without course access: a row a form made holds the same.)
      const tierAndAccess = (state: typeof after) =>
        state.access.map((p) => [p.subscription_tier, p.course_access])[0] ?? ["free", false];
      expect(tierAndAccess(after)).toEqual(tierAndAccess(beforeSelf));
      expect(after.users.map((u) => u.email)).toEqual([member.email]);
      expect(after.purchases.every((p) => p.status === "pending")).toBe(true);
    },
  );

  it("lets the owner herself do each of these", async () => {
    const changed: string[] = [];
    for (const call of MEMBER_CALLS) {
      const before = await memberState(server, [owner.id]);
      const response = await send(owner.client, call, ids);
      const label = `${call.method} ${call.url(ids)}`;
      expect(response.status, label).toBe(call.owner);
      if (JSON.stringify(await memberState(server, [owner.id])) !== JSON.stringify(before))
        changed.push(label);
    }
    // The state-changing calls changed her things (those that only read did not).
    expect(changed).toEqual(
      expect.arrayContaining([
        "POST /portal?index",
        "POST /portal/profile",
        "POST /api/audio/affirmations-2/progress",
        "POST /api/time-zone",
        "POST /api/labour/contractions",
        "POST /api/push-subscription",
        "POST /api/birth-plan",
        "POST /api/capture-paypal-order",
      ]),
    );
    const state = await memberState(server, [owner.id]);
    expect(state.access[0]!.subscription_tier).toBe("premium");
    expect(state.users[0]!.name).toBe("Renamed Member");
  });

  it("gives her birth partner her plan to read and comment on, the partner sessions while she has premium, and nothing else of hers", async () => {
    const pia = await signUpMember(server, { name: "Pia Partnered", label: "pia", premium: true });
    const quinn = await signUpMember(server, { name: "Quinn Beside", label: "quinn" });
    await withServerDatabase(
      (db) => db.insertInto("partner_links").values({ user_id: pia.id, partner_id: quinn.id }).execute(),
      server,
    );
    const plan = "/portal/birth-preferences";
    const post = (who: Member, form: Record<string, string>) =>
      who.client.request(plan, { method: "POST", form: { ...form, ...massAssignment(pia.id) } });
    expect(
      (await post(pia, { intent: "save-plan", via: "form", choice: "environment.dim-lights" })).status,
    ).toBe(302);

    // Quinn reads her plan (and can download it), and may comment on a section.
    const page = await quinn.client.request(plan);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Dim lights");
    expect(body).not.toContain(pia.email);
    const pdf = await quinn.client.request(`${plan}.pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const comment = { intent: "add-comment", sectionId: "environment", body: "Fairy lights too?" };
    expect((await post(quinn, comment)).status).toBe(302);
    const [added] = await withServerDatabase(
      (db) => db.selectFrom("birth_plan_comments").select("id").where("user_id", "=", pia.id).execute(),
      server,
    );

    // He can't change, restore or resolve anything of hers; no one else can even comment.
    const before = await memberState(server, [pia.id]);
    expect(
      (await post(quinn, { intent: "save-plan", via: "form", choice: "environment.birth-pool" })).status,
    ).toBe(403);
    expect((await post(quinn, { intent: "restore-version", version: "1" })).status).toBe(403);
    expect((await post(quinn, { intent: "resolve-comment", commentId: added!.id })).status).toBe(403);
    const autosave = await quinn.client.request("/api/birth-plan", {
      method: "POST",
      form: { intent: "save-plan", choice: "environment.birth-pool" },
    });
    expect(autosave.status).toBe(403);
    expect((await post(free, comment)).status).toBe(403);
    expect((await post(free, { intent: "resolve-comment", commentId: added!.id })).status).toBe(404);
    expect((await post(premium, { intent: "delete-comment", commentId: added!.id })).status).toBe(403);
    expect(await memberState(server, [pia.id])).toEqual(before);

    // His own pages never show her address, dates or account.
    for (const path of ["/portal/partner", "/portal/profile", "/portal/program", "/portal/profile/export"]) {
      const response = await quinn.client.request(path);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text, path).not.toContain(pia.email);
      expect(text, path).not.toContain("Partnered");
    }
    expect(await (await quinn.client.request("/portal/partner")).text()).toMatch(
      // React separates the name from the text around it with empty comments.
      /You(&#x27;|')re (<!-- -->)?Pia(<!-- -->)?(&#x27;|')s birth partner/,
    );

    // The partner sessions are his through her premium, and go with it.
    const signed = () =>
      quinn.client.request("/api/audio/partner-holding-the-space/signed-url", { method: "POST" });
    expect((await signed()).status).toBe(200);
    expect(
      (await free.client.request("/api/audio/partner-holding-the-space/signed-url", { method: "POST" }))
        .status,
    ).toBe(403);
    await withServerDatabase(
      (db) =>
        db
          .updateTable("member_access")
          .set({ subscription_tier: "free" })
          .where("user_id", "=", pia.id)
          .execute(),
      server,
    );
    expect((await signed()).status).toBe(403);
  });

  it("makes every new account free, whatever the sign-up form sends", async () => {
    const before = await memberState(server, [owner.id]);
    const formEmail = uniqueEmail("fields");
    const apiEmail = uniqueEmail("fields");
    const extra = massAssignment(owner.id);
    const form = await visitor(server.baseUrl).request("/auth?tier=premium", {
      method: "POST",
      form: {
        ...extra,
        intent: "sign-up",
        tier: "premium",
        name: "Fenna Fields",
        email: formEmail,
        password: PASSWORD,
      },
    });
    expect(form.status).toBe(200);
    await signUpOverHttp(server.baseUrl, localOutbox(server.dataDir), {
      name: "Fenna Fields",
      email: apiEmail,
    });
    // Better Auth's own sign-up is closed to browsers, whatever it is sent.
    const api = await visitor(server.baseUrl).request("/api/auth/sign-up/email", {
      method: "POST",
      json: { ...extra, name: "Fenna Fields", email: uniqueEmail("fields"), password: PASSWORD },
    });
    expect(api.status).toBe(404);
    const created = await withServerDatabase(
      (db) =>
        db
          .selectFrom("user")
          .innerJoin("profiles", "profiles.id", "user.id")
          .leftJoin("member_access", "member_access.user_id", "user.id")
          .select(["user.id", "user.email", "member_access.subscription_tier", "member_access.course_access"])
          .where("user.email", "in", [formEmail, apiEmail])
          .execute(),
      server,
    );
    expect(created).toHaveLength(2);
    for (const row of created) {
      expect(row.id).not.toBe(owner.id);
      expect([row.subscription_tier ?? "free", Boolean(row.course_access)], row.email).toEqual([
        "free",
        false,
      ]);
    }
    expect(await memberState(server, [owner.id])).toEqual(before);
  });

  it("lets a member delete only her own account, whatever ids she sends", async () => {
    const leaving = await signUpMember(server, { label: "leaving" });
    const before = await memberState(server, [owner.id, free.id]);
    const response = await leaving.client.request("/portal/profile", {
      method: "POST",
      form: { intent: "delete-account", confirm: "DELETE", password: PASSWORD, ...massAssignment(owner.id) },
    });
    expect(response.status).toBe(302);
    expect(await memberState(server, [leaving.id])).toMatchObject({ users: [], profiles: [] });
    expect(await memberState(server, [owner.id, free.id])).toEqual(before);
  });
});

describe("tiers are checked on the server", () => {
  let server: ServerProcess;
  let free: Member;
  let premium: Member;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    free = await signUpMember(server, { label: "free" });
    premium = await signUpMember(server, { label: "premium", premium: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const premiumTracks = TRACKS.filter((track) => track.courseTier !== "foundation");
  const premiumGuides = GUIDES.filter((guide) => !guide.isFree);

  it("refuses a free member every premium track: signing, streaming, progress and the programme", async () => {
    expect(premiumTracks.length).toBeGreaterThan(0);
    const before = await memberState(server, [free.id]);
    for (const track of premiumTracks) {
      const signing = await free.client.request(`/api/audio/${track.id}/signed-url`, { method: "POST" });
      expect(signing.status, track.id).toBe(403);
      const signed = await premium.client.request(`/api/audio/${track.id}/signed-url`, { method: "POST" });
      expect(signed.status, track.id).toBe(200);
      const { url } = (await signed.json()) as { url: string };
      expect((await free.client.request(url, { headers: { range: "bytes=0-9" } })).status, track.id).toBe(
        403,
      );
      const progress = await free.client.request(`/api/audio/${track.id}/progress`, {
        method: "POST",
        json: { finished: true },
      });
      expect(progress.status, track.id).toBe(403);
      for (const page of ["/portal?index", "/portal/program"]) {
        const listened = await free.client.request(page, {
          method: "POST",
          form: { intent: "toggle-listened", trackId: track.id, listened: "true" },
        });
        expect(listened.status, `${page} ${track.id}`).toBe(403);
      }
    }
    expect(await memberState(server, [free.id])).toEqual(before);
  });

  it("counts a free member's day whose session is a Complete Course track (a free track stands in)", async () => {
    // Due in two weeks: today is day one, Pregnancy Relaxation, a preparation track.
    const post = (form: Record<string, string>) =>
      free.client.request("/portal/program", { method: "POST", form });
    expect((await post({ intent: "save-date", mode: "due", date: daysFromToday(14) })).status).toBe(200);
    expect((await post({ intent: "complete-practice" })).status).toBe(200);
    const streak = await withServerDatabase(
      (db) =>
        db
          .selectFrom("user_progress")
          .select("affirmation_streak")
          .where("user_id", "=", free.id)
          .executeTakeFirstOrThrow(),
      server,
    );
    expect(streak.affirmation_streak).toBe(1);
  });

  it("refuses a free member the premium PDFs, and sends them to upgrade", async () => {
    expect(premiumGuides.length).toBeGreaterThan(0);
    for (const guide of premiumGuides) {
      for (const path of [`/guides/${guide.filename}`, `/guides/${guide.filename.toUpperCase()}`]) {
        const response = await free.client.request(path);
        expect([302, 404], path).toContain(response.status);
        if (response.status === 302)
          expect(response.headers.get("location"), path).toBe("/auth?tier=premium");
        expect(response.headers.get("content-type") ?? "", path).not.toContain("pdf");
      }
      const granted = await premium.client.request(`/guides/${guide.filename}`);
      expect(granted.status, guide.id).toBe(200);
      expect(granted.headers.get("content-type")).toBe("application/pdf");
    }
  });
});
