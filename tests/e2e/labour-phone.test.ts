import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts.ts";
import { useServerWithClock } from "./support/clock-server.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";

/**
 * Labour mode on a 390 × 844 phone with the portal's bottom bar and the
 * player at the bottom, as she has it in labour: the running time and the
 * Stop button in sight under nothing fixed, settings that say whether they
 * are on, and a breathing circle the sticky tabs never cover.
 */
describe("labour mode on a phone, beside the bottom bar and the player", () => {
  const browser = useBrowser();

  /** A new member's labour screen, with a session playing in the player at the bottom. */
  async function labourWithPlayer() {
    const { context } = await signedInContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/portal/labour");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Music" }).click();
    await page.getByRole("button", { name: "Play Affirmations One" }).click();
    await page.getByRole("region", { name: "Audio player" }).waitFor();
    await page.getByRole("tab", { name: "Timer" }).click();
    // She comes back to the top of the screen, where the timer is.
    await page.evaluate(() => window.scrollTo(0, 0));
    return page;
  }

  /**
   * Where on `target` a fixed bar covers it, or it is off the screen: the points (its centre and
   * the middle of each edge, just inside) at which the page's topmost element is not `target`.
   */
  const hiddenPoints = (target: Locator) =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const inset = 3;
      const points = {
        centre: [box.left + box.width / 2, box.top + box.height / 2],
        top: [box.left + box.width / 2, box.top + inset],
        bottom: [box.left + box.width / 2, box.bottom - inset],
        left: [box.left + inset, box.top + box.height / 2],
        right: [box.right - inset, box.top + box.height / 2],
      } as const;
      return Object.entries(points)
        .filter(([, [x, y]]) => {
          if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return true;
          const top = document.elementFromPoint(x, y);
          return !top || !element.contains(top);
        })
        .map(([name]) => name);
    });

  it("keeps the running time and the whole Stop button on the screen, under nothing fixed, without scrolling", async () => {
    const page = await labourWithPlayer();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByText("Time contractions, breathe together", { exact: false }).waitFor();
    const start = page.getByRole("button", { name: "Start contraction" });
    expect(await hiddenPoints(start)).toEqual([]);

    await start.click();
    const timer = page.getByRole("timer", { name: "This contraction so far" });
    await timer.waitFor();
    // Once timing, the introduction makes way for the time and the button.
    await page
      .getByText("Time contractions, breathe together", { exact: false })
      .waitFor({ state: "hidden" });
    const stop = page.getByRole("button", { name: "Stop contraction" });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await hiddenPoints(timer)).toEqual([]);
    expect(await hiddenPoints(stop)).toEqual([]);

    await stop.click();
    await page
      .getByRole("status")
      .filter({ hasText: /^Contraction stopped/ })
      .waitFor();
    await page.getByText("Time contractions, breathe together", { exact: false }).waitFor();
    await page.context().close();
  });

  it("shows whether the dark screen is on, says what a tap does, and a tap turns the page bright", async () => {
    const page = await labourWithPlayer();
    const dark = page.getByRole("switch", { name: "Dark screen" });
    const surface = page.locator("main > div").first();
    const background = () => surface.evaluate((element) => getComputedStyle(element).backgroundColor);

    expect(await dark.getAttribute("aria-checked")).toBe("true");
    expect(await dark.innerText()).toMatch(/Dark screen\s+On/);
    await page.getByText("On: a dark page for a dim room. Tap for a bright page.").waitFor();
    expect(await dark.evaluate((element) => element.getAttribute("aria-describedby"))).toBeTruthy();
    expect(await background()).toBe("rgb(43, 34, 56)");

    await dark.click();
    await expect.poll(() => dark.getAttribute("aria-checked")).toBe("false");
    expect(await dark.innerText()).toMatch(/Dark screen\s+Off/);
    await page.getByText("Off: a bright page. Tap for a dark one, for a dim room.").waitFor();
    expect(await background()).not.toBe("rgb(43, 34, 56)");
    await expectAccessible(page);

    // The same kind of switch keeps the screen on (as it does at first), and says what the screen will do.
    const keepOn = page.getByRole("switch", { name: "Keep screen on" });
    expect(await keepOn.getAttribute("aria-checked")).toBe("true");
    expect(await keepOn.innerText()).toMatch(/Keep screen on\s+On/);
    await page.context().close();
  });

  it("opens the breathing guide with its circle below the sticky tabs, even when chosen far down the page", async () => {
    const page = await labourWithPlayer();
    // Down at the pattern settings, with the tabs stuck under the header.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const tabs = page.getByRole("tablist", { name: "Labour mode" });
    await page.getByRole("tab", { name: "Breathe" }).click();
    const circle = page.getByTestId("breath-circle");
    await circle.waitFor();

    const [tabsBottom, circleTop] = await Promise.all([
      tabs.evaluate((element) => element.getBoundingClientRect().bottom),
      circle.evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(circleTop).toBeGreaterThanOrEqual(tabsBottom);
    expect(await hiddenPoints(circle)).toEqual([]);
    await page.getByRole("button", { name: "Start breathing guide" }).waitFor();
    expect(await hiddenPoints(page.getByRole("button", { name: "Start breathing guide" }))).toEqual([]);
    await page.context().close();
  });
});

