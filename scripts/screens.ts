/**
 * Screenshots of a new member's first week, at phone and desktop width, for
 * docs/screens/: the landing page, the sign-up tabs, a failed sign-up without
 * JavaScript, a free member's dashboard, programme, library, profile and
 * resources, the toast after confirming, labour mode with a contraction
 * running beside the player, a premium member's first dashboard after paying
 * with the demo card, a new premium member's dashboard at 33 weeks, before her
 * programme starts, and her birth partner's pages.
 *
 *   npm run screens -- --base http://localhost:3000 --data data --out docs/screens/after
 *   npm run screens -- --only premium-before-programme   (that one alone)
 *   npm run screens -- --only partner   (her birth partner's pages alone)
 *
 * It needs a running local server (demo card and outbox on) and its data directory.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, confirmationLink, emailedLink } from "./local-run.ts";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:3000" },
    data: { type: "string", default: "data" },
    out: { type: "string", default: "docs/screens/after" },
    only: { type: "string" },
  },
});
const base = values.base!;
const out = values.out!;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = "calm-waters-rise";

fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

try {
  if (values.only === "premium-before-programme") {
    await premiumBeforeProgramme(browser);
  } else if (values.only === "partner") {
    await partnerPages(browser);
  } else {
    await everyScreen(browser);
  }
} finally {
  await browser.close();
}

async function everyScreen(browser: Browser) {
  await publicPages(browser);
  const free = await newMember(browser, "free");
  await memberPages(free, "free");
  await labourContractionRunning(free);
  await free.context().close();
  const premium = await newMember(browser, "premium");
  await payWithDemoCard(premium);
  await shoot(premium, "premium-first-dashboard");
  await premium.setViewportSize(DESKTOP);
  await premium.goto(`${base}/portal`);
  await shoot(premium, "premium-first-dashboard-desktop");
  await premium.goto(`${base}/auth?tier=premium`);
  await shoot(premium, "premium-opens-auth");
  await premium.context().close();
  await premiumBeforeProgramme(browser);
  await partnerPages(browser);
}

/** A member who has just paid, at 33 weeks (due in 53 days): her dashboard 39 days before her programme. */
async function premiumBeforeProgramme(browser: Browser) {
  const page = await newMember(browser, "premium");
  await payWithDemoCard(page);
  const dueDate = new Date(Date.now() + 53 * 86_400_000).toISOString().slice(0, 10);
  const saved = await page.evaluate(
    async (date) =>
      (
        await fetch("/portal?index", {
          method: "POST",
          body: new URLSearchParams({ intent: "save-date", mode: "due", date }),
        })
      ).status,
    dueDate,
  );
  if (saved !== 200) throw new Error(`Saving the due date answered ${saved}`);
  await page.goto(`${base}/portal`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await shoot(page, "premium-before-programme-dashboard-phone", true);
  await page.setViewportSize(DESKTOP);
  await shoot(page, "premium-before-programme-dashboard-desktop");
  await page.context().close();
}

/** Waits for the page's app: it starts once the visitor moves (a mouse here). */
async function hydrated(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  process.stdout.write(`${name}.png\n`);
}

async function publicPages(browser: Browser) {
  const phone = await browser.newPage({ viewport: PHONE });
  await phone.goto(`${base}/`);
  await shoot(phone, "landing-phone-full", true);
  await phone.goto(`${base}/auth?tier=free`);
  await shoot(phone, "auth-tabs-phone");
  await phone.close();

  // A failed sign-up as a browser without JavaScript sends it (the browser's own checks set aside).
  const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto(`${base}/auth?tier=free`);
  await page.locator("form:has(input[name=password])").evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByLabel("Your name").fill("Amara");
  await page.getByLabel("Email").fill("amara@example.com");
  await page.getByLabel("Choose a password").fill("short");
  await page.getByLabel("Choose a password").press("Enter");
  await page.waitForLoadState("load");
  await shoot(page, "auth-failed-without-javascript");
  await noScript.close();
}

/** Signs up through the form and the emailed link; returns the page on the portal. */
async function newMember(browser: Browser, tier: "free" | "premium", name?: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const email = `screens-${tier}-${Date.now()}@example.com`;
  await page.goto(`${base}/auth?tier=${tier}`);
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Your name").fill(name ?? (tier === "free" ? "Amara Okafor" : "Priya Shah"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Choose a password").fill(PASSWORD);
  await page.getByRole("button", { name: /Create/ }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  await page.goto(await confirmationLink(values.data!, email));
  await page.waitForURL((url) => url.pathname.startsWith(tier === "free" ? "/portal" : "/auth"));
  if (tier === "free") await shoot(page, "first-arrival-toast");
  return page;
}

async function memberPages(page: Page, label: string) {
  for (const [route, name] of [
    ["/portal", "dashboard"],
    ["/portal/program", "programme"],
    ["/portal/library", "library"],
    ["/portal/profile", "profile"],
    ["/portal/resources", "resources"],
  ] as const) {
    await page.setViewportSize(PHONE);
    await page.goto(`${base}${route}`);
    await shoot(page, `${label}-${name}-phone`, true);
    if (name === "dashboard" || name === "programme") {
      await page.setViewportSize(DESKTOP);
      await shoot(page, `${label}-${name}-desktop`);
    }
  }
  await page.setViewportSize(PHONE);
}

async function payWithDemoCard(page: Page) {
  await page.getByText("Demo checkout").waitFor();
  await page.getByRole("button", { name: /Card/ }).click();
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === "/portal", { timeout: 15_000 });
}

