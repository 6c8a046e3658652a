import crypto from "node:crypto";
import type { KyselyPlugin, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { OWNER_NOTICE_BUDGET } from "#app/modules/email/budgets.ts";
import { createMailer, withinBudget, type Mailer } from "#app/modules/email/outbox.server.ts";
import { createMailTransport } from "#app/modules/email/transport.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { contactMessages } from "./contact-form.ts";
import { CONTACT_LIMIT, CONTACT_SENDER_LIMIT, sendContactMessage } from "./contact.server.ts";

const OWNER = "owner@tidewell.example";

/** Makes every insert into the email outbox fail, as a full disk or a lost connection would. */
const failingOutbox: KyselyPlugin = {
  transformQuery({ node }): RootOperationNode {
    if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "email_outbox") {
      throw new Error("simulated outbox failure");
    }
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe.each(testDialects)("sendContactMessage on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const log = createLogger("silent");

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer({
      db: database.db,
      log,
      transport: createMailTransport({
        smtpUrl: smtp.url,
        from: "Tidewell <hello@tidewell.example>",
        dataDir: "/tmp",
        baseUrl: "http://localhost",
        log,
      }),
    });
  });
  afterAll(async () => {
    mailer?.stop();
    await smtp?.close();
  });

  let ipCounter = 0;
  /** A visitor (signed in as `member`, or not) on an IP address of its own, so tests don't share the limit. */
  const fromNewIp = (member: { id: string; email: string } | null = null) => ({
    headers: new Headers({ [CLIENT_IP_HEADER]: `10.9.${dialect === "sqlite" ? 1 : 2}.${++ipCounter}` }),
    member,
  });
  const deps = (db: Db = database.db) => ({ db, mailer, ownerEmail: OWNER, log });
  const uniqueEmail = () => `visitor-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const storedFrom = (email: string) =>
    database.db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
  const outboxFor = (text: string) =>
    database.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("kind", "=", "contact-message")
      .where("subject", "like", `%${text}%`)
      .execute();

  it("stores a valid message, queues the owner's email with it, and delivers it", async () => {
    const email = uniqueEmail();
    const outcome = await sendContactMessage(deps(), fromNewIp(), {
      name: "Amara Okafor",
      email,
      phone: "+44 7700 900123",
      message: "Hello,\nCan my partner join the video consultation?",
    });
    expect(outcome.ok).toBe(true);
    await mailer.settled();

    const rows = await storedFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: outcome.ok ? outcome.messageId : "",
      name: "Amara Okafor",
      phone: "+44 7700 900123",
      message: "Hello,\nCan my partner join the video consultation?",
    });

    const [queued] = await outboxFor("Amara Okafor");
    // It is about the visitor: deleting her account finds it.
    expect(queued).toMatchObject({ to_address: OWNER, about_address: email, status: "sent" });

    const mail = await smtp.waitFor((m) => m.to.includes(OWNER) && m.subject.includes("Amara Okafor"));
    expect(mail.subject).toBe("New message from Amara Okafor (Tidewell contact form)");
    expect(mail.text).toContain("Can my partner join the video consultation?");
    expect(mail.text).toContain(`To reply to Amara Okafor, write to ${email}.`);
  });

  it("keeps a message as hers only from her own session in her own name; any other is not confirmed", async () => {
    const amara = await aMember(database.db, { name: "Amara Okafor", email: uniqueEmail() });
    const ben = await aMember(database.db, { name: "Ben Okafor", email: uniqueEmail() });
    const send = (from: ReturnType<typeof fromNewIp>, email: string, message: string) =>
      sendContactMessage(deps(), from, { name: "Amara Okafor", email, message });

    // Signed in, in her own name (whatever capitals her account's address has): hers.
    await send(fromNewIp({ id: amara.id, email: amara.email.toUpperCase() }), amara.email, "From Amara");
    // Her address typed by a visitor, or by another member signed in: nobody's.
    await send(fromNewIp(), amara.email, "Forged by a visitor");
    await send(fromNewIp({ id: ben.id, email: ben.email }), amara.email, "Forged by Ben");
    // Signed in but writing in another address's name: nobody's either.
    const other = uniqueEmail();
    await send(fromNewIp({ id: amara.id, email: amara.email }), other, "Amara as someone else");

    const senders = async (email: string) =>
      Object.fromEntries((await storedFrom(email)).map((row) => [row.message, row.sender_id]));
    expect(await senders(amara.email)).toEqual({
      "From Amara": amara.id,
      "Forged by a visitor": null,
      "Forged by Ben": null,
    });
    expect(await senders(other)).toEqual({ "Amara as someone else": null });

    // Two threads for her address: hers, and the one nobody confirmed.
    const threads = await database.db
      .selectFrom("contact_threads")
      .select(["address", "confirmed"])
      .where("address", "=", amara.email)
      .orderBy("confirmed")
      .execute();
    expect(threads.map((t) => Boolean(t.confirmed))).toEqual([false, true]);

    // The owner's notice says which is which.
    const notice = async (message: string) =>
      (await smtp.waitFor((m) => m.to.includes(OWNER) && m.text.includes(message))).text;
    expect(await notice("From Amara")).toContain("Sent by the member with this address, signed in.");
    expect(await notice("Forged by a visitor")).toContain("Not confirmed: sent without signing in");
    expect(await notice("Forged by Ben")).toContain("Not confirmed: sent without signing in");
  });

  it("stores no phone number when none was given", async () => {
    const email = uniqueEmail();
    await sendContactMessage(deps(), fromNewIp(), { name: "Sam", email, message: "Hi there" });
    const [row] = await storedFrom(email);
    expect(row?.phone).toBeNull();
  });

  it("keeps no message when its email cannot be queued, and says to try again", async () => {
    const email = uniqueEmail();
    const outcome = await sendContactMessage(deps(database.db.withPlugin(failingOutbox)), fromNewIp(), {
      name: "Rolled Back",
      email,
      message: "This should not be kept.",
    });
    expect(outcome).toEqual({ ok: false, status: 503, message: contactMessages.failed });
    expect(await storedFrom(email)).toEqual([]);
    expect(await outboxFor("Rolled Back")).toEqual([]);
  });

  it("keeps the message and its queued email when the mail server is down for now", async () => {
    const email = uniqueEmail();
    // Earlier tests' deliveries finish first, so the refusal meets this message.
    await mailer.settled();
    smtp.failNext(1);
    const outcome = await sendContactMessage(deps(), fromNewIp(), {
      name: "Later Delivery",
      email,
      message: "Please write back when you can.",
    });
    expect(outcome.ok).toBe(true);
    await mailer.settled();
    expect(await storedFrom(email)).toHaveLength(1);
    const [queued] = await outboxFor("Later Delivery");
    expect(queued).toMatchObject({ status: "pending", attempts: 1 });
  });

  it(`accepts ${CONTACT_LIMIT.limit} messages an hour from one address and refuses the next`, async () => {
    const headers = fromNewIp();
    const email = uniqueEmail();
    const t0 = new Date("2030-01-01T09:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    for (let n = 1; n <= CONTACT_LIMIT.limit; n++) {
      const outcome = await sendContactMessage(
        deps(),
        headers,
        { name: "Busy", email, message: `#${n}` },
        at(n),
      );
      expect(outcome.ok, `message ${n}`).toBe(true);
    }
    const refused = await sendContactMessage(deps(), headers, { name: "Busy", email, message: "#6" }, at(10));
    expect(refused).toEqual({
      ok: false,
      status: 429,
      message: tooManyAttemptsMessage(51 * 60),
      retryAfterSeconds: 51 * 60,
    });
    expect(await storedFrom(email)).toHaveLength(CONTACT_LIMIT.limit);

    // Someone else is not held back, and the same visitor may write again an hour later.
    expect(
      (await sendContactMessage(deps(), fromNewIp(), { name: "Other", email, message: "Hi" }, at(10))).ok,
    ).toBe(true);
    expect(
      (await sendContactMessage(deps(), headers, { name: "Busy", email, message: "#7" }, at(61))).ok,
    ).toBe(true);
  });

  it(`refuses one sender's address past ${CONTACT_SENDER_LIMIT.limit} messages a day, whatever addresses they come from`, async () => {
    const email = uniqueEmail();
    for (let n = 1; n <= CONTACT_SENDER_LIMIT.limit; n++) {
      expect(
        (await sendContactMessage(deps(), fromNewIp(), { name: "Roving", email, message: `#${n}` })).ok,
      ).toBe(true);
    }
    const refused = await sendContactMessage(deps(), fromNewIp(), {
      name: "Roving",
      email,
      message: "again",
    });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(await storedFrom(email)).toHaveLength(CONTACT_SENDER_LIMIT.limit);
  });

  it("counts messages sent at once from one address exactly", async () => {
    const headers = fromNewIp();
    const email = uniqueEmail();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        sendContactMessage(deps(), headers, { name: "Burst", email, message: `#${n}` }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(CONTACT_LIMIT.limit);
    expect(await storedFrom(email)).toHaveLength(CONTACT_LIMIT.limit);
  });

  it("counts every address of one IPv6 subscriber's /64 as one sender's address, sent at once", async () => {
    const network = `2001:db8:${crypto.randomInt(0xffff).toString(16)}:${crypto.randomInt(0xffff).toString(16)}`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        sendContactMessage(
          deps(),
          {
            headers: new Headers({ [CLIENT_IP_HEADER]: `${network}::${(n + 1).toString(16)}` }),
            member: null,
          },
          {
            name: "Roving Six",
            email: uniqueEmail(),
            message: `#${n}`,
          },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(CONTACT_LIMIT.limit);
    expect(outcomes.filter((o) => !o.ok)).toEqual(
      Array(20 - CONTACT_LIMIT.limit).fill(expect.objectContaining({ status: 429 })),
    );
  });

  it("keeps every message, and stops the owner's notices once a day's budget is spent", async () => {
    const owner = `owner-${crypto.randomBytes(4).toString("hex")}@tidewell.example`;
    for (let n = 0; n < OWNER_NOTICE_BUDGET.limit; n++) {
      await withinBudget(database.db, { kind: "contact-message", to: owner });
    }
    const email = uniqueEmail();
    const outcome = await sendContactMessage({ ...deps(), ownerEmail: owner }, fromNewIp(), {
      name: "One Too Many",
      email,
      message: "Still kept",
    });
    expect(outcome.ok).toBe(true);
    expect(await storedFrom(email)).toHaveLength(1);
    expect(await outboxFor("One Too Many")).toEqual([]);
  });
});
