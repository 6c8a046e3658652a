import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { makePremium, signedInPage, withServerDatabase } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";

/**
 * The server keeps each member's rendered pages until something they show
 * changes (server/member-page-cache.ts). Whatever changes a member's data,
 * a form in another browser or the database itself, their next page view
 * shows it, and no member ever sees another's page.
 */
describe("a member's pages stay current", () => {
  const browser = useBrowser();

  const heading = (page: Page) => page.getByRole("heading", { level: 1 }).first().textContent();
  const fearRelease = (page: Page) => page.getByText(/Fear Release\s*: in the Complete Course/);

  it("shows a change made elsewhere at the next page view, and each member only their own page", async () => {
    const { page, email } = await signedInPage(browser, { name: "Iris Calder" });
    await page.goto("/portal/library");
    await page.goto("/portal/library");
    expect(await fearRelease(page).count()).toBe(1);

    // Premium granted as a verified payment grants it, straight in the database.
    await makePremium(email);
    await page.goto("/portal/library");
    expect(await fearRelease(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Play Fear Release" }).count()).toBe(1);

    // The member's name, changed in the database, shows on the next dashboard view.
    await page.goto("/portal");
    expect(await heading(page)).toContain("Iris");
    await withServerDatabase((db) =>
      db.updateTable("user").set({ name: "Iona Calder" }).where("email", "=", email).execute(),
    );
    await page.goto("/portal");
    expect(await heading(page)).toContain("Iona");

    // Another member, on the same pages at the same time, sees their own.
    const { page: other } = await signedInPage(browser, { name: "Wren Ashby" });
    expect(await heading(other)).toContain("Wren");
    await other.goto("/portal/library");
    expect(await fearRelease(other).count()).toBe(1);
    await page.goto("/portal");
    expect(await heading(page)).toContain("Iona");
  });
});
