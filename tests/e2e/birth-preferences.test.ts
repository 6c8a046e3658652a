import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../support/pdf-text.ts";
import { expectToast, signInOverHttp, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * The birth preferences, as the couple meet them: she writes hers section by
 * section, saved as she goes; her birth partner reads them in his own account
 * and comments; she resolves the comment, prints the plan as a PDF and brings
 * back an earlier version. And without JavaScript, the plan is a plain form.
 */
describe("birth preferences", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-26T09:00:00Z");
  const PLAN = "/portal/birth-preferences";

  const section = (page: Page, title: string) => page.getByRole("group", { name: title });
  const savedState = (page: Page) => page.getByRole("status").filter({ hasText: /Saved/ });

  /** She and her partner, linked through an invitation he accepts in his own account. */
  async function couple(): Promise<{ her: BrowserContext; amara: Page; his: BrowserContext; sam: Page }> {
    const her = await browser.newContext();
    const amara = await her.newPage();
    await clocked.signUpDueOn(amara, "2027-03-14", "Amara Okafor");
    const { his, page: sam } = await clocked.partnerJoins(amara, browser);
    return { her, amara, his, sam };
  }

  // One couple through the whole story, a step per test (each needs the steps before it).
  describe("her plan, her partner's comment, the PDF and an earlier version", () => {
    let her: BrowserContext, amara: Page, his: BrowserContext, sam: Page;
    beforeAll(async () => {
      ({ her, amara, his, sam } = await couple());
      return async () => {
        await her.close();
        await his.close();
      };
    });

    it("saves her first sitting as she goes, kept across a reload", async () => {
      // Her first sitting: ticks and a note, saved without a button, kept across a reload.
      await clocked.open(amara, PLAN);
      await amara.getByRole("heading", { name: "Birth preferences", level: 1 }).waitFor();
      await section(amara, "Environment").getByLabel("Dim lights").check();
      await section(amara, "Environment").getByLabel("Your note").fill("Please knock before coming in.");
      await section(amara, "Plan C: caesarean birth").getByLabel("Skin to skin in theatre").check();
      await savedState(amara).waitFor();
      await clocked.open(amara, PLAN);
      expect(await section(amara, "Environment").getByLabel("Dim lights").isChecked()).toBe(true);
      expect(await section(amara, "Environment").getByLabel("Your note").inputValue()).toBe(
        "Please knock before coming in.",
      );
      await expectAccessible(amara);
    });

    it("keeps what she types with no signal on the device, and saves it once the signal is back", async () => {
      // With no signal, what she types is kept on the device and saved once the signal is back.
      await her.setOffline(true);
      await section(amara, "Monitoring").getByLabel("Your note").fill("Wireless monitor if possible.");
      await amara
        .getByRole("status")
        .filter({
          hasText: "Saved on this device. It will be saved to your account when you're back online.",
        })
        .waitFor();
      await her.setOffline(false);
      await amara.evaluate(() => window.dispatchEvent(new Event("online")));
      await expect
        .poll(() =>
          withServerDatabase(
            (db) =>
              db
                .selectFrom("birth_plan_versions")
                .innerJoin("user", "user.id", "birth_plan_versions.user_id")
                .select("content")
                .where("user.name", "=", "Amara Okafor")
                .orderBy("number", "desc")
                .executeTakeFirst()
                .then((row) => row?.content ?? ""),
            clocked.server,
          ),
        )
        .toContain("Wireless monitor if possible.");
    });

    it("saves a second sitting as a new version, which her partner reads and comments on", async () => {
      // Half an hour later, a second sitting changes her mind: a new version.
      clocked.setClock("2026-11-26T09:40:00Z");
      await clocked.open(amara, PLAN);
      await section(amara, "Environment").getByLabel("Dim lights").uncheck();
      await section(amara, "Environment").getByLabel("My own music or hypnobirthing tracks").check();
      await savedState(amara).waitFor();

      // Her partner reads the plan as it is now, and comments on a section.
      await clocked.open(sam, "/portal");
      await sam.getByRole("link", { name: "Birth preferences" }).first().click();
      await sam.waitForURL((url) => url.pathname === PLAN);
      await waitForHydration(sam);
      await sam.getByText("My own music or hypnobirthing tracks").first().waitFor();
      expect(await sam.getByRole("checkbox").count()).toBe(0);
      const comment = sam.getByLabel("Comment for Amara on Environment");
      await comment.fill("Shall I make the playlist?");
      await sam.getByRole("button", { name: "Add comment" }).first().click();
      await expectToast(sam, "Your comment is added.");
      await expectAccessible(sam);
    });

    it("shows her the comment beside its section, and she resolves it", async () => {
      // She sees it beside the section and resolves it.
      await clocked.open(amara, PLAN);
      await amara.getByText("Shall I make the playlist?").waitFor();
      await amara.getByRole("button", { name: "Resolve" }).click();
      await expectToast(amara, "Comment resolved.");
      await amara.getByText("Resolved", { exact: true }).first().waitFor();
    });

    it("prints a real PDF with her choices, her first name and the month she is due", async () => {
      // The PDF: a real one, with her choices, her first name and the month she is due.
      const response = await amara.request.get(`${clocked.server.baseUrl}${PLAN}.pdf`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      const pdf = await pdfText(await response.body());
      expect(pdf.text).toContain("My own music or hypnobirthing tracks");
      expect(pdf.text).toContain("Skin to skin in theatre");
      expect(pdf.text).toContain("Please knock before coming in.");
      expect(pdf.text).toContain("Amara");
      expect(pdf.text).toContain("March 2027");
      expect(pdf.text).not.toContain("Dim lights");
      expect(pdf.tagged).toBe(true);
    });

    it("shows the plan alone in the print view, accessible", async () => {
      // The print view: the plan alone, accessible.
      await clocked.open(amara, `${PLAN}/print`);
      await amara.getByText("My own music or hypnobirthing tracks").first().waitFor();
      await expectAccessible(amara);
    });

    it("brings back her first version, keeping what she had as a version too", async () => {
      // She brings back her first version; what she had is kept as a version too.
      await clocked.open(amara, PLAN);
      await amara.getByText(/Earlier versions/).click();
      await amara.getByRole("button", { name: "Restore version 1" }).click();
      await expectToast(amara, "Version 1 is restored.");
      expect(await section(amara, "Environment").getByLabel("Dim lights").isChecked()).toBe(true);
      expect(
        await section(amara, "Environment").getByLabel("My own music or hypnobirthing tracks").isChecked(),
      ).toBe(false);
      const versions = await withServerDatabase(
        (db) =>
          db
            .selectFrom("birth_plan_versions")
            .innerJoin("user", "user.id", "birth_plan_versions.user_id")
            .select(["number", "restored_from"])
            .where("user.name", "=", "Amara Okafor")
            .orderBy("number")
            .execute(),
        clocked.server,
      );
      expect(versions).toEqual([
        { number: 1, restored_from: null },
        { number: 2, restored_from: null },
        { number: 3, restored_from: 1 },
      ]);
    });
  });

  it("is a plain form without JavaScript: a save, and a clear message for a choice it doesn't know", async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await signInOverHttp(noScript, { server: clocked.server });
    const plain = await noScript.newPage();
    await plain.goto(`${clocked.server.baseUrl}${PLAN}`);
    await section(plain, "Feeding and the first hour").getByRole("checkbox").first().check();
    await section(plain, "Monitoring").getByLabel("Your note").fill("Ask me before any monitoring.");
    await plain.getByRole("button", { name: /Save/ }).first().click();
    await plain.waitForURL((url) => url.pathname === PLAN);
    // The answer's message is shown in a <noscript> banner, which Playwright's text locators skip.
    expect(await plain.locator("body").innerText()).toContain("Your birth preferences are saved.");
    expect(await section(plain, "Monitoring").getByLabel("Your note").inputValue()).toBe(
      "Ask me before any monitoring.",
    );
    expect(await section(plain, "Feeding and the first hour").getByRole("checkbox").first().isChecked()).toBe(
      true,
    );

    // A forged choice is refused with a message, and the plan stays as it was.
    const forged = await plain.request.post(`${clocked.server.baseUrl}${PLAN}`, {
      form: { intent: "save-plan", via: "form", choice: "environment.fireworks" },
      headers: { origin: clocked.server.baseUrl },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("That choice isn&#x27;t one of the plan&#x27;s.");
    await plain.reload();
    expect(await section(plain, "Monitoring").getByLabel("Your note").inputValue()).toBe(
      "Ask me before any monitoring.",
    );
    await noScript.close();
  });
});