describe("the player's round play button, from the keyboard", () => {
  const browser = useBrowser();

  /** The focused element's outline and box shadow, and whether the browser draws its focus-visible look. */
  const focusLook = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return {
        name: element.getAttribute("aria-label"),
        focusVisible: element.matches(":focus-visible"),
        outline: `${style.outlineStyle} ${style.outlineWidth}`,
        outlineColor: style.outlineColor,
        ring: style.boxShadow,
      };
    });

  it("shows a strong focus ring on “Play today's practice” when tabbed to", async () => {
    const { context } = await signedInContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/portal");
    await waitForHydration(page);
    // The player shows a moment after the page's app starts: tabbing before it is there lands elsewhere.
    await page.getByRole("button", { name: /^Play today's practice: / }).waitFor();
    // The bottom bar's last item, then one Tab on: the player's round button.
    await page
      .getByRole("navigation", { name: "Portal shortcuts" })
      .getByRole("button", { name: "Sign Out" })
      .focus();
    await page.keyboard.press("Tab");
    const look = await focusLook(page);
    expect(look.name).toMatch(/^Play today's practice: /);
    expect(look.focusVisible).toBe(true);
    expect(look.outline).toBe("solid 3px");
    // Deep plum around it, on the player's white; apricot inside it, on its own plum.
    expect(look.outlineColor).toBe("rgb(69, 48, 90)");
    expect(look.ring).toContain("rgb(246, 180, 143)");
    await context.close();
  });
});

/**
 * The way into labour mode where she is: on her dashboard from week 36 of her pregnancy, and on her birth
 * partner's (the bottom bar's items are fixed, and the menu is two taps deep on a phone).
 */
describe("the way into labour mode on the dashboard", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-26T09:00:00Z");
  const wayIn = (page: Page) => page.getByRole("region", { name: "Labour mode" });

  it("is on her dashboard and her partner's from week 36, and takes her to labour mode", async () => {
    const her = await browser.newContext({ viewport: "phone" });
    const amara = await her.newPage();
    // Due in three weeks: week 37.
    await clocked.signUpDueOn(amara, "2026-12-17", "Amara Okafor");
    await wayIn(amara).waitFor();
    await expectAccessible(amara);

    const { his, page: sam } = await clocked.partnerJoins(amara, browser);
    await sam.getByRole("heading", { name: "Welcome, Sam" }).waitFor();
    await wayIn(sam).getByText("For when Amara's labour starts", { exact: false }).waitFor();
    await his.close();

    await clocked.open(amara, "/portal");
    await wayIn(amara).getByRole("link", { name: "Open labour mode" }).click();
    await amara.waitForURL((url) => url.pathname === "/portal/labour");
    await amara.getByRole("button", { name: "Start contraction" }).waitFor();
    await her.close();
  });

  it("is not on the dashboard of a member at 30 weeks", async () => {
    const context = await browser.newContext({ viewport: "phone" });
    const page = await context.newPage();
    // Due in ten weeks: week 30.
    await clocked.signUpDueOn(page, "2027-02-04");
    await page.getByRole("heading", { name: /^Welcome, / }).waitFor();
    await page.getByRole("region", { name: /^(Today|Before your programme)$/ }).waitFor();
    expect(await wayIn(page).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Open labour mode" }).count()).toBe(0);
    await context.close();
  });
});
