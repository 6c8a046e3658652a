import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, signedInContext, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";

/**
 * One truth about her progress, at phone width: whatever she does, her
 * dashboard, programme page, profile and her partner's link show the same
 * figures; a day still to come can't be done; and before her programme a
 * member who has paid practises with what she bought.
 */
describe("her progress, the same on every page", () => {
  const browser = useBrowser();
  const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** A programme form posted from her page, as a forged request would be: the server's answer. */
  const post = (page: Page, path: string, form: Record<string, string>) =>
    page.evaluate(
      async ({ path, form }) => {
        const response = await fetch(path, { method: "POST", body: new URLSearchParams(form) });
        return { status: response.status, text: await response.text() };
      },
      { path, form },
    );

  /** The figures each page shows, read as she reads them. */
  async function figures(page: Page) {
    await page.goto("/portal");
    await waitForHydration(page);
    const dashboardDays = await page
      .getByText(/\d+ of 14 days done/)
      .first()
      .textContent();
    await page.goto("/portal/profile");
    // The figures, without their label: hers say "Completed sessions", her partner's "Amara's completed sessions".
    const figures = async () =>
      (
        await page
          .locator("dt", { hasText: /completed sessions/i })
          .locator("..")
          .locator("dd")
          .allTextContents()
      ).join(" · ");
    const profile = await figures();
    const share = await post(page, "/portal/profile", { intent: "create-share-link" });
    const token = /\/shared\/([A-Za-z0-9_-]{43})/.exec(share.text)?.[1];
    await page.goto(`/shared/${token}`);
    await page.locator("dt", { hasText: /'s completed sessions/ }).waitFor();
    const partner = await figures();
    return { dashboardDays, profile, partner };
  }

  it("before her programme, a premium member practises with the Complete Course, can't tick a day to come, and every page counts her practice alike", async () => {
    const { context, email } = await signedInContext(browser, { premium: true, viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/portal");
    // 33 weeks: due in 53 days, her programme 39 days away.
    expect(
      (await post(page, "/portal?index", { intent: "save-date", mode: "due", date: daysFromToday(53) }))
        .status,
    ).toBe(200);

    // The dashboard opens with the early plan and its guidance, and today's session is from the Complete Course.
    await page.goto("/portal");
    await waitForHydration(page);
    const headings = await page.locator("main h2").allTextContents();
    expect(headings.indexOf("A gentle start, if you'd like one")).toBeLessThan(
      headings.indexOf("Before your programme"),
    );
    await page.getByText(/play Prepare for Birth most days, as the course suggests/).waitFor();
    await page.getByText("Until then, practise with your Complete Course. Today's session:").waitFor();
    const today = page.getByRole("region", { name: "Before your programme" });
    expect(await today.getByRole("button", { name: /Affirmations (One|Two)/ }).count()).toBe(0);
    await expectAccessible(page);

    // Day 1, 39 days ahead: its box is closed, and says when it opens.
    await page.goto("/portal/program");
    await waitForHydration(page);
    const dayOne = page.getByRole("checkbox", { name: /Day 1: Pregnancy Relaxation/ });
    expect(await dayOne.isDisabled()).toBe(true);
    await page
      .getByText(/^Opens on /)
      .first()
      .waitFor();

    // A forged tick for it is refused with the date, and changes nothing.
    const dayOneRow = () =>
      withServerDatabase((db) =>
        db
          .selectFrom("program_schedule")
          .innerJoin("user", "user.id", "program_schedule.user_id")
          .select(["program_schedule.id", "program_schedule.completed"])
          .where("user.email", "=", email)
          .where("program_schedule.week_number", "=", 1)
          .where("program_schedule.day_of_week", "=", 1)
          .executeTakeFirstOrThrow(),
      );
    const { id: rowId } = await dayOneRow();
    const forged = await post(page, "/portal/program", {
      intent: "toggle-activity",
      rowId,
      completed: "true",
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("That day opens on");
    expect(Boolean((await dayOneRow()).completed)).toBe(false);
    await page.reload();
    expect(await page.getByText("0 of 14 days done").count()).toBeGreaterThan(0);

    // Today's practice: the same figures everywhere.
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Practice completed! 🌟");
    await page.getByText("Done for today").waitFor();
    const seen = await figures(page);
    expect(seen.dashboardDays).toBe("0 of 14 days done");
    expect(seen.profile).toBe("1 · 0 of 14 programme days done");
    expect(seen.partner).toBe(seen.profile);
    await page.goto("/portal/profile");
    await page.getByText("First Listen").first().waitFor();
    expect(await page.getByText("Your first is one session away").count()).toBe(0);
    // Her practised session is ticked in Audio progress.
    await page.goto("/portal");
    const ticked = page
      .getByRole("region", { name: "Audio progress" })
      .getByRole("checkbox", { checked: true });
    expect(await ticked.count()).toBe(1);
    await context.close();
  });

  it("counts today's practice done before she has chosen a date as day 1, on every page", async () => {
    const { context } = await signedInContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/portal/program");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Practice completed! 🌟");
    const seen = await figures(page);
    expect(seen.dashboardDays).toBe("1 of 14 days done");
    expect(seen.profile).toBe("1 · 1 of 14 programme days done");
    expect(seen.partner).toBe(seen.profile);
    await page.goto("/portal/program");
    await page.getByText("1 of 14 days done").first().waitFor();
    await page.goto("/portal");
    const ticked = page
      .getByRole("region", { name: "Audio progress" })
      .getByRole("checkbox", { checked: true });
    expect(await ticked.count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });
});
