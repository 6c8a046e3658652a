import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CookieClient } from "../support/cookie-client.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { smtpMailbox } from "../support/mailbox.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { PASSWORD, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
import { signUpMember, visitor, type Member } from "./support/security.ts";

/**
 * Every form and JSON field, fed what a browser would never send: the wrong
 * type, a huge string, control characters, bidi overrides and markup. Each
 * answer is a 4xx with a message, or the input accepted as plain text; never
 * a 500. Markup that is accepted shows as text wherever it appears.
 */
const MARKUP = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

/** Text no field should keep: refused with a message. */
const HOSTILE_TEXT: Record<string, string> = {
  "a huge string": "x".repeat(200_000),
  "control characters": "Sam\u0000\u0007\u001b[31m",
  "a line break (header injection)": "Sam\r\nBcc: victim@example.com",
  "a bidi override": "Sam\u202Egnp.exe",
};

/** Form fields that are a browser's hint, ignored unless valid (the member's time zone). */
const HINTS = new Set(["timeZone"]);
/** Form fields where a line break is part of the text. */
const MULTILINE = new Set(["message"]);
/** A password may hold any characters (it is only ever hashed), but not a huge number of them. */
const anyText = (field: string, attempt: string) => field === "password" && attempt !== "a huge string";

type Fields = Record<string, string>;

/** Every form the app has, with a valid submission whose fields are attacked one at a time. */
interface FormSpec {
  url: string;
  member?: boolean;
  valid: () => Fields;
  /** Fields that are free text a person typed: markup in them is kept, as text. */
  freeText?: string[];
}

const FORMS: FormSpec[] = [
  {
    url: "/contact",
    valid: () => ({ name: "Sam", email: "sam@example.com", phone: "+44 20 7946 0958", message: "Hello" }),
    freeText: ["name", "message"],
  },
  {
    url: "/portal/contact",
    member: true,
    valid: () => ({ name: "Sam", email: "sam@example.com", phone: "", message: "Hello" }),
    freeText: ["name", "message"],
  },
  {
    url: "/auth",
    valid: () => ({
      intent: "sign-up",
      tier: "free",
      name: "Sam",
      email: uniqueEmail("input"),
      password: PASSWORD,
    }),
    freeText: ["name"],
  },
  { url: "/auth", valid: () => ({ intent: "sign-in", email: uniqueEmail("input"), password: PASSWORD }) },
  { url: "/auth", valid: () => ({ intent: "magic-link", email: uniqueEmail("input") }) },
  { url: "/auth", valid: () => ({ intent: "send-code", email: uniqueEmail("input") }) },
  { url: "/auth", valid: () => ({ intent: "verify-code", email: uniqueEmail("input"), code: "123456" }) },
  { url: "/auth", valid: () => ({ intent: "request-reset", email: uniqueEmail("input") }) },
  {
    url: "/auth",
    valid: () => ({ intent: "resend-confirmation", tier: "free", email: uniqueEmail("input") }),
  },
  { url: "/auth", valid: () => ({ intent: "social", provider: "google", tier: "free" }) },
  {
    url: "/auth/reset-password",
    valid: () => ({ token: "not-a-real-token", password: PASSWORD, confirm: PASSWORD }),
  },
  ...["/portal?index", "/portal/program", "/portal/profile"].flatMap((url): FormSpec[] => [
    {
      url,
      member: true,
      valid: () => ({ intent: "update-date", text: "14/Dec", timeZone: "Europe/London" }),
    },
    { url, member: true, valid: () => ({ intent: "create-share-link" }) },
  ]),
  ...["/portal?index", "/portal/program"].flatMap((url): FormSpec[] => [
    {
      url,
      member: true,
      valid: () => ({ intent: "save-date", mode: "due", date: "2026-12-24", timeZone: "Europe/London" }),
    },
    {
      url,
      member: true,
      valid: () => ({ intent: "toggle-activity", rowId: crypto.randomUUID(), completed: "true" }),
    },
    {
      url,
      member: true,
      valid: () => ({ intent: "toggle-listened", trackId: "affirmations-2", listened: "true" }),
    },
    { url, member: true, valid: () => ({ intent: "complete-practice" }) },
  ]),
  {
    url: "/portal/profile",
    member: true,
    valid: () => ({ intent: "update-name", name: "Sam" }),
    freeText: ["name"],
  },
  {
    url: "/portal/profile",
    member: true,
    valid: () => ({ intent: "delete-account", confirm: "NOPE", password: PASSWORD }),
  },
  { url: "/portal/profile", member: true, valid: () => ({ intent: "send-deletion-code" }) },
  { url: "/portal/profile", member: true, valid: () => ({ intent: "streak-settings", hideStreaks: "on" }) },
  {
    url: "/portal/profile",
    member: true,
    // Today on the server's clock, in UTC: never after her today (her time zone is London's or UTC).
    valid: () => ({ intent: "baby-arrived", bornOn: new Date().toISOString().slice(0, 10), babyName: "Ada" }),
    freeText: ["babyName"],
  },
  { url: "/portal/profile", member: true, valid: () => ({ intent: "undo-baby-arrived" }) },
  // A gift that isn't hers (or anyone's): nothing is changed or refunded, whatever the fields hold.
  {
    url: "/portal/gifts",
    member: true,
    valid: () => ({
      intent: "change",
      giftId: "00000000-0000-0000-0000-000000000000",
      recipientEmail: "friend@example.com",
      deliverOn: "2030-01-01",
    }),
  },
  {
    url: "/portal/gifts",
    member: true,
    valid: () => ({ intent: "refund", giftId: "00000000-0000-0000-0000-000000000000", confirm: "yes" }),
  },
  {
    url: "/portal/profile",
    member: true,
    valid: () => ({
      intent: "reminder-settings",
      reminders: "on",
      time: "20:00",
      timeZone: "Europe/London",
      byEmail: "on",
    }),
  },
  { url: "/portal/profile", member: true, valid: () => ({ intent: "calendar-feed-on" }) },
  {
    url: "/portal/profile",
    member: true,
    valid: () => ({ intent: "invite-partner", email: uniqueEmail("partner") }),
  },
  { url: "/portal/profile", member: true, valid: () => ({ intent: "cancel-partner-invitation" }) },
];

/** Every JSON API, with a valid body whose fields are attacked one at a time. */
const JSON_APIS: {
  url: string;
  valid: () => Record<string, unknown>;
  freeText?: string[];
  /** Called as a visitor (a fresh one each time, under the per-address limits) rather than the member. */
  visitor?: boolean;
}[] = [
  { url: "/api/audio/affirmations-2/progress", valid: () => ({ positionSeconds: 12 }) },
  { url: "/api/audio/affirmations-2/progress", valid: () => ({ finished: true }) },
  { url: "/api/time-zone", valid: () => ({ timeZone: "Europe/London" }) },
  {
    url: "/api/labour/contractions",
    valid: () => ({ contractions: [{ startedAt: Date.now() - 120_000, endedAt: Date.now() - 60_000 }] }),
  },
  {
    url: "/api/push-subscription",
    valid: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      keys: {
        p256dh: crypto.createECDH("prime256v1").generateKeys().toString("base64url"),
        auth: crypto.randomBytes(16).toString("base64url"),
      },
    }),
  },
  { url: "/api/confirm-payment", valid: () => ({ paymentIntentId: "pi_123" }) },
  { url: "/api/capture-paypal-order", valid: () => ({ orderID: "ORDER123" }) },
  { url: "/api/demo/approve-paypal", valid: () => ({ orderID: "ORDER123" }) },
  {
    url: "/api/demo/confirm-card",
    valid: () => ({ paymentIntentId: "pi_123", cardNumber: "4242424242424242" }),
  },
  { url: "/api/create-payment-intent", valid: () => ({ email: "receipt@example.com" }) },
  { url: "/api/create-paypal-order", valid: () => ({ email: "receipt@example.com" }) },
  {
    url: "/api/create-paypal-order",
    valid: () => ({
      email: "receipt@example.com",
      gift: { recipientEmail: "friend@example.com", message: "For you.", deliverOn: "2030-01-01" },
    }),
  },
  { url: "/api/price-code", valid: () => ({ code: "SPRING-20" }) },
];

