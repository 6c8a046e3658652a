import { inject } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { Db } from "#app/platform/db.server.ts";
import {
  CONFIRM_SUBJECT,
  PASSWORD,
  signUpOverHttp,
  uniqueEmail,
  visitorClient,
  withDatabase,
  type ServerData,
} from "../../support/accounts.ts";
import { firstLink } from "../../support/cookie-client.ts";
import { localOutbox, type Mailbox } from "../../support/mailbox.ts";
import { baseUrl, waitForHydration, type useBrowser } from "./browser.ts";

export { PASSWORD, uniqueEmail, type ServerData };

/**
 * Creates a free account through the sign-up form and the link in the email
 * it sends (read from the server's outbox), and waits for the portal.
 */
export async function signUpThroughForm(
  page: Page,
  {
    name = "Amara Okafor",
    email = uniqueEmail(),
    origin = "",
    mailbox = localOutbox(inject("dataDir")),
    landsOn = "/portal",
    from = "/auth?tier=free",
  }: {
    name?: string;
    email?: string;
    origin?: string;
    mailbox?: Mailbox;
    landsOn?: string | RegExp;
    /** The sign-up page to open, or null when she has come to it by a link already. */
    from?: string | null;
  } = {},
) {
  if (from !== null) await page.goto(`${origin}${from}`);
  await waitForHydration(page);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Choose a password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create free account" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  await page.goto(firstLink((await mailbox.latest(email, CONFIRM_SUBJECT)).text));
  await page.waitForURL((url) =>
    typeof landsOn === "string" ? url.pathname === landsOn : landsOn.test(url.pathname),
  );
  return { email, name };
}

/**
 * The text of the toast that says `text`, once it shows. After a full page load the toast waits
 * for the page's app and then for sonner's own chunk, which on the shared CI server, with both
 * browser workers busy, has taken more than 5 s.
 */
export async function expectToast(page: Page, text: string, timeout = 10_000) {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor({ timeout });
}

/**
 * The e2e run's shared server. A test that needs fresh limit counters sends from addresses of its own
 * rather than starting a server: only a test that reads the server's log, counts whole tables or
 * needs other settings starts one.
 */
export const sharedServer = (): ServerData & { baseUrl: string } => ({
  baseUrl: baseUrl(),
  dataDir: inject("dataDir"),
  databaseUrl: inject("databaseUrl"),
});

/** Reads or writes a server's own database: the e2e run's shared server unless another is given. */
export function withServerDatabase<T>(
  work: (db: Db) => Promise<T>,
  server: ServerData = sharedServer(),
): Promise<T> {
  return withDatabase(server, work);
}

/** Gives the account premium the way a verified payment would: straight in the server's database. */
export async function makePremium(email: string, server?: ServerData) {
  await setTier(email, "premium", server);
}

/** Sets the account's tier straight in the server's database (its access row, made if need be). */
export async function setTier(email: string, tier: "free" | "premium", server?: ServerData) {
  await withServerDatabase(async (db) => {
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
    if (!user) throw new Error(`No account for ${email}`);
    await db
      .insertInto("member_access")
      .values({ user_id: user.id, subscription_tier: tier })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ subscription_tier: tier }))
      .execute();
  }, server);
}

/**
 * What the checkout does before Stripe sends the buyer to her bank, from her signed-in page: an
 * intent, then its confirmation with the demo card that pays. Returns the intent's id.
 */
export function confirmDemoCardPayment(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const intent = (await (await post("/api/create-payment-intent", {})).json()) as {
      paymentIntentId: string;
    };
    await post("/api/demo/confirm-card", {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: "4242424242424242",
    });
    return intent.paymentIntentId;
  });
}

/** Pays for the course with the demo card from her signed-in page, as the checkout does, and confirms it. */
export async function payByDemoCard(page: Page) {
  const paymentIntentId = await confirmDemoCardPayment(page);
  await page.goto(`/portal?payment_intent=${paymentIntentId}&redirect_status=succeeded`);
  await expectToast(page, "Payment successful! The Complete Course is yours: everything is unlocked.");
}

/**
 * Signs a new member up over HTTP (the sign-up form's request and the link in the email it sends, as
 * signUpOverHttp does) and puts her session in `context`, rather than through the pages: for tests
 * whose subject is not signing up, which signUpThroughForm keeps covering. On the e2e run's shared
 * server unless `server` is given; `premium` gives the course as a verified payment would. Opens
 * nothing: the first page the test opens is the member's first.
 */
export async function signInOverHttp(
  context: BrowserContext,
  {
    name = "Amara Okafor",
    email = uniqueEmail(),
    premium = false,
    server = sharedServer(),
  }: { name?: string; email?: string; premium?: boolean; server?: ServerData & { baseUrl: string } } = {},
): Promise<{ email: string; name: string }> {
  const { client } = await signUpOverHttp(server.baseUrl, localOutbox(server.dataDir), {
    name,
    email,
    client: visitorClient(server.baseUrl),
  });
  if (premium) await makePremium(email, server);
  await context.addCookies(
    [...client.cookies].map(([cookie, value]) => ({ name: cookie, value, url: server.baseUrl })),
  );
  return { email, name };
}

/** A new browser context signed in as a new member of the shared server (signInOverHttp). */
export async function signedInContext(
  browser: ReturnType<typeof useBrowser>,
  {
    name,
    email,
    premium,
    ...contextOptions
  }: { name?: string; email?: string; premium?: boolean } & Parameters<
    ReturnType<typeof useBrowser>["newContext"]
  >[0] = {},
): Promise<{ context: BrowserContext; email: string; name: string }> {
  const context = await browser.newContext(contextOptions);
  return { context, ...(await signInOverHttp(context, { name, email, premium })) };
}

/**
 * A page in a context signed in as a new member (signedInContext), opened at `at` (her dashboard
 * unless given) and ready to use.
 */
export async function signedInPage(
  browser: ReturnType<typeof useBrowser>,
  { at = "/portal", ...options }: Parameters<typeof signedInContext>[1] & { at?: string } = {},
): Promise<{ page: Page; email: string; name: string }> {
  const { context, email, name } = await signedInContext(browser, options);
  const page = await context.newPage();
  await page.goto(at);
  await waitForHydration(page);
  return { page, email, name };
}
