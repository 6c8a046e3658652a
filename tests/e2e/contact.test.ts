import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { signUpOverHttp } from "../support/accounts.ts";
import { createCookieClient } from "../support/cookie-client.ts";
import { smtpMailbox } from "../support/mailbox.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { expectToast, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

const OWNER = "owner@tidewell.example";
const THANK_YOU = "Thank you! We'll get back to you soon.";

interface StoredMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

/**
 * The contact form against a server of its own, delivering to a real SMTP
 * server: what a visitor sees, what the owner receives, and what is stored.
 */
describe("the contact page", () => {
  const browser = useBrowser();
  let smtp: TestSmtpServer;
  let server: ServerProcess;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, OWNER_EMAIL: OWNER });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** What the server stored, read from its own database while it runs. */
  async function storedMessages(where: { email?: string; message?: string } = {}): Promise<StoredMessage[]> {
    const rows = await withServerDatabase(
      (db) =>
        db
          .selectFrom("contact_messages")
          .select(["id", "name", "email", "phone", "message"])
          .orderBy("created_at")
          .execute(),
      server,
    );
    return rows.filter(
      (row) =>
        (where.email === undefined || row.email === where.email) &&
        (where.message === undefined || row.message === where.message),
    );
  }

  const unique = (label: string) => `${label}-${crypto.randomBytes(4).toString("hex")}`;

  async function openContactPage(
    options: { javaScriptEnabled?: boolean; viewport?: "desktop" | "phone" } = {},
  ) {
    const page = await browser.newPage(options);
    await page.goto(`${server.baseUrl}/contact`);
    if (options.javaScriptEnabled !== false) await waitForHydration(page);
    return page;
  }

  async function fillForm(
    page: Page,
    fields: { name?: string; email?: string; phone?: string; message?: string },
  ) {
    if (fields.name !== undefined) await page.getByLabel("Your name").fill(fields.name);
    if (fields.email !== undefined)
      await page.getByLabel("Email", { exact: false }).first().fill(fields.email);
    if (fields.phone !== undefined) await page.getByLabel("Phone").fill(fields.phone);
    if (fields.message !== undefined) await page.getByLabel("Your message").fill(fields.message);
  }

  const sendButton = (page: Page) => page.getByRole("button", { name: /Send message|Sending\.\.\./ });

  it("sends a message: 'Sending...', the thank-you, a cleared form, the owner's email and a stored row", async () => {
    const page = await openContactPage();
    await expectHeading(page, "Get in Touch");
    const email = `${unique("visitor")}@example.com`;
    const message = `Hello! Can my partner join a video consultation? ${unique("ref")}`;
    await fillForm(page, { name: "Amara Okafor", email, phone: "+44 7700 900123", message });

    // Holds the answer back a moment so the pending state can be seen; the app itself adds no delay.
    let releaseAnswer = () => {};
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/contact"),
      async (route) => {
        if (route.request().method() === "POST") await answerHeld;
        await route.continue();
      },
    );
    await sendButton(page).click();
    await expect.poll(() => sendButton(page).textContent()).toBe("Sending...");
    expect(await sendButton(page).isDisabled()).toBe(true);
    releaseAnswer();

    await page.getByRole("status").filter({ hasText: THANK_YOU }).waitFor();
    await expectToast(page, THANK_YOU);
    expect(await sendButton(page).textContent()).toBe("Send message");
    for (const label of ["Your name", "Phone", "Your message"]) {
      expect(await page.getByLabel(label).inputValue(), label).toBe("");
    }

    const mail = await smtp.waitFor((m) => m.to.includes(OWNER) && m.text.includes(message));
    expect(mail.subject).toBe("New message from Amara Okafor (Tidewell contact form)");
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toContain("Phone: +44 7700 900123");
    expect(mail.html).toContain(message);

    expect(await storedMessages({ email })).toEqual([
      { id: expect.any(String), name: "Amara Okafor", email, phone: "+44 7700 900123", message },
    ]);
    await page.context().close();
  });

  it("shows field errors for an empty name and a bad email, sends nothing and stores nothing", async () => {
    const page = await openContactPage();
    const message = `This should not be stored ${unique("ref")}`;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await fillForm(page, { name: "", email: "not-an-email", message });
    await sendButton(page).click();

    const name = page.getByLabel("Your name");
    await page.getByText("Please enter your name").waitFor();
    await page.getByText("Please enter a valid email address").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Email", { exact: false }).first().getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(await page.getByLabel("Your message").inputValue()).toBe(message);
    await expectAccessible(page);

    expect(posts).toEqual([]);
    expect(await storedMessages({ message })).toEqual([]);
    await page.context().close();
  });

  it("works without JavaScript: the server checks the input, then shows the thank-you", async () => {
    const page = await openContactPage({ javaScriptEnabled: false });
    const message = `Sent without JavaScript ${unique("ref")}`;
    await fillForm(page, { name: "", email: "not-an-email", message });
    await sendButton(page).click();
    await page.getByText("Please enter your name").waitFor();
    await page.getByText("Please enter a valid email address").waitFor();
    // What she typed is still there to correct.
    expect(await page.getByLabel("Your message").inputValue()).toBe(message);
    expect(await storedMessages({ message })).toEqual([]);

    const email = `${unique("no-js")}@example.com`;
    await fillForm(page, { name: "Sam Rivers", email });
    await sendButton(page).click();
    await page.getByRole("status").filter({ hasText: THANK_YOU }).waitFor();
    expect(await page.getByLabel("Your message").inputValue()).toBe("");
    expect(await storedMessages({ email })).toHaveLength(1);
    await smtp.waitFor((m) => m.to.includes(OWNER) && m.text.includes(message));
    await page.context().close();
  });

  it("shows a name with markup as text in the owner's email", async () => {
    const page = await openContactPage({ viewport: "phone" });
    const email = `${unique("markup")}@example.com`;
    const message = `Is <i>this</i> escaped? ${unique("ref")}`;
    await fillForm(page, { name: "<b>Sam</b>", email, message });
    await sendButton(page).click();
    await page.getByRole("status").filter({ hasText: THANK_YOU }).waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(OWNER) && m.text.includes(message));
    expect(mail.html).toContain("&lt;b&gt;Sam&lt;/b&gt;");
    expect(mail.html).toContain("Is &lt;i&gt;this&lt;/i&gt; escaped?");
    expect(mail.html).not.toContain("<b>Sam</b>");
    expect(mail.html).not.toContain("<i>this</i>");
    expect(mail.text).toContain("Name: <b>Sam</b>");
    expect((await storedMessages({ email }))[0]?.name).toBe("<b>Sam</b>");
    await page.context().close();
  });

  it.each(["desktop", "phone"] as const)(
    "loads at %s width with no request leaving localhost, and passes axe",
    async (viewport) => {
      const page = await browser.newPage({ viewport });
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      await page.goto(`${server.baseUrl}/contact`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle");

      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => new URL(url).hostname !== "localhost")).toEqual([]);
      await expectAccessible(page);
      await page.context().close();
    },
  );

  it("shows the info card, the social links and posts, the follow button and the FAQ", async () => {
    const page = await openContactPage();
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "hello@tidewell.example" }).getAttribute("href")).toBe(
      "mailto:hello@tidewell.example",
    );
    await main.getByText("Online Worldwide", { exact: true }).waitFor();
    await main.getByText("Within 24 hours on business days", { exact: true }).waitFor();

    const posts = page.getByRole("region", { name: "A little calm in your feed" }).getByRole("listitem");
    expect(await posts.count()).toBe(6);
    // Each post's picture is an inline illustration, not an image from elsewhere.
    expect(await posts.first().locator('svg[viewBox="0 0 300 200"]').count()).toBe(1);
    expect(await page.locator("main img").count()).toBe(0);
    expect(await posts.first().textContent()).toMatch(/\d+ likes/);

    // Every link to another site opens a new tab, says so, and shares nothing back.
    const external = main.locator('a[href^="http"]');
    expect(await external.count()).toBeGreaterThanOrEqual(2 + 6 + 1);
    for (const link of await external.all()) {
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(await link.textContent()).toContain("(opens in a new tab)");
    }
    await main
      .getByRole("link", { name: /Instagram.*opens in a new tab/ })
      .first()
      .waitFor();
    await main.getByRole("link", { name: /Facebook.*opens in a new tab/ }).waitFor();
    await main.getByRole("link", { name: /Follow us on Instagram/ }).waitFor();

    const question = main.getByText("How quickly will you reply?");
    const answer = main.getByText(/We reply to every message within 24 hours on business days/);
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    expect(await answer.isVisible()).toBe(true);
    expect(await main.locator("details").count()).toBe(3);

    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = structured.map((text) => JSON.parse(text)).find((data) => data["@type"] === "FAQPage");
    expect(faqPage?.mainEntity).toHaveLength(3);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${server.baseUrl}/contact`,
    );
    await page.context().close();
  });

  it("keeps a member's own message from her session as hers, and one forged in her address as not confirmed", async () => {
    const mailbox = smtpMailbox(smtp);
    const { client: amara, email } = await signUpOverHttp(server.baseUrl, mailbox, { name: "Amara Okafor" });
    const own = `A question from my own account ${unique("ref")}`;
    const forged = `Security alert: your payment failed. Update your card at https://evil.example ${unique("ref")}`;

    // She writes from her portal; an outsider posts her name and address to the public form, no browser needed.
    const sent = await amara.request("/portal/contact", {
      method: "POST",
      form: { name: "Amara Okafor", email, phone: "", message: own },
    });
    expect(sent.status).toBe(200);
    const outsider = createCookieClient(server.baseUrl);
    const posted = await outsider.request("/contact", {
      method: "POST",
      form: { name: "Amara Okafor", email: email.toUpperCase(), phone: "", message: forged },
    });
    expect(posted.status).toBe(200);

    const userId = await withServerDatabase(
      async (db) =>
        (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id,
      server,
    );
    const stored = await withServerDatabase(
      (db) =>
        db
          .selectFrom("contact_messages")
          .select(["message", "sender_id"])
          .where("email", "=", email)
          .orderBy("created_at")
          .execute(),
      server,
    );
    expect(stored).toEqual([
      { message: own, sender_id: userId },
      { message: forged, sender_id: null },
    ]);
    const threads = await withServerDatabase(
      (db) => db.selectFrom("contact_threads").select("confirmed").where("address", "=", email).execute(),
      server,
    );
    expect(threads.map((t) => Boolean(t.confirmed)).sort()).toEqual([false, true]);

    // The owner's notices say which one came from her.
    const notice = (message: string) => smtp.waitFor((m) => m.to.includes(OWNER) && m.text.includes(message));
    expect((await notice(own)).text).toContain("Sent by the member with this address, signed in.");
    expect((await notice(forged)).text).toContain(
      "Not confirmed: sent without signing in, so anyone could have typed this address.",
    );
  });

  it("refuses a sixth message in an hour with the wait, and keeps what was typed", async () => {
    const page = await openContactPage();
    // The tests above sent some already, all from this machine's address.
    for (let sent = (await storedMessages()).length; sent < 5; sent++) {
      await fillForm(page, { name: "Busy", email: "busy@example.com", message: `Message ${sent + 1}` });
      await sendButton(page).click();
      await expect.poll(async () => (await storedMessages()).length).toBe(sent + 1);
      await page.getByRole("status").filter({ hasText: THANK_YOU }).waitFor();
    }
    await fillForm(page, { name: "Busy", email: "busy@example.com", message: "One too many" });
    await sendButton(page).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /Too many attempts\. Please wait \d+ minutes and try again\./ })
      .waitFor();
    expect(await page.getByLabel("Your message").inputValue()).toBe("One too many");
    expect(await storedMessages()).toHaveLength(5);
    expect(await storedMessages({ message: "One too many" })).toEqual([]);
    await page.context().close();
  });
});
