import { describe, expect, it } from "vitest";
import { expectToast } from "./support/accounts.ts";
import { expectAccessible, useBrowser } from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * The programme's edges, on a server whose clock the test moves forward: her baby's arrival, which
 * ends the streaks, and the weeks before the programme, with a gentle early plan or, joining late,
 * the labour essentials first.
 */
describe("before the programme, and after her baby", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-21T10:00:00Z");
  const { setClock, open } = clocked;

  const memberDueOn = (dueDate: string) => clocked.memberDueOn(browser, dueDate);

  it("marks her baby's arrival without JavaScript, then shows the congratulation and no streak, until she undoes it", async () => {
    const { context, page } = await memberDueOn("2026-12-05");
    await open(page, "/portal/program");
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Practice completed! 🌟");
    await page.getByText("1 day streak").waitFor();

    // Her baby comes early, on the 23rd; she tells us the next day, from a browser running no script.
    setClock("2026-11-24T10:00:00Z");
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noScript = await plain.newPage();
    await noScript.goto(`${clocked.server.baseUrl}/portal/profile`);
    // A day to come is refused beside the field, and changes nothing.
    await noScript.getByLabel("Date of birth").fill("2026-11-30");
    await noScript.getByRole("button", { name: "Share the news" }).click();
    await noScript.getByText("That day hasn't come yet. Please choose today or a day before it.").waitFor();
    expect(await noScript.getByRole("button", { name: "Undo" }).count()).toBe(0);
    await noScript.getByLabel("Date of birth").fill("2026-11-23");
    await noScript.getByLabel("Baby's name (optional)").fill("Ada");
    await noScript.getByRole("button", { name: "Share the news" }).click();
    // The answer's message is shown in a <noscript> banner, which Playwright's text locators skip.
    expect(await noScript.locator("body").innerText()).toContain(
      "Congratulations. Your portal has changed to suit these early days with your baby.",
    );
    await noScript.getByText("Ada was born on Monday 23 November").waitFor();
    await plain.close();

    // With JavaScript: the dashboard congratulates her first, invites her story, and counts nothing.
    await open(page, "/portal");
    await page.getByRole("heading", { name: "Congratulations on the arrival of Ada" }).waitFor();
    await page.getByText("Ada is 1 day old.").waitFor();
    expect(await page.getByRole("link", { name: "Read birth stories" }).getAttribute("href")).toBe(
      "/stories",
    );
    expect(await page.getByRole("heading", { name: "Today", exact: true }).count()).toBe(0);
    await expectAccessible(page);
    for (const path of ["/portal", "/portal/program", "/portal/profile"]) {
      await open(page, path);
      expect(await page.getByText(/\d+ days? streak/).count(), path).toBe(0);
      expect(await page.getByText("Badge:").count(), path).toBe(0);
      expect(await page.getByText(/Current streak|Longest streak/).count(), path).toBe(0);
      expect(await page.getByText(/days? to go|weeks? to go/i).count(), path).toBe(0);
    }
    // Her profile counts the baby's days instead.
    await page.getByText("Born Monday 23 November").waitFor();

    // Marked by mistake: undone, and her portal is as it was.
    await page.getByRole("button", { name: "Undo" }).click();
    await expectToast(page, "Undone. Your portal is back as it was before.");
    await open(page, "/portal");
    expect(await page.getByRole("heading", { name: /Congratulations/ }).count()).toBe(0);
    await page.getByRole("heading", { name: "Today", exact: true }).waitFor();
    await open(page, "/portal/program");
    await page.getByText("11 days to go").waitFor();
    await context.close();
  });
  it("offers a gentle early plan far from the programme, which she may start and put away, and the labour essentials to a late joiner", async () => {
    const { context, page } = await memberDueOn("2027-01-30");
    // An invitation first: the early plan is hers only if she chooses it.
    const invitation = page.getByRole("region", { name: "A gentle start, if you'd like one" });
    await invitation
      .getByText("Your two-week programme starts on Saturday 16 January and ends on your due date.")
      .waitFor();
    expect(await invitation.getByRole("listitem").count()).toBe(0);
    await expectAccessible(page);
    await invitation.getByRole("button", { name: "Start gently now" }).click();
    await expectToast(
      page,
      "Your gentle start begins. Three quiet sessions a week, until your programme starts.",
    );
    const plan = page.getByRole("region", { name: "Your gentle start" });
    await plan.waitFor();
    // Saturday 21 November is one of this week's three sessions, and the fourteen days begin two weeks before the due date.
    expect(await plan.getByRole("listitem").count()).toBe(3);
    await plan.getByText("Saturday 21 November (today)").waitFor();
    await plan
      .getByText("Your two-week programme starts on Saturday 16 January and ends on your due date.")
      .waitFor();
    expect(await plan.getByRole("button", { name: /^Listen to / }).count()).toBe(3);
    await expectAccessible(page);
    // Put away again, it's an invitation once more.
    await plan.getByRole("button", { name: "Put the early plan away" }).click();
    await expectToast(page, "Early plan put away. Your programme starts on its own day.");
    await invitation.getByRole("button", { name: "Start gently now" }).waitFor();

    await context.close();

    // Due a week from today: her fourteen days run past it, so the labour essentials come first.
    const { context: late, page: latePage } = await memberDueOn("2026-11-28");
    const essentials = latePage.getByRole("region", { name: "Labour essentials" });
    await essentials.waitFor();
    // A free member is offered only what she can play: the two Foundation tracks.
    expect(await essentials.getByRole("button", { name: /^Listen to / }).allTextContents()).toHaveLength(2);
    await essentials.getByRole("button", { name: "Listen to Affirmations One" }).waitFor();
    const headings = (await latePage.getByRole("heading", { level: 2 }).allTextContents()).map((h) =>
      h.trim(),
    );
    expect(headings).toContain("Your two-week schedule");
    expect(headings.indexOf("Labour essentials")).toBeLessThan(headings.indexOf("Your two-week schedule"));
    expect(await latePage.getByRole("region", { name: "A gentle start, if you'd like one" }).count()).toBe(0);
    await late.close();
  });
});
