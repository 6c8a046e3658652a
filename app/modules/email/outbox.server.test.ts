import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { PER_KIND_BUDGET } from "./budgets.ts";
import {
  createMailer,
  failedEmails,
  queueEmail,
  RETRY_DELAYS_MINUTES,
  withinBudget,
} from "./outbox.server.ts";
import { magicLinkEmail } from "./templates.ts";
import { createMailTransport } from "./transport.server.ts";

describe.each(testDialects)("the email outbox on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  const log = createLogger("silent");

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const transportTo = (server: TestSmtpServer) =>
    createMailTransport({
      smtpUrl: server.url,
      from: "Tidewell <hello@tidewell.example>",
      dataDir: "/tmp",
      baseUrl: "http://localhost",
      log,
    });
  const mailer = () => createMailer({ db: database.db, log, transport: transportTo(smtp) });

  it("delivers over SMTP and keeps no copy of the body once sent", async () => {
    await mailer().send({
      kind: "magic-link",
      to: "ana@example.com",
      ...magicLinkEmail({ url: "http://localhost/x?token=t0k3n", minutes: 5 }),
    });
    const mail = await smtp.waitFor((m) => m.to.includes("ana@example.com"));
    expect(mail.subject).toBe("Your Tidewell sign-in link");
    expect(mail.text).toContain("http://localhost/x?token=t0k3n");
    // The outbox marks it sent once the SMTP server has acknowledged it, a moment after it arrives.
    const row = () =>
      database.db
        .selectFrom("email_outbox")
        .select(["status", "text_body", "html_body"])
        .where("to_address", "=", "ana@example.com")
        .executeTakeFirstOrThrow();
    await expect.poll(row).toEqual({ status: "sent", text_body: null, html_body: null });
  });

  it("offers one-click unsubscribe (RFC 8058) on a message she chose to receive, and not on others", async () => {
    const url = "http://localhost/reminders/stop?m=abc&t=sig";
    const m = mailer();
    await m.send({
      kind: "practice-reminder",
      to: "cara@example.com",
      subject: "Practice",
      text: "Hi",
      html: "<p>Hi</p>",
      unsubscribeUrl: url,
    });
    const reminder = await smtp.waitFor((mail) => mail.to.includes("cara@example.com"));
    expect(reminder.headers.get("list-unsubscribe")).toBe(`<${url}>`);
    expect(reminder.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    await m.send({
      kind: "welcome",
      to: "dina@example.com",
      subject: "Welcome",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    const welcome = await smtp.waitFor((mail) => mail.to.includes("dina@example.com"));
    expect(welcome.headers.has("list-unsubscribe")).toBe(false);
    expect(welcome.headers.has("list-unsubscribe-post")).toBe(false);
  });

  it.each([451, 554])(
    "keeps a message the server refused with %i and delivers it on a later run",
    async (code) => {
      const to = `ben-${code}@example.com`;
      smtp.failNext(1, code);
      const m = mailer();
      await m.send({
        kind: "welcome",
        to,
        subject: "Welcome",
        text: "Hello Ben",
        html: "<p>Hello Ben</p>",
      });
      await m.settled();
      const pending = await database.db
        .selectFrom("email_outbox")
        .selectAll()
        .where("to_address", "=", to)
        .executeTakeFirstOrThrow();
      expect(pending.status).toBe("pending");
      expect(pending.attempts).toBe(1);
      expect(smtp.messages.some((mail) => mail.to.includes(to))).toBe(false);

      // Not due yet: nothing happens.
      expect(await m.deliverDue()).toEqual({ sent: 0, failed: 0 });
      // After the first retry delay it goes out.
      const later = new Date(Date.now() + RETRY_DELAYS_MINUTES[0]! * 60_000 + 1000);
      expect(await m.deliverDue({ now: later })).toEqual({ sent: 1, failed: 0 });
      await smtp.waitFor((mail) => mail.to.includes(to));
    },
  );

  it("gives a message up after its last retry and lists it for the owner", async () => {
    const to = `given-up-${dialect}@example.com`;
    smtp.failNext(RETRY_DELAYS_MINUTES.length + 1, 554);
    const m = mailer();
    await m.send({ kind: "welcome", to, subject: "Never", text: "x", html: "<p>x</p>" });
    await m.settled();
    // Each run past every delay is one more try; the last one gives up.
    const farLater = new Date(Date.now() + 2 * 86_400_000);
    for (const _retry of RETRY_DELAYS_MINUTES) await m.deliverDue({ now: farLater });
    const listed = (await failedEmails(database.db)).filter((row) => row.to_address === to);
    expect(listed).toEqual([
      expect.objectContaining({
        kind: "welcome",
        attempts: RETRY_DELAYS_MINUTES.length + 1,
        last_error: expect.stringContaining("554"),
      }),
    ]);
    // Given up means given up: no later run tries it again.
    expect(await m.deliverDue({ now: farLater })).toEqual({ sent: 0, failed: 0 });
  });

  it("keeps a message whose connection dropped mid-send and delivers it on a later run", async () => {
    smtp.dropNext(1);
    const m = mailer();
    await m.send({ kind: "welcome", to: "dara@example.com", subject: "Hi", text: "Hi", html: "<p>Hi</p>" });
    await m.settled();
    const row = () =>
      database.db
        .selectFrom("email_outbox")
        .select(["status", "attempts", "last_error"])
        .where("to_address", "=", "dara@example.com")
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: "pending", attempts: 1, last_error: expect.any(String) });
    expect(smtp.messages.some((mail) => mail.to.includes("dara@example.com"))).toBe(false);

    const later = new Date(Date.now() + RETRY_DELAYS_MINUTES[0]! * 60_000 + 1000);
    expect(await m.deliverDue({ now: later })).toEqual({ sent: 1, failed: 0 });
    await smtp.waitFor((mail) => mail.to.includes("dara@example.com"));
    expect((await row()).status).toBe("sent");
  });

  it("gives up on a mail server that never answers, keeps the message, and sends it once one does", async () => {
    // Accepts connections and says nothing, not even its greeting.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const stuck = createMailer({
      db: database.db,
      log,
      transport: createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "Tidewell <hello@tidewell.example>",
        dataDir: "/tmp",
        baseUrl: "http://localhost",
        log,
        timeoutMs: 300,
      }),
    });
    try {
      const started = Date.now();
      await stuck.send({
        kind: "welcome",
        to: "eli@example.com",
        subject: "Hi",
        text: "Hi",
        html: "<p>Hi</p>",
      });
      await stuck.settled();
      // An upper bound with a wide margin: without a timeout the attempt would never end.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      stuck.stop();
      silent.close();
    }
    const row = await database.db
      .selectFrom("email_outbox")
      .select(["status", "attempts"])
      .where("to_address", "=", "eli@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", attempts: 1 });

    const later = new Date(Date.now() + RETRY_DELAYS_MINUTES[0]! * 60_000 + 1000);
    expect(await mailer().deliverDue({ now: later })).toEqual({ sent: 1, failed: 0 });
    await smtp.waitFor((mail) => mail.to.includes("eli@example.com"));
  });

  it("sends what waited through a restart at once, and looks again when a test clock moves", async () => {
    let moved: (() => void) | undefined;
    const clock = {
      now: () => new Date(),
      onMove: (callback: () => void) => {
        moved = callback;
        return () => (moved = undefined);
      },
    };
    await queueEmail(database.db, {
      kind: "welcome",
      to: "ines@example.com",
      subject: "Hi",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    const m = createMailer({ db: database.db, log, clock, transport: transportTo(smtp) });
    // An hour between sweeps: only the start's own sweep and the clock's can send these.
    m.start(60 * 60_000);
    try {
      await smtp.waitFor((mail) => mail.to.includes("ines@example.com"));
      await queueEmail(database.db, {
        kind: "welcome",
        to: "jude@example.com",
        subject: "Hi",
        text: "Hi",
        html: "<p>Hi</p>",
      });
      moved!();
      await smtp.waitFor((mail) => mail.to.includes("jude@example.com"));
    } finally {
      m.stop();
    }
    expect(moved).toBeUndefined();
  });

  it("sends a message once even when two deliveries race for it", async () => {
    const id = await queueEmail(database.db, {
      kind: "welcome",
      to: "cleo@example.com",
      subject: "Once",
      text: "x",
      html: "<p>x</p>",
    });
    const m = mailer();
    await Promise.all([m.deliverDue({ id }), m.deliverDue({ id }), m.deliverDue()]);
    // Each delivery has had the server's answer, which comes once the server holds the message.
    expect(smtp.messages.filter((mail) => mail.to.includes("cleo@example.com"))).toHaveLength(1);
  });

  it("delivers everything that is due in one run, however many batches it takes", async () => {
    // As after a crash that held an evening's reminders: more than one query's batch.
    const count = 60;
    for (let n = 0; n < count; n += 1) {
      await queueEmail(database.db, {
        kind: "practice-reminder",
        to: `backlog-${dialect}-${n}@example.com`,
        subject: "Backlog",
        text: "x",
        html: "<p>x</p>",
      });
    }
    expect(await mailer().deliverDue()).toEqual({ sent: count, failed: 0 });
    await expect.poll(() => smtp.messages.filter((mail) => mail.subject === "Backlog").length).toBe(count);
  }, 30_000);

  it("holds what anyone can send to an address: three of a kind a quarter-hour, ten a day in all", async () => {
    const to = `budget-${dialect}@example.com`;
    const send = (kind: string) => withinBudget(database.db, { kind, to });
    const answers: Record<string, boolean[]> = {};
    for (const kind of ["magic-link", "sign-in-code", "password-reset", "account-exists"]) {
      answers[kind] = [];
      for (let n = 0; n <= PER_KIND_BUDGET.limit; n += 1) answers[kind]!.push(await send(kind));
    }
    expect(answers["magic-link"]).toEqual([true, true, true, false]);
    expect(answers["sign-in-code"]).toEqual([true, true, true, false]);
    expect(answers["password-reset"]).toEqual([true, true, true, false]);
    // The tenth of the day went; the eleventh, of a kind not yet sent, does not.
    expect(answers["account-exists"]).toEqual([true, false, false, false]);
    // Receipts follow payments, and are never held.
    for (let n = 0; n < 12; n += 1) expect(await send("receipt")).toBe(true);
    // Another address has its own budget.
    expect(await withinBudget(database.db, { kind: "magic-link", to: `other-${dialect}@example.com` })).toBe(
      true,
    );
  });
});
