import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { formatStudioTime } from "#app/modules/studio/studio-time.ts";
import { expectToast, sharedServer, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { signUpMember } from "./support/security.ts";
import { enrolledOwner } from "./support/studio.ts";

/** A long name and address, as some members have. */
const LONG_NAME = "Siobhán Ní Bhriain-Fitzgerald";
const longEmail = () => uniqueEmail("siobhan.ni-bhriain-fitzgerald.household");

/**
 * The owner's clock: set once in the studio, and every studio time (the log's, the members export's
 * days) follows it.
 */
describe("the studio's time zone", () => {
  const browser = useBrowser();

  it("is set once, and every studio time, the members export's days too, follows it", async () => {
    const member = await signUpMember(sharedServer(), { name: LONG_NAME, email: longEmail() });
    const { page: owner, email: ownerEmail } = await enrolledOwner(browser);

    // A zone she mistyped is refused, and nothing changes.
    await owner.goto("/studio/time-zone");
    await waitForHydration(owner);
    await owner.getByRole("textbox", { name: "Time zone" }).fill("Europe/Dubln");
    await owner.getByRole("button", { name: "Save Time Zone" }).click();
    await owner.getByRole("alert").filter({ hasText: "We don't know that time zone." }).waitFor();
    await expectAccessible(owner);

    await owner.getByRole("textbox", { name: "Time zone" }).fill("Europe/Dublin");
    await owner.getByRole("button", { name: "Save Time Zone" }).click();
    await expectToast(owner, "Saved. Studio times are now in Dublin time.");
    await owner
      .getByRole("contentinfo")
      .filter({ hasText: "Times are in Dublin time (Europe/Dublin)." })
      .waitFor();

    // The log says so, at the time her clock said.
    const entry = await withServerDatabase((db) =>
      db
        .selectFrom("audit_log")
        .select("at")
        .where("action", "=", "studio.time-zone-set")
        .where("actor_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", ownerEmail))
        .executeTakeFirstOrThrow(),
    );
    const at = new Date(entry.at).toISOString();
    await owner.goto("/studio/audit");
    const row = owner.getByRole("row").filter({ hasText: "Studio time zone set" }).first();
    await row.filter({ hasText: "to Dublin time (Europe/Dublin)" }).waitFor();
    expect(await row.textContent()).toContain(
      formatStudioTime(at, { timeZone: "Europe/Dublin", now: new Date() }),
    );

    // In New York the same entry is five hours earlier (four or five: the clocks change on other days).
    await owner.goto("/studio/time-zone");
    await owner.getByRole("textbox", { name: "Time zone" }).fill("America/New_York");
    await owner.getByRole("button", { name: "Save Time Zone" }).click();
    await expectToast(owner, "Saved. Studio times are now in New York time.");
    await owner.goto("/studio/audit");
    expect(
      await owner.getByRole("row").filter({ hasText: "to Dublin time" }).first().textContent(),
    ).toContain(formatStudioTime(at, { timeZone: "America/New_York", now: new Date() }));

    // The export: a UTF-8 file with its byte-order mark, her days as plain dates on the owner's clock.
    await owner.goto(`/studio/members?q=${encodeURIComponent(member.email)}`);
    const [download] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("button", { name: "Export these as CSV" }).click(),
    ]);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const signedUp = await withServerDatabase((db) =>
      db.selectFrom("user").select("createdAt").where("id", "=", member.id).executeTakeFirstOrThrow(),
    );
    const joined = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(
      new Date(signedUp.createdAt),
    );
    const lines = bytes.toString("utf8").split("\r\n");
    expect(lines[1]).toBe(
      `"${member.id}","${LONG_NAME}","${member.email}","free","${joined}","${joined}",""`,
    );

    // Her own account, listed with the studio's owners (never among members), is the owner's in the export.
    await owner.goto(`/studio/members?who=owners&q=${encodeURIComponent(ownerEmail)}`);
    const [own] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("button", { name: "Export these as CSV" }).click(),
    ]);
    expect(fs.readFileSync((await own.path())!, "utf8")).toContain(`"${ownerEmail}","owner"`);

    // On a device in Tokyo, the page offers its zone; a press puts it in the box.
    const tokyo = await browser.newContext({ timezoneId: "Asia/Tokyo", viewport: "phone" });
    await tokyo.addCookies(await owner.context().cookies());
    const away = await tokyo.newPage();
    await away.goto("/studio/time-zone");
    await waitForHydration(away);
    await away.getByRole("button", { name: "Use This Device's: Asia/Tokyo" }).click();
    expect(await away.getByRole("textbox", { name: "Time zone" }).inputValue()).toBe("Asia/Tokyo");
    await away.getByRole("button", { name: "Save Time Zone" }).click();
    await expectToast(away, "Saved. Studio times are now in Tokyo time.");
    await away
      .getByRole("contentinfo")
      .filter({ hasText: "Times are in Tokyo time (Asia/Tokyo)." })
      .waitFor();
  });
});
