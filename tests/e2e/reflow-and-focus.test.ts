import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD, expectToast, signedInContext, uniqueEmail } from "./support/accounts.ts";
import { useBrowser, waitForHydration } from "./support/browser.ts";

/** Two boxes on screen overlap. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("Not on screen");
  return found;
}

/** Waits for the toast saying `text` to be in its place, and gives its box with the page at its top. */
async function toastBox(page: Page, text: string) {
  await expectToast(page, text);
  await page.evaluate(() => window.scrollTo(0, 0));
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: text }).first();
  await toast.waitFor();
  return box(toast);
}

/**
 * Where the product's pieces meet, at the widths they are used at: toasts that leave the page's heading
 * and the phone's bars in sight, words that promise only what there is, pages that reflow at 320 px,
 * and keyboard focus that lands somewhere meaningful after each action and each move between pages.
 */
describe("where the features meet", () => {
  const browser = useBrowser();

  describe("toasts", () => {
    for (const viewport of ["phone", "desktop"] as const) {
      it(`leave the page's heading, the bottom bar and the player in sight (${viewport})`, async () => {
        const { context } = await signedInContext(browser, { name: "Maya Lindqvist", viewport });
        const page = await context.newPage();
        await page.goto("/portal");
        await waitForHydration(page);
        await page
          .getByLabel("Your due date")
          .fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
        await page.getByRole("button", { name: "Save my date" }).click();
        const dated = await toastBox(page, "Date saved! Welcome to your journey 💝");
        expect(
          overlap(dated, await box(page.getByRole("heading", { level: 1, name: "Welcome, Maya" }))),
        ).toBe(false);
        const player = await box(page.getByRole("region", { name: "Today's practice", exact: true }));
        expect(overlap(dated, player)).toBe(false);
        if (viewport === "phone") {
          expect(overlap(dated, await box(page.getByRole("navigation", { name: "Portal shortcuts" })))).toBe(
            false,
          );
        }

        await page.goto("/portal/program");
        await waitForHydration(page);
        await page.getByRole("button", { name: "Mark as Complete" }).click();
        const practised = await toastBox(page, "Practice completed! 🌟");
        expect(
          overlap(practised, await box(page.getByRole("heading", { level: 1, name: "Your programme" }))),
        ).toBe(false);
        await context.close();
      });
    }
  });

  describe("words", () => {
    it("sells in the Complete Course's card only what the free course doesn't give", async () => {
      const page = await browser.newPage({ viewport: "phone" });
      await page.goto("/course");
      const complete = page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: "Complete Course" }) });
      await complete.getByText("Partner sessions your birth partner can play on their own account").waitFor();
      expect(await complete.getByText(/read-only link/).count()).toBe(0);
      await page.context().close();
    });

    it("introduces the resource centre with only the kinds there are to open", async () => {
      const { context } = await signedInContext(browser, { viewport: "phone" });
      const page = await context.newPage();
      await page.goto("/portal/resources");
      const intro = page.getByText(/gathered in one place/);
      await intro.waitFor();
      // Every video is still "Coming soon": no Videos filter, and no videos promised.
      expect(
        await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Videos" }).count(),
      ).toBe(0);
      expect(await intro.textContent()).toMatch(/^Guides, answers and articles, gathered in one place\./);
      await context.close();
    });
  });

  describe("the library on a phone", () => {
    it("keeps each session's title to two lines and shows the search box's placeholder whole", async () => {
      const { context } = await signedInContext(browser, { viewport: "phone", premium: true });
      const page = await context.newPage();
      await page.goto("/portal/library");
      await waitForHydration(page);
      const titles = page.getByRole("main").getByRole("button", { name: /^Play / });
      expect(await titles.count()).toBeGreaterThanOrEqual(9);
      for (const title of await titles.all()) {
        const lines = await title.evaluate(
          (element) =>
            element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
        );
        expect(lines, (await title.textContent()) ?? "").toBeLessThanOrEqual(2.05);
      }
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        const room = await page
          .getByRole("searchbox", { name: "Search sessions" })
          .evaluate((input: HTMLInputElement) => {
            const style = getComputedStyle(input);
            const context = document.createElement("canvas").getContext("2d")!;
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = context.measureText(input.placeholder).width;
            const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return inside - text;
          });
        expect(room, `at ${width} px`).toBeGreaterThanOrEqual(0);
      }
      await context.close();
    });
  });

  describe("the sign-up page", () => {
    it("shows a signed-in member buying the course no tab to sign in", async () => {
      const { context } = await signedInContext(browser, { viewport: "phone" });
      const page = await context.newPage();
      await page.goto("/auth?tier=premium");
      await page.getByRole("heading", { level: 1, name: "The Complete Course" }).waitFor();
      expect(await page.getByRole("navigation", { name: "Choose how to start" }).count()).toBe(0);
      expect(
        await page
          .getByRole("main")
          .getByRole("link", { name: /^Sign In/ })
          .count(),
      ).toBe(0);
      await context.close();
    });

    it("offers, once the email is sent, only what to do with it: no other ways in", async () => {
      const page = await browser.newPage({ viewport: "phone" });
      await page.goto("/auth?tier=free");
      await waitForHydration(page);
      const others = page.getByRole("group", { name: "Continue with another account" });
      await others.waitFor();
      await page.getByLabel("Your name").fill("Maya Lindqvist");
      await page.getByLabel("Email").fill(uniqueEmail());
      await page.getByLabel("Choose a password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create free account" }).click();
      await page.getByRole("heading", { name: "Check your email" }).waitFor();
      expect(await others.count()).toBe(0);
      expect(await page.getByText("or continue with").count()).toBe(0);
      await page.context().close();
    });
  });

  describe("reflow at 320 px (WCAG 1.4.10)", () => {
    const noSideways = async (page: Page, path: string) => {
      await page.goto(path);
      await page.locator("h1").first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(320);
    };

    it("scrolls no public page sideways", async () => {
      const page = await browser.newPage({ viewport: "phone" });
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of ["/", "/course", "/auth?tier=free", "/auth?tier=premium", "/auth?tier=signin"]) {
        await noSideways(page, path);
      }
      await page.context().close();
    });

    it("scrolls no portal page sideways, the Complete Course's checkout included", async () => {
      const { context } = await signedInContext(browser, { viewport: "phone" });
      const page = await context.newPage();
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of [
        "/auth?tier=premium",
        "/portal",
        "/portal/profile",
        "/portal/program",
        "/portal/library",
        "/portal/resources",
        "/portal/birth-preferences",
        "/portal/contact",
      ]) {
        await noSideways(page, path);
      }
      await context.close();
    });
  });

  describe("keyboard focus after each action and each move", () => {
    /** What has focus: its tag, role and text, to compare with what the member should be on. */
    const focused = (page: Page) =>
      page.evaluate(() => {
        const element = document.activeElement;
        return {
          tag: element?.tagName.toLowerCase() ?? "none",
          role: element?.getAttribute("role") ?? null,
          text: element?.textContent?.trim() ?? "",
        };
      });

    it("lands on the saved date, on the day marked done, and on each new page's heading", async () => {
      const { context } = await signedInContext(browser, { name: "Maya Lindqvist", viewport: "phone" });
      const page = await context.newPage();
      await page.goto("/portal");
      await waitForHydration(page);

      // The dashboard's date: Enter in the picker saves it, and focus goes to the date as saved.
      const picker = page.getByLabel("Your due date");
      await picker.fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole("button", { name: "Save my date" }).focus();
      await page.keyboard.press("Enter");
      await expectToast(page, "Date saved! Welcome to your journey 💝");
      await expect
        .poll(() => focused(page))
        .toMatchObject({ tag: "a", text: expect.stringMatching(/^Due /) });

      // Following that link by keyboard: focus starts on the profile's heading.
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/portal\/profile$/);
      await expect.poll(() => focused(page)).toEqual({ tag: "h1", role: null, text: "Your profile" });

      // The profile's date: Enter saves it, and focus goes to the date it now shows.
      await page.getByRole("button", { name: /Change due date/ }).focus();
      await page.keyboard.press("Enter");
      await page.getByLabel(/New date/).waitFor();
      await page.keyboard.type("14/Dec");
      await page.keyboard.press("Enter");
      await expectToast(page, "✨ Due date updated!");
      await expect
        .poll(() => focused(page))
        .toMatchObject({ tag: "p", text: expect.stringMatching(/14 December/) });

      // The bottom bar's Library, by keyboard: focus on its heading, not the link or the body.
      await page
        .getByRole("navigation", { name: "Portal shortcuts" })
        .getByRole("link", { name: "Library" })
        .focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/portal\/library$/);
      await expect.poll(() => focused(page)).toEqual({ tag: "h1", role: null, text: "Your library" });

      // The menu's Programme, by keyboard: the menu closes and focus is on the programme's heading.
      await page.getByRole("button", { name: "Open menu" }).focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("dialog", { name: "Menu" });
      await menu.getByRole("link", { name: "Programme" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/portal\/program$/);
      await expect.poll(() => focused(page)).toEqual({ tag: "h1", role: null, text: "Your programme" });

      // Mark as Complete: its button goes, and focus is on what took its place.
      await page.getByRole("button", { name: "Mark as Complete" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => focused(page)).toMatchObject({ tag: "p", text: "Done for today" });
      await expectToast(page, "Practice completed! 🌟");
      expect(await focused(page)).toMatchObject({ tag: "p", text: "Done for today" });
      await context.close();
    });

    it("lands on the word about the save after saving the birth preferences, and on the heading from the sidebar", async () => {
      const { context } = await signedInContext(browser, { viewport: "desktop" });
      const page = await context.newPage();
      await page.goto("/portal");
      await waitForHydration(page);
      await page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("link", { name: "Birth preferences" })
        .focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/portal\/birth-preferences$/);
      await expect.poll(() => focused(page)).toEqual({ tag: "h1", role: null, text: "Birth preferences" });

      await page.getByRole("group", { name: "Environment" }).getByLabel("Dim lights").focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Save my preferences" }).focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => focused(page))
        .toMatchObject({ tag: "div", role: "status", text: expect.stringMatching(/saved/i) });
      await context.close();
    });
  });
});
