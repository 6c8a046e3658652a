import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "#app/modules/email/outbox.server.ts";
import { createMailTransport, readLocalOutbox } from "#app/modules/email/transport.server.ts";
import {
  migrateToLatest,
  openDatabase,
  SQLITE_FILE,
  type DatabaseHandle,
  type Db,
} from "#app/platform/db.server.ts";
import { saveHistory } from "#app/modules/labour/history.server.ts";
import { addPartnerComment, saveBirthPlan } from "#app/modules/birth-plan/store.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { createTestDatabase, testDialects } from "../../../tests/support/test-databases.ts";
import { exportMemberData } from "#app/modules/profile/data-export.server.ts";
import { deleteMember, MEMBER_DATA, searchedColumns, type MemberTable } from "./own-data.server.ts";
import { recordAuditWithReason } from "#app/modules/studio/audit.server.ts";
import { aMember, aPurchase, aSession } from "../../../tests/factories/index.ts";

/** Two contractions timed in labour mode, the second still going. */
const T0 = Date.UTC(2026, 0, 20, 4, 30);
const CONTRACTIONS = [
  { startedAt: T0, endedAt: T0 + 65_000 },
  { startedAt: T0 + 330_000, endedAt: null },
];

/** A column name that says it holds a member: her id, an address of hers, an identifier. */
const LOOKS_LIKE_A_MEMBER = /user_?id|email|address|identifier/i;

