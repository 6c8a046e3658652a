import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { auditEntries } from "./audit.server.ts";
import { answerTimeZoneForm, studioTimeZone, studioTimeZoneSetting } from "./settings.server.ts";
import type { StudioOwner } from "./studio.server.ts";

describe.each(testDialects)("the studio's time zone, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const now = new Date("2026-11-28T14:05:00Z");

  async function anOwner(): Promise<StudioOwner> {
    const account = await aMember(db(), { name: "Olive Owner" });
    return { ...account, sessionId: "a-session", checkedAt: now, ip: "203.0.113.7" };
  }
  const setProfileZone = (id: string, zone: string, chosen: boolean) =>
    db()
      .updateTable("profiles")
      .set({ time_zone: zone, time_zone_chosen: chosen })
      .where("id", "=", id)
      .execute();
  const save = (owner: StudioOwner, timeZone: string, at = now) =>
    answerTimeZoneForm(db(), owner, { intent: "time-zone", timeZone }, at);

  it("is the app's default, UTC, for an owner with no setting and a profile nobody set", async () => {
    const owner = await anOwner();
    expect(await studioTimeZoneSetting(db(), owner.id)).toEqual({ timeZone: "UTC", source: "default" });
    expect(await studioTimeZone(db(), owner.id)).toBe("UTC");
  });

  it("is her profile's zone until she saves one: the one her device reported, or the one she chose", async () => {
    const owner = await anOwner();
    await setProfileZone(owner.id, "Europe/Dublin", false);
    expect(await studioTimeZoneSetting(db(), owner.id)).toEqual({
      timeZone: "Europe/Dublin",
      source: "profile",
    });
    // UTC chosen by hand is hers too.
    await setProfileZone(owner.id, "UTC", true);
    expect(await studioTimeZoneSetting(db(), owner.id)).toEqual({ timeZone: "UTC", source: "profile" });
  });

  it("is the zone she saves, over her profile's, changed by the next save and logged each time", async () => {
    const owner = await anOwner();
    await setProfileZone(owner.id, "Europe/London", true);
    expect(await save(owner, "Europe/Dublin")).toEqual({
      ok: true,
      message: "Saved. Studio times are now in Dublin time.",
      next: "/studio/time-zone",
    });
    expect(await studioTimeZoneSetting(db(), owner.id)).toEqual({
      timeZone: "Europe/Dublin",
      source: "studio",
    });
    await save(owner, "America/New_York", new Date(now.getTime() + 60_000));
    expect(await studioTimeZone(db(), owner.id)).toBe("America/New_York");
    // Her profile keeps its own zone: the studio's setting is the studio's.
    const profile = await db()
      .selectFrom("profiles")
      .select("time_zone")
      .where("id", "=", owner.id)
      .executeTakeFirst();
    expect(profile?.time_zone).toBe("Europe/London");
    const entries = await auditEntries(db());
    expect(entries.filter((e) => e.actorId === owner.id).map((e) => [e.action, e.detail, e.ip])).toEqual([
      ["studio.time-zone-set", { timeZone: "America/New_York" }, "203.0.113.7"],
      ["studio.time-zone-set", { timeZone: "Europe/Dublin" }, "203.0.113.7"],
    ]);
  });

  it("keeps each owner's zone her own", async () => {
    const [first, second] = [await anOwner(), await anOwner()];
    await save(first, "Asia/Tokyo");
    expect(await studioTimeZone(db(), first.id)).toBe("Asia/Tokyo");
    expect(await studioTimeZone(db(), second.id)).toBe("UTC");
  });

  it("refuses a twenty-first save in an hour, changing nothing", async () => {
    const owner = await anOwner();
    for (let i = 0; i < 20; i += 1) expect((await save(owner, "Europe/Dublin")).ok).toBe(true);
    const refused = await save(owner, "Asia/Tokyo");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(await studioTimeZone(db(), owner.id)).toBe("Europe/Dublin");
  });

  it("goes with her account", async () => {
    const owner = await anOwner();
    await save(owner, "Europe/Dublin");
    await db().deleteFrom("profiles").where("id", "=", owner.id).execute();
    await db().deleteFrom("user").where("id", "=", owner.id).execute();
    const rows = await db()
      .selectFrom("studio_settings")
      .select("user_id")
      .where("user_id", "=", owner.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