/** JSON values of the wrong type. */
const WRONG_TYPES: Record<string, unknown> = {
  "an array": ["a", "b"],
  "an object": { $gt: "" },
  "a number": 12345,
  "a boolean": true,
  null: null,
  "a negative number": -1e308,
};

describe("hostile input", () => {
  let server: ServerProcess;
  let smtp: TestSmtpServer;
  let member: Member;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      OWNER_EMAIL: "owner@tidewell.example",
    });
    member = await signUpMember(server, { label: "input", mailbox: smtpMailbox(smtp) });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** A fresh visitor for public forms (each its own address, under the per-address limits), or the member. */
  const clientFor = (spec: { member?: boolean }): CookieClient =>
    spec.member ? member.client : visitor(server.baseUrl);

  /** A refusal must say what was wrong: JSON with a message, or the page carrying the form's answer. */
  async function expectAnswer(label: string, response: Response, { mustRefuse }: { mustRefuse: boolean }) {
    expect(response.status, label).toBeLessThan(500);
    if (mustRefuse) expect(response.status, label).toBeGreaterThanOrEqual(400);
    if (response.status < 400) return;
    const type = response.headers.get("content-type") ?? "";
    const body = await response.text();
    if (type.includes("json")) {
      const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
      expect(typeof (parsed.error ?? parsed.message), `${label}: ${body.slice(0, 200)}`).toBe("string");
    } else {
      expect(type, label).toContain("text/html");
      // The page carries the action's answer, with its message, for the form to show.
      const answer = body.slice(body.indexOf("actionData"));
      expect(answer, label).toMatch(/\\"(fieldError|formErrors|message|error)\\"/);
    }
  }

  const report = (failures: string[], label: string, error: unknown) =>
    failures.push(`${label}: ${(error as Error).message.split("\n")[0]}`);

  // A test per form: each sends every field's hostile text, the field twice, and the form as multipart.
  it.each(FORMS.map((spec) => [spec.url, spec] as const))(
    "answers every field of %s's form with hostile text or repeated with a message, never a 500",
    async (_url, spec) => {
      const failures: string[] = [];
      {
        for (const field of Object.keys(spec.valid())) {
          const attempts: [string, string][] = [
            ...Object.entries(HOSTILE_TEXT),
            ...(field === "intent" ? [] : ([["markup", MARKUP]] as [string, string][])),
          ];
          for (const [name, value] of attempts) {
            const label = `POST ${spec.url} ${field}=${name}`;
            const fields = { ...spec.valid(), [field]: value };
            const response = await clientFor(spec).request(spec.url, { method: "POST", form: fields });
            // Free text keeps markup (shown as text); a message keeps its line breaks; hints may be ignored.
            const kept =
              (name === "markup" && (spec.freeText ?? []).includes(field)) ||
              (name === "a line break (header injection)" && MULTILINE.has(field)) ||
              anyText(field, name) ||
              HINTS.has(field);
            try {
              await expectAnswer(label, response, { mustRefuse: !kept });
            } catch (error) {
              report(failures, label, error);
            }
          }
          // The field twice (an array to some parsers).
          const twice = new URLSearchParams(spec.valid());
          twice.append(field, "second");
          const repeated = await clientFor(spec).request(spec.url, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: twice.toString(),
          });
          if (repeated.status >= 500) failures.push(`POST ${spec.url} ${field} twice: ${repeated.status}`);
        }
        // The whole form as multipart, with a file in the first field.
        const multipart = new FormData();
        const [first, ...rest] = Object.entries(spec.valid());
        multipart.append(first![0], new Blob([MARKUP], { type: "text/html" }), "x.html");
        for (const [key, value] of rest) multipart.append(key, value);
        const asFile = await clientFor(spec).request(spec.url, { method: "POST", body: multipart });
        if (asFile.status >= 500) failures.push(`POST ${spec.url} ${first![0]} as a file: ${asFile.status}`);
      }
      // One line per failure, all of them shown.
      expect(failures.join("\n")).toBe("");
    },
  );

  it("kept no time zone hint, among the hostile text the forms were sent, that is not a real time zone", async () => {
    // A hint that was not a real time zone was not kept.
    const { time_zone } = await withServerDatabase(
      (db) =>
        db.selectFrom("profiles").select("time_zone").where("id", "=", member.id).executeTakeFirstOrThrow(),
      server,
    );
    expect(time_zone).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
  });

  it("answers every JSON field's wrong type and hostile text with a message, never a 500", async () => {
    const failures: string[] = [];
    for (const api of JSON_APIS) {
      for (const field of Object.keys(api.valid())) {
        const attempts: [string, unknown][] = [
          ...Object.entries(WRONG_TYPES),
          ...Object.entries(HOSTILE_TEXT),
          // JSON can carry half a character pair, which a form can't.
          ["a lone surrogate", "Sam\uD800"],
          ["markup", MARKUP],
        ];
        for (const [name, value] of attempts) {
          // A value of the field's own type is not a wrong type.
          if (name in WRONG_TYPES && typeof value === typeof api.valid()[field]) continue;
          const label = `POST ${api.url} ${field}=${name}`;
          const response = await clientFor({ member: !api.visitor }).request(api.url, {
            method: "POST",
            json: { ...api.valid(), [field]: value },
          });
          const kept = (name === "markup" && (api.freeText ?? []).includes(field)) || anyText(field, name);
          try {
            await expectAnswer(label, response, { mustRefuse: !kept });
          } catch (error) {
            report(failures, label, error);
          }
        }
      }
      // Whole bodies of the wrong shape.
      for (const body of ["[]", "null", "42", '"text"', '{"__proto__":{"admin":true}}']) {
        const response = await clientFor({ member: !api.visitor }).request(api.url, {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
        });
        if (response.status >= 500) failures.push(`POST ${api.url} body ${body}: ${response.status}`);
      }
    }
    // One line per failure, all of them shown.
    expect(failures.join("\n")).toBe("");
  });

  it("answers hostile track ids in the path with 404, or 400 for control characters, never a 500", async () => {
    for (const id of [
      MARKUP,
      "x".repeat(5000),
      "..%2f..%2fpackage.json",
      "%00",
      "affirmations-2%0d%0aSet-Cookie:%20x=1",
    ]) {
      for (const action of ["signed-url", "progress"]) {
        const path = `/api/audio/${id.startsWith("x") || id.includes("%") ? id : encodeURIComponent(id)}/${action}`;
        const response = await member.client.request(path, { method: "POST", json: { finished: true } });
        // A path with control characters is refused at the door, before any route reads it.
        expect(response.status, path.slice(0, 80)).toBe(/%0[0-9a-f]/i.test(id) ? 400 : 404);
        expect(response.headers.get("set-cookie"), path.slice(0, 80)).toBeNull();
      }
    }
  });

  it("shows names and messages with markup as text: portal, partner view, emails", async () => {
    const name = `</script><img src=x onerror=alert(1)> "Sam" & Co`;
    const raw = /<\/script><img|<img src=x onerror/;
    const escaped = "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;";
    const writer = await signUpMember(server, { name, label: "markup", mailbox: smtpMailbox(smtp) });
    for (const path of ["/portal", "/portal/profile", "/portal/program", "/about"]) {
      const html = await (await writer.client.request(path)).text();
      expect(html, path).not.toMatch(raw);
      // The public pages show only initials in the account menu.
      if (path.startsWith("/portal")) expect(html, path).toContain(escaped);
    }
    const share = await writer.client.request("/portal/profile", {
      method: "POST",
      form: { intent: "create-share-link" },
    });
    const token = /\/shared\/([A-Za-z0-9_-]{43})/.exec(await share.text())?.[1];
    // Her partner, and the email, see her first name by the rule for names: its first word of letters.
    const partner = await (await fetch(`${server.baseUrl}/shared/${token}`)).text();
    expect(partner).not.toMatch(raw);
    expect(partner).not.toContain("&lt;/script&gt;");
    expect(partner).toMatch(/Following (<!-- -->)?script(<!-- -->)?(&#x27;|')s preparation/);

    // The first email (the one that confirms the address), as the mail server received it.
    const welcome = await smtp.waitFor((mail) => mail.to.includes(writer.email));
    expect(welcome.html).not.toMatch(raw);
    expect(welcome.html).not.toContain("&lt;/script&gt;");
    expect(welcome.text).toContain("Welcome, script.");

    // A contact message with markup, as the owner receives it.
    const contact = await visitor(server.baseUrl).request("/contact", {
      method: "POST",
      form: { name, email: "markup@example.com", phone: "", message: `Hello <b>there</b>\n${MARKUP}` },
    });
    expect(contact.status).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes("owner@tidewell.example") && m.text.includes("markup@example.com"),
    );
    expect(mail.html).not.toMatch(raw);
    expect(mail.html).not.toContain("<script>alert");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.text).toContain(MARKUP);
  });

  it("refuses bodies over 1 MB with 413 on every kind of route", async () => {
    const big = "x".repeat(1024 * 1024 + 1);
    for (const url of [
      "/contact",
      "/portal/profile",
      "/api/time-zone",
      "/api/auth/callback/apple",
      "/api/webhooks/stripe",
    ]) {
      for (const type of ["application/json", "application/x-www-form-urlencoded", "text/plain"]) {
        const response = await member.client.request(url, {
          method: "POST",
          body: type.includes("json") ? JSON.stringify({ name: big }) : `name=${big}`,
          headers: { "content-type": type, "sec-fetch-site": "same-origin" },
        });
        expect(response.status, `${url} ${type}`).toBe(413);
        expect(await response.json()).toEqual({ error: "The request is too large." });
      }
    }
  });
});