/** Every table and its columns, as the live database has them. */
async function liveColumns(handle: DatabaseHandle): Promise<{ table: string; column: string }[]> {
  if (handle.dialect === "postgres") {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column"
      from information_schema.columns where table_schema = current_schema()
    `.execute(handle.db);
    return rows;
  }
  const { rows } = await sql<{ table: string; column: string }>`
    select m.name as "table", c.name as "column"
    from sqlite_master m join pragma_table_info(m.name) c
    where m.type = 'table' and m.name not like 'sqlite_%'
  `.execute(handle.db);
  return rows;
}

/** "table.column" for each column that looks like it holds a member and that MEMBER_DATA does not search. */
async function unsearchedMemberColumns(handle: DatabaseHandle): Promise<string[]> {
  return (await liveColumns(handle))
    .filter(({ column }) => LOOKS_LIKE_A_MEMBER.test(column))
    .filter(({ table, column }) => {
      if (!(table in MEMBER_DATA)) return true;
      const finder = MEMBER_DATA[table as MemberTable];
      // A row found by the member's id goes whole, whatever else it holds.
      return !("userId" in finder) && !searchedColumns(table as MemberTable).includes(column);
    })
    .map(({ table, column }) => `${table}.${column}`)
    .sort();
}

describe.each(testDialects)("a member's own data on %s", (dialect) => {
  let database: DatabaseHandle & { destroy(): Promise<void> };
  let dataDir: string;
  const db = (): Db => database.db;
  const log = createLogger("silent");

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-own-data-"));
    if (dialect === "sqlite") {
      // A file of our own, so the test can read its bytes.
      const handle = openDatabase({ dataDir });
      await migrateToLatest(handle.db);
      database = { ...handle, destroy: () => handle.close() };
    } else {
      database = await createTestDatabase(dialect);
    }
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("searches every column that looks like it holds a member, in every table", async () => {
    expect(await unsearchedMemberColumns(database)).toEqual([]);
  });

  it("names a new table that holds members' addresses until the list says how to find them", async () => {
    await sql`create table newsletter_signups (id text primary key, signup_email text not null)`.execute(
      db(),
    );
    try {
      expect(await unsearchedMemberColumns(database)).toEqual(["newsletter_signups.signup_email"]);
    } finally {
      await sql`drop table newsletter_signups`.execute(db());
    }
  });

  /** A member with something in every place that can hold her, and a stranger beside her. */
  async function memberEverywhere() {
    const marker = `zq7marker${crypto.randomBytes(4).toString("hex")}`;
    const id = crypto.randomUUID();
    const email = `${marker}@example.com`;
    const shouting = `${marker.toUpperCase()}@Example.COM`;
    const receipt = `books-${marker}@example.org`;
    const now = new Date().toISOString();
    await aMember(db(), { id, name: `Ana ${marker}`, email });
    await aSession(db(), id, { expiresAt: now });
    await db()
      .insertInto("share_tokens")
      .values({ token: crypto.randomBytes(32).toString("base64url"), user_id: id })
      .execute();
    const { id: purchaseId } = await aPurchase(db(), id, { receipt_email: receipt });
    await saveHistory(db(), id, CONTRACTIONS, T0 + 400_000);
    await db().insertInto("listening_days").values({ user_id: id, day: "2026-01-19" }).execute();
    // The owner's reason for giving her the course, beside its entry in the studio's log.
    await recordAuditWithReason(
      db(),
      { actorId: "owner-1", action: "member.premium-granted", subjectId: id },
      `A gift for Ana ${marker}`,
    );
    // Written before addresses were normalised: capitals and all.
    for (const [from, name, message] of [
      [shouting, `Ana ${marker}`, `Hello from ${marker}, shouting`],
      [email, `Ana ${marker}`, `Hello from ${marker}`],
      ["stranger@example.com", "Sam Stranger", "Hello from a stranger"],
    ]) {
      await db()
        .insertInto("contact_messages")
        .values({
          id: crypto.randomUUID(),
          name: name!,
          email: from!,
          phone: null,
          message: message!,
        })
        .execute();
    }
    const verification = (identifier: string, value: string) =>
      db()
        .insertInto("verification")
        .values({
          id: crypto.randomUUID(),
          identifier,
          value,
          expiresAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    await verification("magic-link-hash", JSON.stringify({ type: "magic-link", email: shouting }));
    await verification("reset-hash", id);
    await verification(
      crypto.createHash("sha256").update(`sign-in-otp-${email}`).digest("base64url"),
      "hashed-code:0",
    );
    // Someone whose address merely contains hers keeps her link.
    await verification("stranger-hash", JSON.stringify({ type: "magic-link", email: `jo${email}` }));

    // Email to her, to her receipt address, about her (the owner's copy of her message), and to a stranger:
    // delivered to the local outbox, so there are files too.
    const transport = createMailTransport({
      from: "Tidewell <hello@tidewell.example>",
      dataDir,
      baseUrl: "http://localhost",
      log,
    });
    const mailer = createMailer({ db: db(), transport, log });
    const mail = (to: string, kind: string, about?: string) =>
      mailer.send({
        kind,
        to,
        about,
        subject: `For ${marker}`,
        text: `Dear Ana ${marker}`,
        html: "<p>Dear Ana</p>",
      });
    await mail(shouting, "welcome");
    await mail(receipt, "receipt");
    await mail("owner@tidewell.example", "contact-message", shouting);
    await mailer.send({
      kind: "welcome",
      to: "stranger@example.com",
      subject: "Welcome",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    await mailer.settled();
    return { id, marker, email, receipt, purchaseId };
  }

  /** Every row of every table, as text: what is left of the member shows up here. */
  async function everything() {
    const tables = [...new Set((await liveColumns(database)).map((c) => c.table))];
    const rows = await Promise.all(
      tables.map(async (table) => (await sql`select * from ${sql.table(table)}`.execute(db())).rows),
    );
    return JSON.stringify(rows);
  }

  it("exports her contact messages whatever their capitals, and every email to or about her", async () => {
    const { id, marker, receipt } = await memberEverywhere();
    const data = await exportMemberData(db(), id);
    expect(data.contactMessages.map((m) => m.message).sort()).toEqual([
      `Hello from ${marker}`,
      `Hello from ${marker}, shouting`,
    ]);
    expect(data.emails).toHaveLength(3);
    expect(data.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "welcome",
          to: `${marker}@example.com`,
          status: "sent",
          subject: `For ${marker}`,
        }),
        expect.objectContaining({ kind: "receipt", to: receipt, status: "sent", sentAt: expect.any(String) }),
        expect.objectContaining({ kind: "contact-message", to: "owner@tidewell.example" }),
      ]),
    );
    expect(data.labourContractions).toEqual([
      { startedAt: "2026-01-20T04:30:00.000Z", endedAt: "2026-01-20T04:31:05.000Z" },
      { startedAt: "2026-01-20T04:35:30.000Z", endedAt: null },
    ]);
    expect(data.daysListened).toEqual(["2026-01-19"]);
    expect(data.studioReasons).toEqual([
      { what: "Premium granted", reason: `A gift for Ana ${marker}`, at: expect.any(String) },
    ]);
    expect(JSON.stringify(data)).not.toContain("stranger");
  });

  it("deletes every row and outbox file about her, keeps the sale without her, and leaves strangers alone", async () => {
    const { id, marker, purchaseId } = await memberEverywhere();
    // Her marker, in any capitals, but not inside the stranger's jo… address.
    const hers = new RegExp(`(?<!jo)${marker}`, "i");
    expect(await everything()).toMatch(hers);
    expect(JSON.stringify(readLocalOutbox(dataDir, 1000))).toMatch(hers);

    await deleteMember({ database, dataDir }, id);

    expect(await everything()).not.toMatch(hers);
    // Rows found by her id alone, with nothing of the marker in them.
    expect(
      await db().selectFrom("labour_contractions").where("user_id", "=", id).selectAll().execute(),
    ).toEqual([]);
    expect(JSON.stringify(readLocalOutbox(dataDir, 1000))).not.toMatch(hers);
    expect(
      await db()
        .selectFrom("purchases")
        .select(["user_id", "receipt_email", "amount_minor"])
        .where("id", "=", purchaseId)
        .executeTakeFirst(),
    ).toEqual({ user_id: null, receipt_email: null, amount_minor: 2700 });
    const strangers = await everything();
    expect(strangers).toContain("Hello from a stranger");
    expect(strangers).toContain(`jo${marker}@example.com`);
    expect(readLocalOutbox(dataDir, 1000).some((m) => m.to === "stranger@example.com")).toBe(true);
    if (dialect === "sqlite") {
      // secure_delete zeroed the rows in the file; the checkpoint emptied the log of older copies.
      for (const file of [SQLITE_FILE, `${SQLITE_FILE}-wal`]) {
        const bytes = path.join(dataDir, file);
        if (fs.existsSync(bytes)) expect(fs.readFileSync(bytes).toString("latin1"), file).not.toMatch(hers);
      }
    }
  });

  /** A member with two versions of her birth plan, and her birth partner's two comments on it. */
  async function planWithComments() {
    const amara = await aMember(db(), { name: "Amara Okafor" });
    const ben = await aMember(db(), { name: "Ben Okafor" });
    await db().insertInto("partner_links").values({ user_id: amara.id, partner_id: ben.id }).execute();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 10, minutes));
    const first = { sections: { environment: { choices: [], note: "Low lights, my playlist" } } };
    const second = { sections: { "pain-relief": { choices: [], note: "Gas and air first" } } };
    await saveBirthPlan(db(), amara.id, first, at(0));
    await saveBirthPlan(db(), amara.id, second, at(30));
    for (const [sectionId, body] of [
      ["environment", "Shall I bring the speaker?"],
      ["pain-relief", "I'll remind them"],
    ]) {
      const added = await addPartnerComment(db(), {
        partnerId: ben.id,
        sectionId: sectionId!,
        body: body!,
        now: at(40),
      });
      if (!added.ok) throw new Error(added.reason);
    }
    const plansAndComments = async () => ({
      versions: await db().selectFrom("birth_plan_versions").select("user_id").execute(),
      comments: await db().selectFrom("birth_plan_comments").select(["user_id", "author_id"]).execute(),
    });
    return { amara, ben, first, second, plansAndComments };
  }

  it("exports her plan's versions and every comment on it; her partner's export has only their comments", async () => {
    const { amara, ben, first, second } = await planWithComments();
    const hers = await exportMemberData(db(), amara.id);
    expect(hers.birthPlan.versions).toEqual([
      expect.objectContaining({ number: 1, content: first, restoredFrom: null }),
      expect.objectContaining({ number: 2, content: second, restoredFrom: null }),
    ]);
    expect(hers.birthPlan.comments).toEqual([
      expect.objectContaining({ on: "your plan", writtenBy: "your birth partner", sectionId: "environment" }),
      expect.objectContaining({ on: "your plan", writtenBy: "your birth partner", sectionId: "pain-relief" }),
    ]);

    const theirs = await exportMemberData(db(), ben.id);
    expect(theirs.birthPlan.versions).toEqual([]);
    expect(theirs.birthPlan.comments).toEqual([
      {
        on: "another member's plan",
        writtenBy: "you",
        sectionId: "environment",
        body: "Shall I bring the speaker?",
        createdAt: "2026-11-25T10:40:00.000Z",
        resolvedAt: null,
      },
      expect.objectContaining({ writtenBy: "you", sectionId: "pain-relief", body: "I'll remind them" }),
    ]);
    // Not a word of her plan.
    expect(JSON.stringify(theirs)).not.toMatch(/Low lights|Gas and air/);
  });

  it("deletes her plan and every comment on it with her account", async () => {
    const { amara, ben, plansAndComments } = await planWithComments();
    await deleteMember({ database, dataDir }, amara.id);
    const left = await plansAndComments();
    expect(left.versions.filter((row) => row.user_id === amara.id)).toEqual([]);
    expect(left.comments.filter((row) => row.user_id === amara.id || row.author_id === ben.id)).toEqual([]);
  });

  it("deletes her partner's comments with their account, and leaves her plan as it was", async () => {
    const { amara, ben, second, plansAndComments } = await planWithComments();
    await deleteMember({ database, dataDir }, ben.id);
    const left = await plansAndComments();
    expect(left.comments.filter((row) => row.user_id === amara.id || row.author_id === ben.id)).toEqual([]);
    expect(left.versions.filter((row) => row.user_id === amara.id)).toHaveLength(2);
    expect((await exportMemberData(db(), amara.id)).birthPlan.versions[1]?.content).toEqual(second);
  });

  it("does nothing for an account that is already gone", async () => {
    await expect(deleteMember({ database, dataDir }, crypto.randomUUID())).resolves.toBeUndefined();
  });
});
