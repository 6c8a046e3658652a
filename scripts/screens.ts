/**
 * Screenshots of a new member's first week, at phone and desktop width, for
 * docs/screens/: the landing page, the sign-up tabs, a failed sign-up without
 * JavaScript, a free member's dashboard, programme, library, profile and
 * resources, the toast after confirming, labour mode with a contraction
 * running beside the player, a premium member's first dashboard after paying
 * with the demo card, and a new premium member's dashboard at 33 weeks, before
 * her programme starts.
 *
 *   npm run screens -- --base http://localhost:3000 --data data --out docs/screens/after
 *   npm run screens -- --only premium-before-programme   (that one alone)
 *
 * It needs a running local server (demo card and outbox on) and its data directory.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, confirmationLink } from "./local-run.ts";

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
async function newMember(browser: Browser, tier: "free" | "premium") {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const email = `screens-${tier}-${Date.now()}@example.com`;
  await page.goto(`${base}/auth?tier=${tier}`);
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Your name").fill(tier === "free" ? "Amara Okafor" : "Priya Shah");
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
