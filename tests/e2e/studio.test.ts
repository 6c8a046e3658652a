import { describe, expect, it } from "vitest";
import { totpCode, unusedTotpCode } from "../support/totp.ts";
import {
  expectToast,
  makePremium,
  payByDemoCard,
  signedInContext,
  signedInPage,
  uniqueEmail,
  withServerDatabase,
} from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { enrolledOwner as enrolledOwnerIn, ownerCreate, signInWithCode } from "./support/studio.ts";

/**
 * The studio's work, once the owner is in: setting it up, finding a member, a deletion, a refund
 * and the figures it moves, the reminders the server gave up on, and her code taken once. (Her way
 * in: studio-sign-in.test.ts.)
 */
describe("the owner's studio", () => {
  const browser = useBrowser();

  /** An owner made by the command, signed in, with her authenticator set up: the studio open. */
  const enrolledOwner = () => enrolledOwnerIn(browser);

  it("is set up by command, asks for an authenticator, and lets the owner find a member, take premium back and see it logged", async () => {
    // A member with the Complete Course.
    const { page: memberPage, email: memberEmail } = await signedInPage(browser, { name: "Nadia Quill" });
    await makePremium(memberEmail);

    const ownerEmail = uniqueEmail("owner");
    expect(ownerCreate(ownerEmail)).toContain("now has an owner's account");
    const owner = await browser.newPage();
    await signInWithCode(owner, ownerEmail);

    // First visit: set up the authenticator (the test computes the app's codes from the key shown).
    await owner.goto("/studio");
    await owner.waitForURL((url) => url.pathname === "/studio/check");
    await owner.getByRole("heading", { name: "Set up your authenticator" }).waitFor();
    await expectAccessible(owner);
    await owner.getByRole("button", { name: "Start Setting Up" }).click();
    await owner.getByRole("heading", { name: "Scan this code with your authenticator app" }).waitFor();
    await owner.getByRole("img", { name: /QR code/ }).waitFor();
    expect(await owner.getByRole("list", { name: "Backup codes" }).getByRole("listitem").count()).toBe(10);
    const key = (await owner.getByTestId("totp-secret").textContent())!.trim();
    await expectAccessible(owner);
    // The codes are shown once: setting up goes on only once she says she has saved them.
    await owner.getByLabel("6-digit code").fill(totpCode(key, Date.now(), 20));
    await owner.getByRole("button", { name: "Finish Setting Up" }).click();
    expect(
      await owner
        .getByLabel("I have saved my backup codes")
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await owner.getByLabel("I have saved my backup codes").check();
    // A wrong code first: refused, with the way on still there.
    await owner.getByRole("button", { name: /Continue|Finish Setting Up/ }).click();
    await owner.getByRole("alert").filter({ hasText: "That code didn't match" }).waitFor();
    await owner.getByLabel("6-digit code").fill(totpCode(key));
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await expectAccessible(owner);

    // Find the member and take her premium back.
    await owner.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Members" }).click();
    await owner.getByLabel("Email or name").fill("nadia QUILL");
    await owner.getByRole("button", { name: "Search" }).click();
    await owner.getByRole("status").filter({ hasText: "1 member" }).waitFor();
    await expectAccessible(owner);
    await owner.getByRole("link", { name: "Nadia Quill" }).click();
    await owner.getByRole("heading", { name: "Nadia Quill", level: 1 }).waitFor();
    await expectAccessible(owner);
    await owner.getByRole("button", { name: "Take Premium Back" }).click();
    // The reason is required: the browser says so before anything is sent.
    expect(
      await owner.getByLabel("Reason").evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing),
    ).toBe(true);
    await owner.getByLabel("Reason").fill("Refunded by bank transfer");
    await owner.getByRole("button", { name: "Take Premium Back" }).click();
    await expectToast(owner, "Premium taken back.");
    await owner.getByRole("heading", { name: "Grant premium" }).waitFor();

    // Roles: a member made an owner, and back (the second factor was given minutes ago).
    await owner.getByRole("button", { name: "Make Owner" }).click();
    await expectToast(owner, "Now an owner: the studio asks this account to set up its own authenticator.");
    await owner.getByRole("button", { name: "Make Member" }).click();
    await expectToast(owner, "A member again: the studio is closed to this account.");

    // Her portal: the Complete Course is locked again.
    await memberPage.goto("/portal/library");
    await memberPage.getByText(": in the Complete Course").first().waitFor({ state: "attached" });

    // The audit log says who did it, why, and from where.
    await owner.goto("/studio/audit");
    const row = owner.getByRole("row").filter({ hasText: "Premium taken back" });
    await row.filter({ hasText: "reason: Refunded by bank transfer" }).waitFor();
    await expectAccessible(owner);
  });

  it("asks for the code again before a deletion, takes a backup code once, and logs the deletion by id alone", async () => {
    const { page: memberPage, email: memberEmail } = await signedInPage(browser, { name: "Orla Byrne" });
    const memberId = await withServerDatabase(
      async (db) =>
        (await db.selectFrom("user").select("id").where("email", "=", memberEmail).executeTakeFirstOrThrow())
          .id,
    );
    const { email: ownerEmail, page: owner, backupCode } = await enrolledOwner();

    // Ten minutes later (the check's time moved back in the database), deleting asks again.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", ownerEmail))
        .execute(),
    );
    await owner.goto(`/studio/members/${memberId}`);
    // Her emails by kind, never by subject: a subject can carry a code that signs her in.
    const emails = owner.getByRole("region", { name: "Emails sent" });
    await expect.poll(() => emails.textContent()).toContain("Link to confirm her address");
    expect(await emails.textContent()).not.toMatch(/Confirm your email/);
    await owner.getByLabel("I understand this can't be undone.").check();
    await owner.getByRole("button", { name: "Delete Account" }).click();
    await owner.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
    await owner.getByRole("link", { name: "Use a backup code instead" }).click();
    await owner.getByLabel("Backup code").fill(backupCode);
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.waitForURL((url) => url.pathname === `/studio/members/${memberId}`);
    await owner.getByLabel("I understand this can't be undone.").check();
    await owner.getByRole("button", { name: "Delete Account" }).click();
    await expectToast(owner, "The account is deleted.");
    expect(
      await withServerDatabase((db) =>
        db.selectFrom("user").select("id").where("id", "=", memberId).execute(),
      ),
    ).toEqual([]);
    // Her session is gone with her account.
    await memberPage.goto("/portal");
    await memberPage.waitForURL((url) => url.pathname === "/auth");

    // The log keeps the deletion, naming her by id only.
    const entries = await withServerDatabase((db) =>
      db.selectFrom("audit_log").selectAll().where("subject_id", "=", memberId).execute(),
    );
    expect(entries.map((e) => e.action)).toContain("member.deleted");
    expect(JSON.stringify(entries)).not.toContain(memberEmail);

    // The same backup code is spent.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 13 * 3_600_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", ownerEmail))
        .execute(),
    );
    await owner.goto("/studio/check?method=backup-code");
    await owner.getByLabel("Backup code").fill(backupCode);
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner
      .getByRole("alert")
      .filter({ hasText: "That backup code didn't match, or it has been used already." })
      .waitFor();
  });

  it("refunds a member's card payment through the provider, which ends her premium, and logs it", async () => {
    const { page: memberPage, email: memberEmail } = await signedInPage(browser, { name: "Ines Carvalho" });
    await payByDemoCard(memberPage);
    const { page: owner } = await enrolledOwner();

    await owner.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Purchases" }).click();
    const row = owner.getByRole("row").filter({ hasText: memberEmail });
    await row.filter({ hasText: "30 days left" }).waitFor();
    await expectAccessible(owner);
    // The row's refund opens its confirmation, which names her and the amount and comes back here.
    await row.getByRole("link", { name: "Refund €27 to Ines Carvalho" }).click();
    await owner.getByRole("heading", { name: "Refund €27 to Ines Carvalho?", level: 1 }).waitFor();
    await owner.getByRole("radio", { name: "Paid by mistake" }).check();
    await owner.getByRole("button", { name: "Refund €27" }).click();
    await expectToast(
      owner,
      "Refunded €27 to Ines Carvalho. Her premium has ended, and she has an email to say so.",
    );
    await owner.waitForURL((url) => url.pathname === "/studio/purchases");
    await row.filter({ hasText: "Refunded" }).filter({ hasText: "Paid by mistake" }).waitFor();
    expect(await row.getByRole("link", { name: /Refund/ }).count()).toBe(0);

    await memberPage.goto("/portal/library");
    await memberPage.getByText(": in the Complete Course").first().waitFor({ state: "attached" });

    // The content the studio lists: the partner sessions wait for the Partner Course.
    await owner.goto("/studio/content");
    await owner
      .getByRole("row")
      .filter({ hasText: "Holding the Space" })
      .filter({ hasText: "Coming soon" })
      .waitFor();
    // And each recording's transcript: how many captions it holds, and where things stand, in words.
    await owner
      .getByRole("row")
      .filter({ hasText: "Fear Release" })
      .filter({ hasText: /\d+ captions/ })
      .waitFor();
    await owner
      .getByRole("list", { name: "Where things stand" })
      .getByText("Every recording and guide is in place.")
      .waitFor();
    expect(await owner.getByRole("main").textContent()).not.toMatch(/README|docs\//);
    await expectAccessible(owner);

    // Insights: her payment counted in this week's bar, and each chart readable as a table.
    await owner.goto("/studio/insights");
    const weekly = owner.getByRole("figure", { name: "Sign-ups and payments per week" });
    await weekly.getByRole("img", { name: /^Bar chart of sign-ups and payments per week/ }).waitFor();
    await weekly.getByText("Show as a table").click();
    await weekly.getByRole("table").waitFor();
    expect(await owner.getByRole("figure").count()).toBe(4);
    await expectAccessible(owner);

    // The overview's money: her payment paid in and refunded, and kept is always paid in less refunded.
    await owner.goto("/studio");
    await owner.getByText(/^\d[\d,]* payments? · \d[\d,]* refunded$/).waitFor();
    const money = owner.getByRole("table", { name: "Money in EUR: this week against last week, and in all" });
    const cents = async (row: string) =>
      (
        await money
          .getByRole("row", { name: new RegExp(`^${row}`) })
          .getByRole("cell")
          .allTextContents()
      ).map((amount) => Math.round(Number(amount.replace(/[€,\s]/g, "")) * 100));
    const [paidIn, refunded, kept] = [await cents("Paid in"), await cents("Refunded"), await cents("Kept")];
    expect(paidIn).toHaveLength(3); // this week so far, last week, in all
    expect(kept).toEqual(paidIn.map((paid, column) => paid - refunded[column]!));
    expect(paidIn[2]).toBeGreaterThanOrEqual(2700);
    expect(refunded[2]).toBeGreaterThanOrEqual(2700);
    await owner.getByText(/Weeks run Monday to Sunday, (in UTC|on .+ time)\./).waitFor();
    await expectAccessible(owner);

    await owner.goto("/studio/audit");
    await owner
      .getByRole("row")
      .filter({ hasText: "Purchase refunded" })
      .filter({ hasText: "by card · €27 · reason: Paid by mistake" })
      .waitFor();
  });

  it("shows the owner the reminders and emails the server gave up on", async () => {
    // Her account is all this needs: no page of hers opens.
    const { email: memberEmail } = await signedInContext(browser, { name: "Pia Lund" });
    const stamp = Date.now();
    await withServerDatabase(async (db) => {
      const { id } = await db
        .selectFrom("user")
        .select("id")
        .where("email", "=", memberEmail)
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await db
        .insertInto("jobs")
        .values({
          id: crypto.randomUUID(),
          kind: "practice-reminder",
          key: `dead-${stamp}`,
          user_id: id,
          run_at: now,
          status: "dead",
          attempts: 6,
          last_error: `push service said no ${stamp}`,
          finished_at: now,
        })
        .execute();
      await db
        .insertInto("email_outbox")
        .values({
          id: crypto.randomUUID(),
          kind: "welcome",
          to_address: memberEmail,
          subject: "Welcome",
          text_body: null,
          html_body: null,
          status: "failed",
          attempts: 8,
          last_error: `554 mailbox unavailable ${stamp}`,
          next_attempt_at: now,
        })
        .execute();
    });
    const { page: owner } = await enrolledOwner();
    await owner.goto("/studio");
    const failed = owner.getByRole("region", { name: "What could not be done" });
    const job = failed.getByRole("row").filter({ hasText: `push service said no ${stamp}` });
    await job.waitFor();
    await job.getByRole("link", { name: "Their page" }).click();
    await owner.getByRole("heading", { name: "Pia Lund", level: 1 }).waitFor();
    await owner.goBack();
    await failed
      .getByRole("row")
      .filter({ hasText: `554 mailbox unavailable ${stamp}` })
      .filter({ hasText: memberEmail })
      .waitFor();
    await expectAccessible(owner);
    // On a phone the tables scroll sideways, and the keyboard can scroll them.
    await owner.setViewportSize({ width: 390, height: 844 });
    await failed.scrollIntoViewIfNeeded();
    await expectAccessible(owner);
  });

  it("takes an authenticator's code once: the same code from two of her sessions opens one, and again for the re-check it is refused", async () => {
    const { email, key, step } = await enrolledOwner();
    // Two more sessions of hers (two browsers), each at the studio's check.
    const sessions = [await browser.newPage(), await browser.newPage()];
    for (const page of sessions) {
      await signInWithCode(page, email);
      await page.goto("/studio");
      await page.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
      await waitForHydration(page);
    }
    const { code } = await unusedTotpCode(key, step);
    for (const page of sessions) await page.getByLabel("6-digit code").fill(code);
    await Promise.all(sessions.map((page) => page.getByRole("button", { name: "Continue" }).click()));
    const used =
      "That code has been used already. Wait for your authenticator app to show a new one, then enter it.";
    const outcomes = await Promise.all(
      sessions.map(async (page) => {
        const opened = page.getByRole("heading", { name: "Overview", level: 1 });
        const refused = page.getByRole("alert").filter({ hasText: used });
        await opened.or(refused).waitFor();
        return (await opened.isVisible()) ? "opened" : "refused";
      }),
    );
    expect([...outcomes].sort()).toEqual(["opened", "refused"]);
    const opened = sessions[outcomes.indexOf("opened")]!;

    // Eleven minutes on, an export asks for the code again: the same code, given again, is refused.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
        .execute(),
    );
    await opened.goto("/studio/members");
    await opened.getByRole("button", { name: "Export these as CSV" }).click();
    await opened.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
    await opened.getByLabel("6-digit code").fill(code);
    await opened.getByRole("button", { name: "Continue" }).click();
    await opened.getByRole("alert").filter({ hasText: used }).waitFor();
    expect(new URL(opened.url()).pathname).toBe("/studio/check");
  });
});
