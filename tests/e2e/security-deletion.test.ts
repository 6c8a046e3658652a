import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberDataExport } from "#app/modules/profile/data-export.server.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { PASSWORD, withServerDatabase } from "./support/accounts.ts";
import { signUpMember, visitor, type Member } from "./support/security.ts";
import { ownerOverHttp } from "./support/studio.ts";

/**
 * A deleted account leaves nothing behind. A member with a marker in her
 * name, her address and her messages uses everything that stores something,
 * downloads her data; the course's owner looks her up in the studio by her
 * address and by the marker, exports her details and takes her premium back
 * with a reason naming her; she deletes her account. Then the marker is
 * looked for, in any capitals, in every byte of the data directory (the
 * SQLite file, its log, the local outbox, the media), in the server's log
 * and, on PostgreSQL, in every table (the studio's audit log among them).
 */
describe("deleting an account", () => {
  let server: ServerProcess;
  const marker = `zq7marker${crypto.randomBytes(5).toString("hex")}`;
  const email = `ana.${marker}@example.com`;
  /** The same address as she might type it on another day. */
  const shouting = `Ana.${marker.toUpperCase()}@Example.COM`;
  const receipt = `Books.${marker}@Example.org`;
  let member: Member;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    member = await signUpMember(server, { name: `Ana ${marker}`, email });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The deletion, as the profile page asks for it: the one place to change when confirming changes. */
  async function deleteAccount(account: Member) {
    const response = await account.client.request("/portal/profile", {
      method: "POST",
      form: { intent: "delete-account", confirm: "DELETE", password: PASSWORD },
    });
    expect(response.status, await response.clone().text()).toBe(302);
  }

  const post = async (path: string, form: Record<string, string>, client = member.client) => {
    const response = await client.request(path, { method: "POST", form });
    expect(response.status, `${path} ${form.intent ?? ""}`).toBeLessThan(400);
    return response;
  };
  const postJson = async (path: string, json: unknown) => {
    const response = await member.client.request(path, { method: "POST", json });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, string>;
  };
  const exported = async () =>
    (await (await member.client.request("/portal/profile/export")).json()) as MemberDataExport;

  it("leaves no trace of the member in the data directory, the log or the database", async () => {
    // Due within two weeks, so her first day is today and open to tick.
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await post("/portal/profile", { intent: "update-name", name: `Ana ${marker} Rivers` });
    await post("/portal?index", { intent: "save-date", mode: "due", date: inTenDays });
    await postJson("/api/audio/affirmations-2/progress", { positionSeconds: 42 });
    const firstDay = await withServerDatabase(
      (db) =>
        db
          .selectFrom("program_schedule")
          .select("id")
          .where("user_id", "=", member.id)
          .orderBy("scheduled_date")
          .executeTakeFirstOrThrow(),
      server,
    );
    await post("/portal/program", { intent: "toggle-activity", rowId: firstDay.id, completed: "true" });
    await post("/portal/profile", { intent: "create-share-link" });
    await post("/portal/contact", {
      name: `Ana ${marker}`,
      email,
      phone: "",
      message: `From the portal: ${marker} asks about the breathing track.`,
    });

    // Signed out, from another browser, with the address in other capitals.
    const elsewhere = visitor(server.baseUrl);
    await post(
      "/contact",
      {
        name: `Ana ${marker}`,
        email: shouting,
        phone: "",
        message: `From the public page: ${marker} again.`,
      },
      elsewhere,
    );
    for (const intent of ["magic-link", "send-code", "request-reset"]) {
      await post("/auth", { intent, email: shouting }, visitor(server.baseUrl));
    }

    // The demo checkout, its receipt going to another address of hers.
    const intent = await postJson("/api/create-payment-intent", { email: receipt });
    await postJson("/api/demo/confirm-card", {
      paymentIntentId: intent.paymentIntentId!,
      cardNumber: "4242424242424242",
    });

    // Her download has both messages and every email sent to her (or about her), once all have gone.
    const kinds = [
      "confirm-email",
      "contact-message",
      "magic-link",
      "sign-in-code",
      "password-reset",
      "receipt",
    ];
    await expect
      .poll(async () => {
        const data = await exported();
        return kinds.every((kind) => data.emails.some((e) => e.kind === kind && e.status === "sent"));
      })
      .toBe(true);
    const data = await exported();
    expect(data.account.name).toBe(`Ana ${marker} Rivers`);
    expect(data.contactMessages.map((m) => m.message).sort()).toEqual([
      `From the portal: ${marker} asks about the breathing track.`,
      `From the public page: ${marker} again.`,
    ]);
    expect(data.emails.filter((e) => e.kind === "contact-message")).toHaveLength(2);
    expect(data.emails.find((e) => e.kind === "receipt")?.to).toBe(receipt.toLowerCase());
    expect(data.emails.find((e) => e.kind === "confirm-email")).toMatchObject({
      to: email,
      sentAt: expect.any(String),
    });
    expect(data.purchases).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect(data.partnerLinks).toHaveLength(1);
    expect(data.audioProgress.length).toBeGreaterThan(0);
    expect(data.programSchedule.some((day) => day.completed)).toBe(true);

    // The owner finds her in the studio, by her address and by the marker, exports her details,
    // and takes her premium back with a reason that names her.
    const owner = await ownerOverHttp(server);
    for (const search of [email, marker]) {
      const found = await owner.client.request(`/studio/members?q=${encodeURIComponent(search)}`);
      expect(await found.text()).toContain(email);
    }
    const csv = await owner.client.request(`/studio/members.csv?q=${encodeURIComponent(email)}`, {
      method: "POST",
      form: {},
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain(`"${email}"`);
    await post(
      `/studio/members/${member.id}`,
      { intent: "revoke-premium", reason: `Paid back by transfer to Ana ${marker}` },
      owner.client,
    );
    const history = await owner.client.request(`/studio/members/${member.id}`);
    expect(await history.text()).toContain(`reason: Paid back by transfer to Ana ${marker}`);

    // Before the deletion the marker is everywhere the test then looks.
    expect(markedFiles(server.dataDir).length).toBeGreaterThan(0);
    if (server.databaseUrl)
      expect(await markedTables(server, marker)).toEqual(
        expect.arrayContaining(["contact_messages", "studio_reasons"]),
      );

    await deleteAccount(member);

    expect(markedFiles(server.dataDir)).toEqual([]);
    expect(server.output()).not.toMatch(new RegExp(marker, "i"));
    if (server.databaseUrl) expect(await markedTables(server, marker)).toEqual([]);
    // The studio's log still says what was done about her, by her account's id.
    const logged = await withServerDatabase(
      (db) => db.selectFrom("audit_log").select("action").where("subject_id", "=", member.id).execute(),
      server,
    );
    expect(logged.map((entry) => entry.action)).toEqual(["member.premium-revoked"]);
    // The sale is still there, belonging to no one.
    const sales = await withServerDatabase(
      (db) => db.selectFrom("purchases").select(["user_id", "receipt_email", "status"]).execute(),
      server,
    );
    expect(sales).toEqual([{ user_id: null, receipt_email: null, status: "succeeded" }]);
  });

  /** Files under `dir` whose bytes hold the marker in any capitals. */
  function markedFiles(dir: string): string[] {
    const pattern = new RegExp(marker, "i");
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => pattern.test(fs.readFileSync(file).toString("latin1")))
      .map((file) => path.relative(dir, file));
  }
});

/** PostgreSQL tables with a row that holds the marker anywhere, as text. */
async function markedTables(server: ServerProcess, marker: string): Promise<string[]> {
  return withServerDatabase(async (db) => {
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
    `.execute(db);
    const marked: string[] = [];
    for (const { name } of tables) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(name)} as r where r::text ilike ${`%${marker}%`}
      `.execute(db);
      if (Number(rows[0]!.n) > 0) marked.push(name);
    }
    return marked;
  }, server);
}
