import fs from "node:fs";
import type { Page } from "playwright-core";
import type { ExpressionBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { CONFIRM_SUBJECT } from "../support/accounts.ts";
import { firstLink } from "../support/cookie-client.ts";
import { smtpMailbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import {
  confirmDemoCardPayment,
  expectToast,
  PASSWORD,
  uniqueEmail,
  withServerDatabase,
} from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";

const WELCOME = "Welcome to Premium! Redirecting to your dashboard...";
const RECEIPT_SUBJECT = "Your Tidewell receipt: Complete Course";

/**
 * Buying the course in the browser, through the demo checkout a newcomer's
 * local copy runs: the same server path as live payments (create, confirm,
 * webhook, grant) against local stand-ins for Stripe and PayPal.
 */
describe("buying the Complete Course (demo checkout)", () => {
  const browser = useBrowser();
  let smtp: TestSmtpServer;
  let server: ServerProcess;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** A new account made on the Complete Course tab, which then shows the payment panel. */
  async function newAccountOnPremiumTab(page: Page) {
    const email = uniqueEmail("buyer");
    await page.goto(`${server.baseUrl}/auth?tier=premium`);
    await waitForHydration(page);
    await page.getByLabel("Your name").fill("Amara Okafor");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Choose a password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account and continue" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    // The link in the email confirms the address and brings her back to the payment.
    await page.goto(firstLink((await smtpMailbox(smtp).latest(email, CONFIRM_SUBJECT)).text));
    await page.getByLabel("Email for your receipt").waitFor();
    await waitForHydration(page);
    return email;
  }

  const memberId = (email: string) => (eb: ExpressionBuilder<Database, keyof Database>) =>
    eb.selectFrom("user").select("id").where("email", "=", email);

  const tierOf = async (email: string) =>
    (
      await withServerDatabase(
        (db) =>
          db
            .selectFrom("member_access")
            .select("subscription_tier")
            .where("user_id", "=", memberId(email))
            .executeTakeFirst(),
        server,
      )
    )?.subscription_tier ?? "free";

  const purchasesOf = (email: string) =>
    withServerDatabase(
      (db) =>
        db
          .selectFrom("purchases")
          .select(["provider", "status", "amount_minor", "currency"])
          .where("user_id", "=", memberId(email))
          .execute(),
      server,
    );

  it("lets a new account pay by card, land on the portal as premium, play a preparation track and get a receipt", async () => {
    const page = await browser.newPage();
    const email = await newAccountOnPremiumTab(page);
    await page.getByText("Demo checkout").waitFor();

    // The options stay locked until the email looks like one.
    const receiptEmail = page.getByLabel("Email for your receipt");
    expect(await receiptEmail.inputValue()).toBe(email);
    await receiptEmail.fill("amara@example");
    expect(await page.getByRole("button", { name: /Card/ }).isDisabled()).toBe(true);
    await page.getByText("Enter your email above to unlock payment options").waitFor();
    await receiptEmail.fill(email);
    await expectAccessible(page);

    await page.getByRole("button", { name: /Card/ }).click();
    await page.getByRole("button", { name: "Pay €27" }).click();
    await expectToast(page, WELCOME);
    await page.waitForURL((url) => url.pathname === "/portal", { timeout: 10_000 });
    expect(await tierOf(email)).toBe("premium");

    await page.goto(`${server.baseUrl}/portal/library`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Play Prepare for Birth/ }).click();
    await expect
      .poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);

    const receipt = await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === RECEIPT_SUBJECT);
    expect(receipt.text).toContain("Paid: €27, once");
    expect(receipt.text).toContain("by card");

    // The page's confirmation and Stripe's signed webhook (this server's first payment) both
    // arrived; the course was granted once.
    await expect
      .poll(() =>
        withServerDatabase(
          (db) => db.selectFrom("payment_events").select("type").where("id", "like", "stripe:%").execute(),
          server,
        ),
      )
      .toEqual([{ type: "payment_intent.succeeded" }]);
    await expect
      .poll(() => purchasesOf(email))
      .toEqual([{ provider: "stripe", status: "succeeded", amount_minor: 2700, currency: "EUR" }]);
    expect(
      smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject === RECEIPT_SUBJECT),
    ).toHaveLength(1);

    // Never a second payment: the Complete Course tab sends its owner to the portal.
    await page.goto(`${server.baseUrl}/auth?tier=premium`);
    await page.waitForURL((url) => url.pathname === "/portal");
    expect(await page.getByRole("button", { name: /Card|PayPal/ }).count()).toBe(0);
    await page.context().close();
  });

  it("checks a card payment that comes back to /portal from the bank's page, then cleans the address", async () => {
    const page = await browser.newPage();
    const email = await newAccountOnPremiumTab(page);
    // What the page does before Stripe sends the buyer to their bank: an intent, then its confirmation.
    const paymentIntentId = await confirmDemoCardPayment(page);

    await page.goto(`${server.baseUrl}/portal?payment_intent=${paymentIntentId}&redirect_status=succeeded`);
    await expectToast(page, "Payment successful! The Complete Course is yours: everything is unlocked.");
    expect(new URL(page.url()).search).toBe("");
    expect(await tierOf(email)).toBe("premium");
    await page.context().close();
  });

  it("says a declined card was declined and unlocks nothing; PayPal then pays", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    const email = await newAccountOnPremiumTab(page);

    await page.getByRole("button", { name: /Card/ }).click();
    await page.getByLabel("Card number (demo)").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay €27" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /declined/i })
      .waitFor();
    expect(await tierOf(email)).toBe("free");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Choose different payment method" }).click();
    await page.getByRole("button", { name: /PayPal/ }).click();
    await page.getByRole("button", { name: "Pay €27 with PayPal (demo)" }).click();
    await expectToast(page, WELCOME);
    await page.waitForURL((url) => url.pathname === "/portal", { timeout: 10_000 });
    expect(await tierOf(email)).toBe("premium");

    const receipt = await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === RECEIPT_SUBJECT);
    expect(receipt.text).toContain("by PayPal");
    expect(await purchasesOf(email)).toContainEqual({
      provider: "paypal",
      status: "succeeded",
      amount_minor: 2700,
      currency: "EUR",
    });
    await page.context().close();
  });
});