/** Labour mode on a phone with a contraction running, a labour session playing in the player below it. */
async function labourContractionRunning(page: Page) {
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/portal/labour`);
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("tab", { name: "Music" }).click();
  await page.getByRole("button", { name: "Play Affirmations One" }).click();
  await page.getByRole("region", { name: "Audio player" }).waitFor();
  await page.getByRole("tab", { name: "Timer" }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: "Start contraction" }).click();
  await page.getByRole("timer").filter({ hasText: "0:03" }).waitFor();
  await page.screenshot({ path: path.join(out, "labour-contraction-running-phone.png") });
  process.stdout.write("labour-contraction-running-phone.png\n");
  await page.getByRole("button", { name: "Stop contraction" }).click();
}

/**
 * Her birth partner's pages: she buys the Complete Course with the demo card, saves a due date seven
 * weeks away and invites him from her profile; he makes his account from the invitation's link and
 * accepts it. His dashboard, programme and library, at phone width (and his dashboard at desktop width).
 */
async function partnerPages(browser: Browser) {
  const maya = await newMember(browser, "premium", "Maya Patel");
  await payWithDemoCard(maya);
  const dueDate = new Date(Date.now() + 7 * 7 * 86_400_000 + 3 * 86_400_000).toISOString().slice(0, 10);
  await maya.getByLabel("Your due date").fill(dueDate);
  await maya.getByRole("button", { name: "Save my date" }).click();
  await maya.getByText("Date saved!").first().waitFor();

  const partnerEmail = `screens-partner-${Date.now()}@example.com`;
  await maya.goto(`${base}/portal/profile`);
  await hydrated(maya);
  const seat = maya.getByRole("region", { name: "Your birth partner's account" });
  await seat.getByLabel("Your birth partner's email").fill(partnerEmail);
  await seat.getByRole("button", { name: "Send invitation" }).click();
  await seat.getByRole("button", { name: "Cancel invitation" }).waitFor();
  const invitation = await emailedLink(values.data!, partnerEmail, /https?:\/\/\S+\/partner\/join\/\S+/);

  const context = await browser.newContext({ viewport: PHONE });
  const sam = await context.newPage();
  await sam.goto(invitation);
  await sam.getByRole("link", { name: "Create my account" }).click();
  await hydrated(sam);
  await shoot(sam, "partner-sign-up-phone");
  await sam.getByLabel("Your name").fill("Sam Rivers");
  await sam.getByLabel("Email").fill(partnerEmail);
  await sam.getByLabel("Choose a password").fill(PASSWORD);
  await sam.getByRole("button", { name: /Create/ }).click();
  await sam.getByRole("heading", { name: "Check your email" }).waitFor();
  await sam.goto(await confirmationLink(values.data!, partnerEmail));
  await sam.waitForURL((url) => url.pathname.startsWith("/partner/join/"));
  await hydrated(sam);
  await sam.getByRole("button", { name: "Accept and join" }).click();
  await sam.waitForURL((url) => url.pathname === "/portal/partner");

  for (const [route, name] of [
    ["/portal/partner", "dashboard"],
    ["/portal/program", "programme"],
    ["/portal/library", "library"],
    ["/portal/profile", "profile"],
    ["/free-downloads", "downloads"],
  ] as const) {
    await sam.goto(`${base}${route}`);
    await shoot(sam, `partner-${name}-phone`, true);
  }
  await sam.setViewportSize(DESKTOP);
  await sam.goto(`${base}/portal/partner`);
  await shoot(sam, "partner-dashboard-desktop");
  await context.close();
  await maya.context().close();
}
