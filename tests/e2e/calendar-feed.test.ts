import crypto from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * "Add practice to my calendar": a member turns her feed on from her profile, a
 * calendar app (here, a plain signed-out fetch) reads her days at her time, and
 * the secret address stops working once replaced or turned off. Wrong addresses
 * are plain 404s, a client guessing is held back, and the log never holds a token.
 * On a server of its own, which trusts one proxy hop (so each client here has its
 * own address) and whose clock the test sets (TEST_CLOCK_FILE).
 */
describe("the calendar feed", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-21T10:00:00Z", { TRUST_PROXY: "1" });
  const { open } = clocked;
  const tokens: string[] = [];
  /** A calendar app's request: no cookies, from its own address. */
  const calendarApp = (url: string, ip = "198.51.100.10") =>
    fetch(url, { headers: { "x-forwarded-for": ip }, redirect: "manual" });
  const tokenOf = (url: string) => {
    const match = /\/calendar\/([A-Za-z0-9_-]{44})\.ics$/.exec(url);
    if (!match) throw new Error(`Not a calendar link: ${url}`);
    tokens.push(match[1]!);
    return match[1]!;
  };
  /** The profile's calendar card: its buttons' names are its own (the partner link has a "Make a new link" too). */
  const feedCard = (on: Page) => on.getByRole("region", { name: "Add practice to my calendar" });
  const randomFeedUrl = () =>
    `${clocked.server.baseUrl}/calendar/${crypto.randomBytes(32).toString("base64url")}.ics`;

  it("gives her a link to her practice days at her time, which she can replace and turn off", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: clocked.server.baseUrl });
    const page = await context.newPage();
    // Her date: her fourteen days run from 21 November to 4 December.
    const { email } = await clocked.signUpDueOn(page, "2026-12-05", "Amara Okafor");
    // Her reminder time and zone, as her reminder settings would save them.
    await withServerDatabase(async (db) => {
      const { id } = await db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      await db.updateTable("profiles").set({ time_zone: "Europe/London" }).where("id", "=", id).execute();
      await db.insertInto("reminder_settings").values({ user_id: id, reminder_time: "07:30" }).execute();
    }, clocked.server);

    // Turned on from her profile.
    await open(page, "/portal/profile");
    await feedCard(page).waitFor();
    await feedCard(page).getByRole("button", { name: "Turn on the calendar link", exact: true }).click();
    const field = page.getByLabel("Your calendar link");
    await field.waitFor();
    const url = await field.inputValue();
    expect(url.startsWith(`${clocked.server.baseUrl}/calendar/`)).toBe(true);
    const first = tokenOf(url);
    expect(
      await feedCard(page).getByRole("link", { name: "Open in my calendar app" }).getAttribute("href"),
    ).toBe(url.replace(/^http:/, "webcal:"));
    await waitForHydration(page);
    await feedCard(page).getByRole("button", { name: "Copy link", exact: true }).click();
    await expectToast(page, "Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page);

    // A calendar app reads it, signed out: her fourteen days at 07:30 London time (GMT now).
    const response = await calendarApp(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="tidewell-practice.ics"');
    expect(response.headers.get("cache-control")).toMatch(/private|no-store/);
    const ics = await response.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("X-WR-CALNAME:Tidewell practice\r\n");
    expect(ics.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(14);
    expect(ics).toContain("DTSTART:20261121T073000Z\r\n");
    expect(ics).toContain("DTSTART:20261204T073000Z\r\n");
    expect(ics).toContain("SUMMARY:Day 1 of your programme: Pregnancy Relaxation and Wellbeing");
    expect(ics).not.toContain(email);

    // A new link, made without JavaScript: the old one stops working, the new one works.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies(await context.cookies());
    const plain = await noScript.newPage();
    await plain.goto(`${clocked.server.baseUrl}/portal/profile`);
    await feedCard(plain).getByRole("button", { name: "Make a new link", exact: true }).click();
    // The page comes back from the server with the new link in place of the old.
    await expect.poll(() => plain.getByLabel("Your calendar link").inputValue()).not.toBe(url);
    const renewed = await plain.getByLabel("Your calendar link").inputValue();
    const second = tokenOf(renewed);
    expect(second).not.toBe(first);
    expect(await feedCard(plain).getByRole("button", { name: "Copy link", exact: true }).count()).toBe(0);
    expect((await calendarApp(url)).status).toBe(404);
    expect((await calendarApp(renewed)).status).toBe(200);
    await noScript.close();

    // Turned off: the address answers 404, and her profile offers to turn it on again.
    await open(page, "/portal/profile");
    await feedCard(page).getByRole("button", { name: "Turn off", exact: true }).click();
    await feedCard(page).getByRole("button", { name: "Turn on the calendar link", exact: true }).waitFor();
    expect(await page.getByLabel("Your calendar link").count()).toBe(0);
    const gone = await calendarApp(renewed);
    expect(gone.status).toBe(404);

    // On again for the tests below.
    await feedCard(page).getByRole("button", { name: "Turn on the calendar link", exact: true }).click();
    tokenOf(await page.getByLabel("Your calendar link").inputValue());
    await context.close();
  });

  it("answers a made-up or malformed address with the same plain 404", async () => {
    const answers = await Promise.all(
      [
        randomFeedUrl(),
        `${clocked.server.baseUrl}/calendar/nonsense.ics`,
        `${clocked.server.baseUrl}/calendar/${"A".repeat(43)}`,
      ].map(async (url) => {
        const response = await calendarApp(url, "198.51.100.20");
        return {
          status: response.status,
          type: response.headers.get("content-type"),
          robots: response.headers.get("x-robots-tag"),
          body: await response.text(),
        };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 404,
        type: "text/plain; charset=utf-8",
        robots: expect.stringContaining("noindex"),
        body: answers[0]!.body,
      });
    }
  });

  it("holds back a client guessing addresses, even when it then tries a right one", async () => {
    const live = tokens.at(-1)!;
    const liveUrl = `${clocked.server.baseUrl}/calendar/${live}.ics`;
    const guesser = "198.51.100.66";
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => (await calendarApp(randomFeedUrl(), guesser)).status),
    );
    expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(60);

    const refused = await calendarApp(liveUrl, guesser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client, a calendar service among them, is not held back.
    expect((await calendarApp(liveUrl, "198.51.100.67")).status).toBe(200);
  });

  it("never writes a calendar token to the server's log", async () => {
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => clocked.server.output(), { timeout: 10_000 }).toContain("/calendar/[redacted]");
    const log = clocked.server.output();
    for (const token of tokens) expect(log).not.toContain(token);
  });
});
