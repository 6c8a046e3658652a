import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, signedInContext } from "./support/accounts.ts";
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
});
