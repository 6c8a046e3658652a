import { describe, expect, it } from "vitest";
import { REMINDER_JOB } from "#app/modules/reminders/reminders.server.ts";
import { localOutbox } from "../support/mailbox.ts";
import { expectToast, signInOverHttp, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser } from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * Daily practice reminders, on a server whose clock the test moves
 * (TEST_CLOCK_FILE): quiet until she asks, at her local time, and stopped by
 * one click in the email with no sign-in.
 */
describe("daily practice reminders", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-25T10:00:00Z");
  const { setClock, open } = clocked;

  const reminderSetting = (email: string) =>
    withServerDatabase(
      (db) =>
        db
          .selectFrom("profiles")
          .innerJoin("user", "user.id", "profiles.id")
          .leftJoin("reminder_settings", "reminder_settings.user_id", "profiles.id")
          .select([
            "reminder_settings.reminder_time",
            "reminder_settings.remind_by_email",
            "profiles.time_zone",
          ])
          .where("user.email", "=", email)
          .executeTakeFirstOrThrow(),
      clocked.server,
    );

  /** When each of her reminders not yet sent will go. */
  const pendingReminders = (email: string) =>
    withServerDatabase(async (db) => {
      const jobs = await db
        .selectFrom("jobs")
        .innerJoin("user", "user.id", "jobs.user_id")
        .select("jobs.run_at")
        .where("user.email", "=", email)
        .where("jobs.kind", "=", REMINDER_JOB)
        .where("jobs.status", "=", "pending")
        .execute();
      return jobs.map((job) => new Date(job.run_at).toISOString());
    }, clocked.server);

  it("reminds her by email at 20:00 her time, and one click in the email stops them, signed out", async () => {
    // Her phone is in New York.
    const context = await browser.newContext({ timezoneId: "America/New_York" });
    const { email } = await signInOverHttp(context, { server: clocked.server });
    const page = await context.newPage();
    await open(page, "/portal");

    // Her device has told the portal its zone.
    await expect.poll(async () => (await reminderSetting(email)).time_zone).toBe("America/New_York");
    await open(page, "/portal/profile");
    const section = page.getByRole("region", { name: "Daily practice reminder" });
    // Quiet by default.
    expect(await section.getByLabel("Remind me to practise each day").isChecked()).toBe(false);
    expect(await section.getByLabel("Time zone").inputValue()).toBe("America/New_York");
    await section.getByLabel("Remind me to practise each day").check();
    await section.getByLabel("Reminder time").fill("20:00");
    await section.getByLabel(/^By email/).check();
    await section.getByRole("button", { name: "Save reminder" }).click();
    await expectToast(page, "Reminders are on. We'll nudge you at 20:00 on days you haven't practised yet.");
    await expectAccessible(page);
    expect(await reminderSetting(email)).toMatchObject({
      reminder_time: "20:00",
      time_zone: "America/New_York",
    });

    // 20:00 in London is not her 20:00; 20:00 in New York (01:00 UTC) is: her reminder waits for it.
    expect(await pendingReminders(email)).toEqual(["2026-11-26T01:00:00.000Z"]);
    setClock("2026-11-26T01:00:30Z");
    const reminder = await localOutbox(clocked.server.dataDir).latest(email, /A few calm minutes/);
    expect(reminder.text).toContain(`${clocked.server.baseUrl}/portal/program#today`);
    const stopUrl = /http:\/\/\S+\/reminders\/stop\?\S+/.exec(reminder.text)![0];

    // Opening the link asks first (mail scanners open links), signed out.
    const stranger = await browser.newContext();
    const stopPage = await stranger.newPage();
    await stopPage.goto(stopUrl);
    await stopPage.getByRole("heading", { name: "Stop reminder emails" }).waitFor();
    await expectAccessible(stopPage);
    expect((await reminderSetting(email)).remind_by_email).toBeTruthy();

    // Her mail app's one-click unsubscribe (RFC 8058): a POST from elsewhere, no cookies.
    const oneClick = await fetch(stopUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe("Done. We won't send you any more reminder emails.\n");
    expect((await reminderSetting(email)).remind_by_email).toBeFalsy();

    // A link someone altered changes nothing, and says so, whether a mail app or the page posts it.
    const altered = stopUrl.replace(/token=[^&]+/, "token=not-hers");
    const form = { "content-type": "application/x-www-form-urlencoded" };
    for (const headers of [{ ...form, origin: "https://mail.example" }, form]) {
      const answer = await fetch(altered, { method: "POST", headers, body: "List-Unsubscribe=One-Click" });
      expect(answer.status).toBe(400);
    }

    await open(page, "/portal/profile");
    expect(await section.getByLabel(/^By email/).isChecked()).toBe(false);
    await stranger.close();
    await context.close();
  });

  it("without JavaScript, asks how to remind her when she ticks neither way, and saves nothing", async () => {
    const context = await browser.newContext();
    const { email } = await signInOverHttp(context, { server: clocked.server });
    const page = await context.newPage();
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noScript = await plain.newPage();
    await noScript.goto(`${clocked.server.baseUrl}/portal/profile`);
    await noScript.getByLabel("Remind me to practise each day").check();
    await noScript.getByLabel(/^By email/).uncheck();
    await noScript.getByRole("button", { name: "Save reminder" }).click();
    await noScript.getByText("Choose how to be reminded: by email, by notification, or both.").waitFor();
    expect((await reminderSetting(email)).reminder_time).toBeNull();

    // A time zone she types by hand is kept, whatever her device says later.
    await noScript.getByLabel(/^By email/).check();
    await noScript.getByLabel("Time zone").fill("Asia/Kolkata");
    await noScript.getByRole("button", { name: "Save reminder" }).click();
    expect(await noScript.locator("body").innerText()).toContain("Reminders are on.");
    // Her device (on UTC) reports its zone when she next opens the portal: it is not taken.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/time-zone")),
      open(page, "/portal"),
    ]);
    expect(await reminderSetting(email)).toMatchObject({ reminder_time: "20:00", time_zone: "Asia/Kolkata" });
    await plain.close();
    await context.close();
  });
});
