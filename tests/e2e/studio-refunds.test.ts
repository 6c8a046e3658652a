import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { localOutbox } from "../support/mailbox.ts";
import { unusedTotpCode } from "../support/totp.ts";
import { expectToast, payByDemoCard, signedInPage, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";

/** Where the screenshots a run takes are kept (test-results/, not committed). */
const SHOTS = path.resolve("test-results/studio-refunds");

describe("a refund from the studio", () => {
  const browser = useBrowser();

  // Two members' pages and the owner's, and a wait for the authenticator's next code: longer than most.
  it("is made from her page through a confirmation that names her and the amount, after the code, and emails her", async () => {
    const { page: memberPage, email: memberEmail } = await signedInPage(browser, { name: "Aoife Murphy" });
    await payByDemoCard(memberPage);
    const memberId = await withServerDatabase(
      async (db) =>
        (await db.selectFrom("user").select("id").where("email", "=", memberEmail).executeTakeFirstOrThrow())
          .id,
    );
    const { email: ownerEmail, page: owner, key, step } = await enrolledOwner(browser);

    // Her message from the portal: its conversation offers the refund, and Cancel goes back to it.
    await memberPage.goto("/portal/contact");
    await waitForHydration(memberPage);
    await memberPage.getByLabel("Your message").fill("Could I have my money back, please?");
    await memberPage.getByRole("button", { name: "Send message" }).click();
    await memberPage.getByRole("status").filter({ hasText: "Thank you!" }).waitFor();
    await owner.goto("/studio/inbox");
    await owner
      .getByRole("list", { name: "Conversations" })
      .getByRole("listitem")
      .filter({ hasText: memberEmail })
      .getByRole("link", { name: "Aoife Murphy", exact: true })
      .click();
    await owner.getByRole("heading", { name: "Aoife Murphy", level: 1 }).waitFor();
    const thread = new URL(owner.url()).pathname;
    await owner.getByRole("link", { name: "Refund €27…" }).click();
    await owner.getByRole("heading", { name: "Refund €27 to Aoife Murphy?", level: 1 }).waitFor();
    await owner.getByRole("link", { name: "Cancel" }).click();
    await owner.waitForURL((url) => url.pathname === thread);

    // Eleven minutes on (the check's time moved back in the database), she opens the member's page.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", ownerEmail))
        .execute(),
    );
    await owner.goto(`/studio/members/${memberId}`);
    await waitForHydration(owner);
    // Taking premium back says it returns no money; the refund is her payment's own action.
    await owner.getByRole("heading", { name: "Take premium back, without a refund" }).waitFor();
    await owner.getByText(/returns no money\. To give her €27 back, refund her payment/).waitFor();
    const purchases = owner.getByRole("region", { name: "Purchases" });
    await purchases.getByText(/€27 by card · Paid .* · 30 days left of the 30-day guarantee/).waitFor();
    await purchases.getByRole("link", { name: "Refund €27…" }).click();

    // The code first, saying what it is for; then back to the confirmation, not to a list.
    await owner.getByRole("heading", { name: "Confirm it's you to refund €27 to Aoife Murphy" }).waitFor();
    expect(new URL(owner.url()).pathname).toBe("/studio/check");
    await expectAccessible(owner);
    await owner.getByLabel("6-digit code").fill((await unusedTotpCode(key, step)).code);
    await owner.getByRole("button", { name: "Continue" }).click();
    const question = owner.getByRole("heading", { name: "Refund €27 to Aoife Murphy?", level: 1 });
    await question.waitFor();
    const confirmation = owner.url();
    expect(new URL(confirmation).pathname).toMatch(/^\/studio\/purchases\/[\w-]+\/refund$/);
    // The page starts at its question.
    await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(owner);
    fs.mkdirSync(SHOTS, { recursive: true });
    await owner.screenshot({ path: path.join(SHOTS, "confirmation-desktop.png"), fullPage: true });
    await owner.setViewportSize(viewports.phone);
    await expectAccessible(owner);
    await owner.screenshot({ path: path.join(SHOTS, "confirmation-phone.png"), fullPage: true });
    await owner.setViewportSize(viewports.desktop);

    // A reason is needed: the browser says so before anything is sent.
    const refund = owner.getByRole("button", { name: "Refund €27" });
    await refund.click();
    const reasons = owner.getByRole("group", { name: "Why are you refunding it?" });
    expect(
      await reasons
        .getByRole("radio")
        .first()
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    // By keyboard: the reason, a note, the button.
    await reasons.getByRole("radio", { name: "Asked within the 30-day guarantee" }).focus();
    await owner.keyboard.press("Space");
    await owner.getByLabel(/A note/).fill("She wrote to the inbox on the day");
    await refund.focus();
    await owner.keyboard.press("Enter");
    await expectToast(
      owner,
      "Refunded €27 to Aoife Murphy. Her premium has ended, and she has an email to say so.",
    );

    // Back on her page: refunded, with the day and the reason, and no second refund to make.
    await owner.waitForURL((url) => url.pathname === `/studio/members/${memberId}`);
    await purchases.getByText(/€27 by card · Refunded .* · Asked within the 30-day guarantee/).waitFor();
    expect(await purchases.getByRole("link").count()).toBe(0);
    await owner.getByRole("heading", { name: "Grant premium" }).waitFor();
    await owner
      .getByRole("row")
      .filter({ hasText: "Purchase refunded" })
      .filter({ hasText: "reason: Asked within the 30-day guarantee: She wrote to the inbox on the day" })
      .waitFor();
    await owner
      .getByRole("region", { name: "Emails sent" })
      .getByText(/Your refund of her payment/)
      .waitFor();

    // Her email, in the outbox the server writes.
    const email = await localOutbox(inject("dataDir")).latest(memberEmail, /^Your refund from Tidewell$/);
    expect(email.text).toContain("We've refunded your card payment of €27 for the Complete Course, in full.");
    expect(email.text).not.toContain("inbox on the day");

    // Her course is locked again.
    await memberPage.goto("/portal/library");
    await memberPage.getByText(": in the Complete Course").first().waitFor({ state: "attached" });

    // The confirmation, opened again (an old tab), says it is refunded and offers no button.
    await owner.goto(confirmation);
    await owner.getByRole("heading", { name: "€27 to Aoife Murphy is refunded", level: 1 }).waitFor();
    expect(await owner.getByRole("button", { name: /Refund/ }).count()).toBe(0);
  }, 240_000);
});
