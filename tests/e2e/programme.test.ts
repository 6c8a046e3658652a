import { describe, expect, it } from "vitest";
import { expectToast, signInOverHttp } from "./support/accounts.ts";
import {
  expectAccessible,
  expectHeading,
  trackRequests,
  useBrowser,
  waitForHydration,
} from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * The programme day by day, on a server whose clock the test moves forward
 * (TEST_CLOCK_FILE, honoured on loopback only).
 */
describe("the two-week programme", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-21T10:00:00Z");
  const { setClock, open } = clocked;

  it("takes a member from onboarding through three days of practice to a shared, then revoked, partner link", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: clocked.server.baseUrl });
    const page = await context.newPage();
    const { email } = await signInOverHttp(context, {
      name: "Amara Okafor",
      premium: true,
      server: clocked.server,
    });

    // Onboarding: Save waits for a date; the picker allows today to a year ahead.
    await open(page, "/portal");
    await page.getByRole("heading", { name: "When is your baby due?" }).waitFor();
    expect(await page.getByText("(Default Schedule)").count()).toBe(1);
    const save = page.getByRole("button", { name: "Save my date" });
    expect(await save.isDisabled()).toBe(true);
    const picker = page.getByLabel("Your due date");
    expect([await picker.getAttribute("min"), await picker.getAttribute("max")]).toEqual([
      "2026-11-21",
      "2027-11-21",
    ]);
    await page.getByText("Induction Date").click();
    await page.getByLabel("Your induction date").waitFor();
    await page.getByText("Due Date", { exact: true }).click();
    await page.getByLabel("Your due date").fill("2026-12-05");
    await save.click();
    await expectToast(page, "Date saved! Welcome to your journey 💝");
    await page.getByRole("heading", { name: "When is your baby due?" }).waitFor({ state: "detached" });
    expect(await page.getByText("(Default Schedule)").count()).toBe(0);
    expect(
      await page.getByRole("progressbar", { name: "Programme progress" }).getAttribute("aria-valuenow"),
    ).toBe("0");
    await expectAccessible(page);

    // Day one.
    await open(page, "/portal/program");
    await page.getByRole("heading", { name: "Pregnancy Relaxation and Wellbeing" }).first().waitFor();
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Practice completed! 🌟");
    await page.getByText("Done for today").waitFor();
    expect(await page.getByText("Starting").count()).toBeGreaterThan(0);
    await expectAccessible(page);

    // Day two: the streak continues.
    setClock("2026-11-22T10:00:00Z");
    await open(page, "/portal/program");
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Great job! Streak continued! 🔥");
    await expectToast(page, "You're on a 2 day streak!");

    // Day three: three in a row earns the Growing badge and the partner link.
    setClock("2026-11-23T10:00:00Z");
    await open(page, "/portal/program");
    expect(await page.getByRole("button", { name: "Share with Partner" }).count()).toBe(0);
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "You're on a 3 day streak!");
    await page.getByText("Growing").first().waitFor();
    await page.getByRole("button", { name: "Share with Partner" }).click();
    await expectToast(page, "Share link copied! 📋");
    await expectToast(page, "Share your progress with your partner");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${clocked.server.baseUrl}/shared/[A-Za-z0-9_-]{43}$`));

    // The partner opens it with no account at all.
    const partnerContext = await browser.newContext();
    const partner = await partnerContext.newPage();
    const response = await partner.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expectHeading(partner, "Following Amara's preparation");
    const text = await partner.locator("main").innerText();
    expect(text).toContain("3 days");
    expect(text).not.toContain(email);
    expect(text).not.toMatch(/2026|December|5 Dec/);
    await expectAccessible(partner);

    // Turning the link off makes it a dead end.
    await open(page, "/portal/profile");
    await page.getByRole("button", { name: "Turn off the link" }).click();
    await expectToast(page, "Partner link turned off");
    expect((await partner.goto(link))?.status()).toBe(404);
    await expectHeading(partner, "This link isn't active");
    await partnerContext.close();

    // The profile's quick date editor.
    await page.getByRole("button", { name: /Change due date/ }).click();
    const dateField = page.getByLabel(/New date/);
    await dateField.fill("hello");
    await dateField.press("Enter");
    await page.getByText("Please enter a valid date (e.g., 14/Nov)").waitFor();
    await dateField.press("Escape");
    await page.getByRole("button", { name: /Change due date/ }).click();
    await page.getByLabel(/New date/).fill("14/Dec");
    await page.getByLabel(/New date/).press("Enter");
    await expectToast(page, "✨ Due date updated!");
    await page.getByText("Monday 14 December").waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("ticks days and listened sessions with the spec's toasts, and keeps the default schedule in the browser", async () => {
    const page = await browser.newPage();
    await signInOverHttp(page.context(), { server: clocked.server });
    setClock("2026-11-21T10:00:00Z");
    await open(page, "/portal");

    // Not saved yet: ticking a day changes only this page.
    const firstDay = page.getByRole("checkbox", { name: /Day 1: Pregnancy Relaxation/ }).first();
    await firstDay.check();
    expect(
      await page.getByRole("progressbar", { name: "Programme progress" }).getAttribute("aria-valuenow"),
    ).toBe("7");
    await page.reload();
    await waitForHydration(page);
    expect(
      await page
        .getByRole("checkbox", { name: /Day 1: Pregnancy Relaxation/ })
        .first()
        .isChecked(),
    ).toBe(false);

    const listened = page.getByRole("checkbox", { name: "Affirmations One", exact: true });
    await listened.check();
    await expectToast(page, "✓ Marked as listened");
    await listened.uncheck();
    await expectToast(page, "Unmarked");

    // Due within two weeks, so Day 1 is today: a day opens on its date.
    await page.getByLabel("Your due date").fill("2026-12-01");
    const savingDate = trackRequests(page);
    await page.getByRole("button", { name: "Save my date" }).click();
    await expectToast(page, "Date saved! Welcome to your journey 💝");
    const saved = page.getByRole("checkbox", { name: /Day 1: Pregnancy Relaxation/ }).first();
    // The page as she sees it before her tap: its data fresh, its fonts in (one arriving late re-wraps words).
    await savingDate.settled();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Where the box is on the page (not in the window, which scrolls to it for the tap).
    const placeOf = () =>
      saved.evaluate((box) => {
        const { top, left } = box.getBoundingClientRect();
        return { top: top + window.scrollY, left: left + window.scrollX };
      });
    const untickedAt = await placeOf();
    const ticking = trackRequests(page);
    await saved.check();
    await expectToast(page, "Activity completed! 🌟");
    // Ticked, with the page's data fresh, the box is where she tapped it: a second tap lands on it.
    await ticking.settled();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await placeOf()).toEqual(untickedAt);
    await saved.uncheck();
    await expectToast(page, "Marked as incomplete");

    // Quick clicks while earlier saves are still landing: the box follows the last one, and so does the server.
    const requests = trackRequests(page);
    await saved.check();
    await saved.uncheck();
    await saved.check();
    expect(await saved.isChecked()).toBe(true);
    // Each click waits for the save before it, so the last may not have gone yet: reloading now would drop it.
    await requests.settled();
    await page.reload();
    await waitForHydration(page);
    expect(
      await page
        .getByRole("checkbox", { name: /Day 1: Pregnancy Relaxation/ })
        .first()
        .isChecked(),
    ).toBe(true);
    await page.context().close();
  });
  /** A new member in her own browser, due 5 December, on 21 November: her programme's first day. */
  /** A new member on 21 November who saves her due date. */
  const memberDueOn = (dueDate: string) => clocked.memberDueOn(browser, dueDate);

  it("keeps her streak through one rest day, shown as a snowflake, and hides streaks when she asks, without JavaScript too", async () => {
    const { context, page } = await memberDueOn("2026-12-05");

    // Day one, then a day off: the streak still stands the morning after, and practising keeps it.
    await open(page, "/portal/program");
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Practice completed! 🌟");
    setClock("2026-11-23T10:00:00Z");
    await open(page, "/portal/program");
    await page.getByText("1 day streak").waitFor();
    await page.getByText("One rest day a week keeps your streak going").waitFor();
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Great job! Streak continued! 🔥");
    await expectToast(page, "Yesterday was your rest day, so you're on a 2 day streak!");
    await page.getByText("2 days streak").waitFor();
    await open(page, "/portal");
    expect(await page.getByRole("img", { name: "Rest day" }).count()).toBe(1);
    await page.getByText("A rest day: your streak went on while you rested.").waitFor();
    await expectAccessible(page);

    // Hide streaks, from a browser running no script: a plain form post.
    const cookies = await context.cookies();
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(cookies);
    const noScript = await plain.newPage();
    await noScript.goto(`${clocked.server.baseUrl}/portal/profile`);
    await noScript.getByLabel("Hide streaks").check();
    await noScript.getByRole("button", { name: "Save setting" }).click();
    // The answer's message is shown in a <noscript> banner, which Playwright's text locators skip.
    expect(await noScript.locator("body").innerText()).toContain(
      "Streaks hidden. Your practice still counts, quietly.",
    );
    expect(await noScript.getByLabel("Hide streaks").isChecked()).toBe(true);
    await plain.close();

    for (const path of ["/portal", "/portal/program", "/portal/profile"]) {
      await open(page, path);
      expect(await page.getByText(/\d+ days? streak/).count(), path).toBe(0);
      expect(await page.getByText("Badge:").count(), path).toBe(0);
      expect(await page.getByRole("img", { name: "Rest day" }).count(), path).toBe(0);
    }
    await context.close();
  });
});
