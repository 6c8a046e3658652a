import type { BrowserContext, Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, signedInContext } from "./support/accounts.ts";
import { expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

/**
 * Labour mode on a phone, as a birth partner uses it: found in the portal's
 * menu, contractions timed with one button (on the browser's own clock,
 * which the test moves), kept on the device through a reload and saved to
 * her account for another phone, and every control reachable from the
 * keyboard.
 */
describe("labour mode, on a phone", () => {
  const browser = useBrowser();
  let cookies: Cookie[];

  beforeAll(async () => {
    const { context } = await signedInContext(browser, { name: "Amara Okafor" });
    cookies = await context.cookies();
    await context.close();
  });

  async function memberContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: "phone" });
    await context.addCookies(cookies);
    return context;
  }

  /** Waits for the screen's live region to say `text`. */
  const said = (page: Page, text: string | RegExp) =>
    page.getByRole("status").filter({ hasText: text }).waitFor();
  /** The list's rows, newest first: began, lasted, apart. */
  const rows = (page: Page) =>
    page
      .getByRole("table")
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].slice(1, 3).map((td) => td.textContent?.trim())),
      );

  it("times two contractions, lists them, and keeps them through a reload", async () => {
    const context = await memberContext();
    const page = await context.newPage();
    // The page's clock is the browser's: the test holds it still and moves it on.
    await page.clock.install({ time: Date.now() });
    await page.goto("/portal");
    await waitForHydration(page);

    // Reached from the portal's menu.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Labour mode" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/labour");
    await expectHeading(page, "Labour mode");
    await page.getByText("None yet. Press Start when one begins, and Stop when it fades.").waitFor();

    // Dark by default: the screen is drawn on the design's ink.
    const background = await page
      .locator("main > div")
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe("rgb(43, 34, 56)");

    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Start contraction" }).click();
    await said(page, /^Contraction started at \d\d:\d\d\.$/);
    await page.clock.fastForward(65_000);
    await expect.poll(() => page.getByRole("timer").textContent()).toBe("1:05");
    await page.getByRole("button", { name: "Stop contraction" }).click();
    await said(page, "Contraction stopped. It lasted 1 min 5 sec.");

    await page.clock.fastForward(265_000);
    await page.getByRole("button", { name: "Start contraction" }).click();
    await page.clock.fastForward(58_000);
    await page.getByRole("button", { name: "Stop contraction" }).click();
    await said(page, "Contraction stopped. It lasted 58 sec, 5 min 30 sec after the one before.");
    await page.clock.resume();

    const timed = [
      ["58 sec", "5 min 30 sec"],
      ["1 min 5 sec", "–"],
    ];
    expect(await rows(page)).toEqual(timed);
    await expectAccessible(page);

    // Kept on the device: a reload finds them.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("table").waitFor();
    expect(await rows(page)).toEqual(timed);

    // Every control on the timer's page is at least 48 px each way.
    const small = await page
      .getByRole("main")
      .locator("button, select, summary")
      .evaluateAll((controls) =>
        controls
          .filter((control) => (control as HTMLElement).offsetParent !== null)
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return box.width < 48 || box.height < 48;
          })
          .map((control) => control.getAttribute("aria-label") ?? control.textContent),
      );
    expect(small).toEqual([]);
    await context.close();
  });

  it("is operated from the keyboard: the timer, the tabs and the affirmations", async () => {
    // A member of its own: another test's timings, saved to the shared member's account, would show here.
    const { context } = await signedInContext(browser, { name: "Efua Boateng", viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/portal/labour");
    await waitForHydration(page);
    await expectHeading(page, "Labour mode");

    const start = page.getByRole("button", { name: "Start contraction" });
    await start.focus();
    await page.keyboard.press("Enter");
    await said(page, /^Contraction started at/);
    // The same button, now Stop, keeps focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Stop contraction");
    await page.keyboard.press("Space");
    await said(page, /^Contraction stopped/);

    const timerTab = page.getByRole("tab", { name: "Timer" });
    await timerTab.focus();
    await page.keyboard.press("ArrowRight");
    const breathe = page.getByRole("tab", { name: "Breathe" });
    expect(await breathe.getAttribute("aria-selected")).toBe("true");
    expect(await breathe.evaluate((tab) => tab === document.activeElement)).toBe(true);
    // The timer stays one tap (or key) away.
    await page.getByRole("button", { name: "Start contraction" }).waitFor();
    await page.getByRole("button", { name: "Start breathing guide" }).click();
    // Reduced motion (as this browser asks): the counts carry the rhythm in words.
    await page.getByText("Breathe in", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Stop breathing guide" }).click();

    await breathe.focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Affirmations" }).getAttribute("aria-selected")).toBe("true");
    const viewer = page.getByRole("region", { name: "Affirmation" }).first();
    await viewer.getByText("I can do this one wave at a time.").waitFor();
    await viewer.getByRole("button", { name: "Next affirmation" }).focus();
    await page.keyboard.press("ArrowRight");
    await viewer.getByText("Every wave rises, peaks and passes.").waitFor();
    await page.keyboard.press("ArrowLeft");
    await viewer.getByText("I can do this one wave at a time.").waitFor();

    // Full screen, closed with Escape, focus back on the button that opened it.
    const fullScreen = page.getByRole("button", { name: "Show full screen" });
    await fullScreen.click();
    const dialog = page.getByRole("dialog", { name: "Affirmations: One wave at a time" });
    await dialog.waitFor();
    await page.keyboard.press("ArrowRight");
    await dialog.getByText("Every wave rises, peaks and passes.").waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await fullScreen.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.getByRole("tab", { name: "Affirmations" }).focus();
    await page.keyboard.press("End");
    expect(await page.getByRole("tab", { name: "Music" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("button", { name: "Play Affirmations One" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("saves her timings to her account, and shows them on a new phone she signs in on", async () => {
    const { context: first, email } = await signedInContext(browser, {
      name: "Grace Mensah",
      viewport: "phone",
    });
    const page = await first.newPage();
    await page.goto("/portal/labour");
    await waitForHydration(page);
    await page.getByText("None yet. Press Start when one begins, and Stop when it fades.").waitFor();

    await page.getByRole("button", { name: "Start contraction" }).click();
    await said(page, /^Contraction started at/);
    await page.getByRole("button", { name: "Stop contraction" }).click();
    await said(page, /^Contraction stopped/);
    await page.getByText("Saved to your account", { exact: true }).waitFor();
    const began = await page.getByRole("table").locator("tbody tr td").first().textContent();
    const timed = await rows(page);
    expect(timed).toHaveLength(1);
    await first.close();

    // A new phone, with nothing of hers on it: she signs in with her password.
    const second = await browser.newContext({ viewport: "phone" });
    const phone = await second.newPage();
    await phone.goto("/auth?tier=signin");
    await waitForHydration(phone);
    await phone.getByLabel("Email").fill(email);
    await phone.getByLabel("Password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Sign In" }).click();
    await phone.waitForURL((url) => url.pathname === "/portal");
    await phone.goto("/portal/labour");
    await waitForHydration(phone);
    await phone.getByRole("table").waitFor();
    expect(await phone.getByRole("table").locator("tbody tr td").first().textContent()).toBe(began);
    expect(await rows(phone)).toEqual(timed);
    await phone.getByText("Saved to your account", { exact: true }).waitFor();
    await second.close();
  });
});
