import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { deleteMember } from "#app/modules/accounts/own-data.server.ts";
import { exportMemberData } from "#app/modules/profile/data-export.server.ts";
import type { StudioOwner } from "#app/modules/studio/studio.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { contactFormSchema } from "./contact-form.ts";
import { sendContactMessage } from "./contact.server.ts";
import {
  inboxThread,
  inboxThreads,
  markThreadUnread,
  replyToThread,
  REPLY_LIMIT,
  setThreadArchived,
  unreadThreadCount,
} from "./inbox.server.ts";
import { REPLY_MAX } from "./inbox.ts";

const log = createLogger("silent");
const T0 = Date.UTC(2030, 2, 12, 9, 0);
const minutes = (n: number) => new Date(T0 + n * 60_000);

describe.each(testDialects)("the contact inbox on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const delivered: string[] = [];
  const mailer = { deliverSoon: (id: string) => void delivered.push(id) };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-inbox-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  let ip = 0;
  /**
   * A message through the contact form, from an IP address of its own so the form's limits stay out of it;
   * by a visitor, or by `signedIn`, the member whose session sent it.
   */
  async function send(
    email: string,
    message: string,
    at: Date,
    name = "Amara Okafor",
    signedIn: { id: string; email: string } | null = null,
  ) {
    const headers = new Headers({ [CLIENT_IP_HEADER]: `10.23.${dialect === "sqlite" ? 1 : 2}.${++ip}` });
    const outcome = await sendContactMessage(
      { db: db(), mailer, ownerEmail: "owner@tidewell.example", log },
      { headers, member: signedIn },
      contactFormSchema.parse({ name, email, message }),
      at,
    );
    if (!outcome.ok) throw new Error(outcome.message);
  }

  async function anOwner(): Promise<StudioOwner> {
    const account = await aMember(db(), { name: "Rosa Owner" });
    return { ...account, sessionId: crypto.randomUUID(), checkedAt: new Date(), ip: "203.0.113.9" };
  }

  const unique = (label: string) => `${label}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const replyDeps = () => ({ db: db(), mailer, supportEmail: "hello@tidewell.example", log });
  /** A reply as the form sends it: with the form's own id, new each time the form is shown. */
  const aReply = (body: string, replyId: string = crypto.randomUUID()) => ({ body, replyId });
  /** An address's thread: by default the one nobody confirmed, which is every visitor's. */
  const threadOf = async (address: string, confirmed = false) =>
    db()
      .selectFrom("contact_threads")
      .selectAll()
      .where("address", "=", address)
      .where("confirmed", "=", confirmed)
      .executeTakeFirstOrThrow();
  const repliesTo = (address: string) =>
    db().selectFrom("contact_replies").selectAll().where("address", "=", address).execute();
  const repliesQueuedTo = (address: string) =>
    db()
      .selectFrom("email_outbox")
      .selectAll()
      .where("kind", "=", "contact-reply")
      .where("to_address", "=", address)
      .execute();
  const auditOf = (actorId: string) =>
    db()
      .selectFrom("audit_log")
      .select(["action", "subject_id", "detail"])
      .where("actor_id", "=", actorId)
      .execute();
  /** Every thread in a view, all pages. */
  async function allThreads(view: "open" | "archived") {
    const found = [];
    let cursor: string | undefined;
    do {
      const page = await inboxThreads(db(), { view, cursor, limit: 100 });
      found.push(...page.threads);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return found;
  }

  it("groups messages by address, whatever capitals they were typed in, newest activity first", async () => {
    const amara = unique("amara");
    const sam = unique("sam");
    await send(amara, "First question", minutes(0));
    await send(sam, "Hello from Sam", minutes(1), "Sam Rivers");
    await send(amara.toUpperCase(), "A second question,\nover two lines", minutes(2), "Amara O.");

    const threads = (await allThreads("open")).filter((t) => [amara, sam].includes(t.address));
    expect(threads).toEqual([
      {
        id: expect.any(String),
        name: "Amara O.",
        address: amara,
        messageCount: 2,
        excerpt: "A second question, over two lines",
        lastActivityAt: minutes(2).toISOString(),
        unread: true,
        answered: false,
        confirmed: false,
        memberId: null,
      },
      expect.objectContaining({ name: "Sam Rivers", address: sam, messageCount: 1, unread: true }),
    ]);
    // The thread's address in the studio is not hers.
    expect(threads[0]!.id).not.toContain("amara");
  });

  it("pages through the inbox without losing or repeating a thread", async () => {
    const addresses = Array.from({ length: 5 }, (_, n) => unique(`page${n}`));
    for (const [n, address] of addresses.entries()) await send(address, `Message ${n}`, minutes(100));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await inboxThreads(db(), { view: "open", cursor, limit: 2 });
      expect(page.threads.length).toBeLessThanOrEqual(2);
      seen.push(...page.threads.map((t) => t.address));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(addresses));
    // A cursor that isn't one of ours is the first page.
    expect((await inboxThreads(db(), { view: "open", cursor: "nonsense", limit: 1 })).threads).toHaveLength(
      1,
    );
  });

  it("marks a thread read when it is opened, unread again on request or when a new message comes", async () => {
    const owner = await anOwner();
    const address = unique("reader");
    await send(address, "Is the course suitable for a second baby?", minutes(10));
    const { id } = await threadOf(address);
    const before = await unreadThreadCount(db());

    const thread = await inboxThread(db(), id, minutes(11));
    expect(thread).toMatchObject({ id, address, archived: false, memberId: null });
    expect(thread!.entries).toEqual([
      expect.objectContaining({ kind: "message", text: "Is the course suitable for a second baby?" }),
    ]);
    expect((await threadOf(address)).read_at).not.toBeNull();
    expect(await unreadThreadCount(db())).toBe(before - 1);

    expect(await markThreadUnread(db(), owner, id, minutes(12))).toEqual({
      ok: true,
      message: "Marked as unread.",
    });
    expect((await threadOf(address)).read_at).toBeNull();

    await inboxThread(db(), id, minutes(13));
    await send(address, "One more thing", minutes(14));
    expect((await threadOf(address)).read_at).toBeNull();
    expect((await auditOf(owner.id)).map((e) => e.action)).toEqual(["contact.marked-unread"]);
  });

  it("archives a thread and moves it back, and a new message brings it back to the inbox", async () => {
    const owner = await anOwner();
    const address = unique("archive");
    await send(address, "Thanks, that answers it", minutes(20));
    const { id } = await threadOf(address);

    expect(await setThreadArchived(db(), owner, id, true, minutes(21))).toEqual({
      ok: true,
      message: "Archived.",
    });
    expect((await allThreads("open")).map((t) => t.id)).not.toContain(id);
    expect((await allThreads("archived")).map((t) => t.id)).toContain(id);
    expect((await inboxThread(db(), id))?.archived).toBe(true);
    // Pressed twice: still archived, logged once.
    expect((await setThreadArchived(db(), owner, id, true, minutes(22))).ok).toBe(true);

    expect(await setThreadArchived(db(), owner, id, false, minutes(23))).toEqual({
      ok: true,
      message: "Moved to the inbox.",
    });
    expect((await allThreads("open")).map((t) => t.id)).toContain(id);

    await setThreadArchived(db(), owner, id, true, minutes(24));
    await send(address, "Actually, one more question", minutes(25));
    expect((await allThreads("open")).find((t) => t.id === id)).toMatchObject({
      unread: true,
      messageCount: 2,
    });
    expect((await auditOf(owner.id)).map((e) => e.action).sort()).toEqual([
      "contact.archived",
      "contact.archived",
      "contact.unarchived",
    ]);
  });

  it("emails a reply through the outbox to the thread's address, keeps it in the thread and logs it", async () => {
    const owner = await anOwner();
    const member = await aMember(db(), { name: "Nadia Quill", email: unique("nadia") });
    await send(member.email, "Can my partner <b>join</b> the sessions?", minutes(30), "Nadia Quill", member);
    const { id } = await threadOf(member.email, true);

    const result = await replyToThread(
      replyDeps(),
      owner,
      id,
      aReply("  Yes, of course!\r\nThey are very welcome. <script>alert(1)</script>  "),
      minutes(31),
    );
    expect(result).toEqual({ ok: true, message: "Reply sent." });

    const [reply] = await repliesTo(member.email);
    expect(reply).toMatchObject({
      owner_id: owner.id,
      body: "Yes, of course!\nThey are very welcome. <script>alert(1)</script>",
    });
    const [email] = await repliesQueuedTo(member.email);
    expect(email).toMatchObject({ id: reply!.outbox_id, to_address: member.email, status: "pending" });
    expect(email!.subject).toBe("A reply to your message to Tidewell");
    expect(email!.text_body).toContain("Hello Nadia,");
    expect(email!.text_body).toContain("Yes, of course!\nThey are very welcome.");
    expect(email!.text_body).toContain("> Can my partner <b>join</b> the sessions?");
    // Text, never markup: the reply and her message are escaped in the HTML.
    expect(email!.html_body).not.toContain("<script>");
    expect(email!.html_body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email!.html_body).toContain("Can my partner &lt;b&gt;join&lt;/b&gt; the sessions?");
    expect(delivered).toContain(email!.id);

    const thread = await inboxThread(db(), id, minutes(32));
    expect(thread).toMatchObject({ confirmed: true, memberId: member.id });
    expect(thread!.entries.map((e) => [e.kind, e.text])).toEqual([
      ["message", "Can my partner <b>join</b> the sessions?"],
      ["reply", "Yes, of course!\nThey are very welcome. <script>alert(1)</script>"],
    ]);
    expect(thread!.entries[1]).toMatchObject({ ownerName: "Rosa Owner", delivery: "pending" });
    expect((await allThreads("open")).find((t) => t.id === id)).toMatchObject({
      answered: true,
      memberId: member.id,
      lastActivityAt: minutes(31).toISOString(),
    });

    const entries = await auditOf(owner.id);
    expect(entries).toEqual([
      { action: "contact.replied", subject_id: member.id, detail: expect.any(String) },
    ]);
    expect(entries[0]!.detail).not.toContain(member.email);
  });

  it("keeps a message typed in a member's name apart from her conversation, linked to no one, and quotes none of it", async () => {
    const owner = await anOwner();
    const amara = await aMember(db(), { name: "Amara Okafor", email: unique("amara-member") });
    const forged = "Security alert: your payment failed. Update your card at https://evil.example";
    await send(amara.email, "My own question about week 30", minutes(200), "Amara Okafor", amara);
    // Anyone can type her address into the public form, with her name.
    await send(amara.email.toUpperCase(), forged, minutes(201), "Amara Okafor");

    const threads = (await allThreads("open")).filter((t) => t.address === amara.email);
    expect(threads).toEqual([
      expect.objectContaining({ excerpt: forged, confirmed: false, memberId: null, messageCount: 1 }),
      expect.objectContaining({
        excerpt: "My own question about week 30",
        confirmed: true,
        memberId: amara.id,
        messageCount: 1,
      }),
    ]);
    const [strangers, hers] = threads;

    // Her conversation holds her own message alone.
    const conversation = await inboxThread(db(), hers!.id, minutes(202));
    expect(conversation).toMatchObject({ confirmed: true, memberId: amara.id });
    expect(conversation!.entries.map((e) => e.text)).toEqual(["My own question about week 30"]);
    const apart = await inboxThread(db(), strangers!.id, minutes(202));
    expect(apart).toMatchObject({ confirmed: false, memberId: null, address: amara.email });
    expect(apart!.entries.map((e) => e.text)).toEqual([forged]);

    // The owner's reply to it greets no one by name and quotes none of it; her audit trail doesn't name Amara.
    expect(
      (
        await replyToThread(
          replyDeps(),
          owner,
          strangers!.id,
          aReply("We have no such record."),
          minutes(203),
        )
      ).ok,
    ).toBe(true);
    const [email] = await repliesQueuedTo(amara.email);
    expect(email!.text_body).toContain("Hello,\n\nWe have no such record.");
    expect(`${email!.text_body}${email!.html_body}`).not.toMatch(/Security alert|evil\.example|Amara/);
    expect(await auditOf(owner.id)).toEqual([
      { action: "contact.replied", subject_id: null, detail: expect.any(String) },
    ]);

    // Each reply stays in its own thread.
    expect(
      (await replyToThread(replyDeps(), owner, hers!.id, aReply("Week 30 is a fine time."), minutes(204))).ok,
    ).toBe(true);
    expect((await inboxThread(db(), hers!.id))!.entries.map((e) => e.text)).toEqual([
      "My own question about week 30",
      "Week 30 is a fine time.",
    ]);
    expect((await inboxThread(db(), strangers!.id))!.entries.map((e) => e.text)).toEqual([
      forged,
      "We have no such record.",
    ]);
    const toHer = (await repliesQueuedTo(amara.email)).find((e) => e.text_body?.includes("Week 30 is"));
    expect(toHer!.text_body).toContain("Hello Amara,");
    expect(toHer!.text_body).toContain("> My own question about week 30");
    expect(toHer!.text_body).not.toContain("evil.example");
  });

  it.each([
    ["an empty reply", "", "Please write your reply."],
    ["a reply of blank lines", " \r\n\r\n ", "Please write your reply."],
    ["a reply over the limit", "a".repeat(REPLY_MAX + 1), "Please keep your reply under 5,000 characters."],
    [
      "a reply with a control character",
      "Hello\u0000there",
      "Your reply contains characters we can't send. Please retype it or paste it as plain text.",
    ],
  ])("refuses %s and changes nothing", async (_label, body, message) => {
    const owner = await anOwner();
    const address = unique("refused");
    await send(address, "Hello", minutes(40));
    const { id } = await threadOf(address);
    const before = await threadOf(address);
    expect(await replyToThread(replyDeps(), owner, id, aReply(body), minutes(41))).toEqual({
      ok: false,
      status: 400,
      message,
    });
    expect(await repliesTo(address)).toEqual([]);
    expect(await repliesQueuedTo(address)).toEqual([]);
    expect(await threadOf(address)).toEqual(before);
    expect(await auditOf(owner.id)).toEqual([]);
  });

  it("accepts a reply of exactly the limit, counting a line break as one character", async () => {
    const owner = await anOwner();
    const address = unique("long");
    await send(address, "Hello", minutes(45));
    const { id } = await threadOf(address);
    const body = `${"a\r\n".repeat(REPLY_MAX / 2 - 1)}ab`;
    expect((await replyToThread(replyDeps(), owner, id, aReply(body), minutes(46))).ok).toBe(true);
    expect((await repliesTo(address))[0]!.body).toHaveLength(REPLY_MAX);
  });

  it("answers an unknown thread with 404 and changes nothing", async () => {
    const owner = await anOwner();
    const notFound = { ok: false, status: 404, message: "There is no such conversation." };
    const count = async () => (await db().selectFrom("contact_replies").select("id").execute()).length;
    const replies = await count();
    for (const id of ["no-such-thread", "", "x".repeat(500)]) {
      expect(await inboxThread(db(), id)).toBeUndefined();
      expect(await replyToThread(replyDeps(), owner, id, aReply("Hello"), minutes(50))).toEqual(notFound);
      expect(await setThreadArchived(db(), owner, id, true, minutes(50))).toEqual(notFound);
      expect(await markThreadUnread(db(), owner, id, minutes(50))).toEqual(notFound);
    }
    expect(await count()).toBe(replies);
    expect(await auditOf(owner.id)).toEqual([]);
  });

  it(`sends at most ${REPLY_LIMIT.limit} replies an hour for one owner, however many arrive at once`, async () => {
    const owner = await anOwner();
    const address = unique("busy");
    await send(address, "Hello", minutes(60));
    const { id } = await threadOf(address);
    const results = await Promise.all(
      Array.from({ length: REPLY_LIMIT.limit + 5 }, (_, n) =>
        replyToThread(replyDeps(), owner, id, aReply(`Reply ${n}`), minutes(61)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(REPLY_LIMIT.limit);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(5);
    expect(await repliesTo(address)).toHaveLength(REPLY_LIMIT.limit);
    expect(await repliesQueuedTo(address)).toHaveLength(REPLY_LIMIT.limit);
    // Another owner is not held back.
    expect((await replyToThread(replyDeps(), await anOwner(), id, aReply("Hello"), minutes(61))).ok).toBe(
      true,
    );
  });

  it("sends one reply for one form, however many times it is sent and however the sends arrive", async () => {
    const owner = await anOwner();
    const address = unique("twice");
    await send(address, "Hello", minutes(90));
    const { id } = await threadOf(address);
    const form = aReply("Thank you, we'd love to have you.");
    // A double click: both at once, then a third time later (a reload that posts again).
    const results = await Promise.all(
      [0, 1].map(() => replyToThread(replyDeps(), owner, id, form, minutes(91))),
    );
    results.push(await replyToThread(replyDeps(), owner, id, form, minutes(92)));
    expect(results).toEqual(Array.from({ length: 3 }, () => ({ ok: true, message: "Reply sent." })));
    expect(await repliesTo(address)).toHaveLength(1);
    expect(await repliesQueuedTo(address)).toHaveLength(1);
    expect((await auditOf(owner.id)).filter((entry) => entry.action === "contact.replied")).toHaveLength(1);
    // The next form is another reply.
    expect((await replyToThread(replyDeps(), owner, id, aReply("And one more thing."), minutes(93))).ok).toBe(
      true,
    );
    expect(await repliesQueuedTo(address)).toHaveLength(2);
  });

  it("refuses a reply without the form's id, and sends nothing", async () => {
    const owner = await anOwner();
    const address = unique("no-form");
    await send(address, "Hello", minutes(95));
    const { id } = await threadOf(address);
    for (const replyId of ["", "not-an-id", "' or 1=1 --"]) {
      expect(await replyToThread(replyDeps(), owner, id, aReply("Hello", replyId), minutes(96))).toEqual({
        ok: false,
        status: 400,
        message: "Please use the reply form on this page.",
      });
    }
    expect(await repliesQueuedTo(address)).toEqual([]);
  });

  it("puts the replies to a member in her export, and deletes her thread and its replies with her account", async () => {
    const owner = await anOwner();
    const member = await aMember(db(), { name: "Ines Carvalho", email: unique("ines") });
    const stranger = unique("stranger");
    await send(member.email.toUpperCase(), "Do you offer a refund?", minutes(70), "Ines Carvalho");
    await send(stranger, "Hello from a stranger", minutes(70), "Sam Stranger");
    for (const address of [member.email, stranger]) {
      const { id } = await threadOf(address);
      expect((await replyToThread(replyDeps(), owner, id, aReply(`Dear ${address}`), minutes(71))).ok).toBe(
        true,
      );
    }

    const exported = await exportMemberData(db(), member.id);
    expect(exported.contactReplies).toEqual([
      { to: member.email, reply: `Dear ${member.email}`, sentAt: minutes(71).toISOString() },
    ]);
    expect(JSON.stringify(exported)).not.toContain(stranger);

    await deleteMember({ database, dataDir }, member.id);
    expect(await repliesTo(member.email)).toEqual([]);
    expect(await repliesQueuedTo(member.email)).toEqual([]);
    expect(
      await db().selectFrom("contact_threads").select("id").where("address", "=", member.email).execute(),
    ).toEqual([]);
    // The stranger's thread is as it was.
    expect(await repliesTo(stranger)).toHaveLength(1);
    expect((await allThreads("open")).map((t) => t.address)).toContain(stranger);
  });

  it("keeps an owner's replies in their threads when her own account goes", async () => {
    const owner = await anOwner();
    const address = unique("kept");
    await send(address, "Hello", minutes(80));
    const { id } = await threadOf(address);
    await replyToThread(replyDeps(), owner, id, aReply("Hello back"), minutes(81));
    await db().deleteFrom("user").where("id", "=", owner.id).execute();
    const thread = await inboxThread(db(), id);
    expect(thread!.entries.at(-1)).toMatchObject({ kind: "reply", text: "Hello back", ownerName: null });
  });
});
