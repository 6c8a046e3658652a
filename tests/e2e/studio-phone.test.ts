import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  confirmDemoCardPayment,
  expectToast,
  sharedServer,
  signedInPage,
  uniqueEmail,
} from "./support/accounts.ts";
import { expectAccessible, useBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { signUpMember } from "./support/security.ts";
import { enrolledOwner } from "./support/studio.ts";

const PHONE = viewports.phone.width;

/** A long name and address, as some members have: the cards must wrap them, not run off the screen. */
const LONG_NAME = "Siobhán Ní Bhriain-Fitzgerald";
const longEmail = () => uniqueEmail("siobhan.ni-bhriain-fitzgerald.household");

/** The studio's data as the walk-through met it: members, a paid purchase (with its Refund button), a message. */
async function seedStudio(browser: ReturnType<typeof useBrowser>) {
  const { page: buyer, email: buyerEmail } = await signedInPage(browser, {
    name: LONG_NAME,
    email: longEmail(),
  });
  const paymentIntentId = await confirmDemoCardPayment(buyer);
  await buyer.goto(`/portal?payment_intent=${paymentIntentId}&redirect_status=succeeded`);
  await expectToast(buyer, "Payment successful! The Complete Course is yours: everything is unlocked.");
  await buyer.context().close();
  for (const name of ["Amara Okafor", "Robin Member"]) await signUpMember(sharedServer(), { name });

  const visitor = await browser.newPage();
  await visitor.goto("/contact");
  await waitForHydration(visitor);
  await visitor.getByLabel("Your name").fill(LONG_NAME);
  await visitor.getByLabel("Email", { exact: false }).first().fill(longEmail());
  await visitor
    .getByLabel("Your message")
    .fill("Can my partner join the video consultation? We'd both love to, if the times suit.");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await visitor.getByRole("status").filter({ hasText: "Thank you! We'll get back to you soon." }).waitFor();
  await visitor.context().close();
  return { buyerEmail };
}

/**
 * A studio path as a kind of page: a member, a conversation or a purchase, a session's captions or
 * a piece of the site's words stands for any, by where it is in the path (an id may have no digit).
 * A page of a kind not named here keeps its own path, and so fails the crawl until it is on the list.
 */
const pageKind = (path: string) =>
  path
    .replace(/^\/studio\/(members|inbox)\/[^/]+$/, "/studio/$1/:id")
    .replace(/^\/studio\/purchases\/[^/]+\/refund$/, "/studio/purchases/:id/refund")
    .replace(/^\/studio\/content\/[^/]+\/captions$/, "/studio/content/:session/captions")
    .replace(/^\/studio\/words\/[^/]+\/[^/]+$/, "/studio/words/:kind/:slug");

/** Every studio page a link leads to from these, one of each kind, found by following the links (a file to download is no page). */
function linksToStudioPages(page: Page): Promise<string[]> {
  return page.$$eval('a[href^="/studio"]:not([download])', (links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
}

/**
 * What on the page does not fit a phone: the page scrolling sideways; a link, button or field in
 * main that lies (or is scrolled, in a box of its own) outside the screen's width; a menu on more
 * than one row, or whose current page is out of view; anything fixed over the page (a bar, a player)
 * but a long form's own actions.
 */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const scroller = document.scrollingElement!;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || (element as HTMLInputElement).name || "").trim().slice(0, 40)}"`;
    if (scroller.scrollWidth > width) {
      // Which elements reach past the edge: the innermost of them say why.
      const clipped = (element: Element) => {
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== "visible") return true;
        return false;
      };
      const past = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
      const wide = [...document.querySelectorAll("body *")].filter(
        (element) => past(element) && !clipped(element) && ![...element.children].some(past),
      );
      problems.push(
        `the page is ${scroller.scrollWidth} px wide: ${wide
          .slice(0, 3)
          .map((element) => `${name(element)} (${element.className})`)
          .join(", ")}`,
      );
    }
    const controls = document.querySelectorAll(
      "main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary",
    );
    for (const control of controls) {
      // Into view from above or below only: a box that scrolls sideways stays as it was.
      const top = control.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, Math.max(0, top - window.innerHeight / 2));
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown (a closed disclosure's)
      if (getComputedStyle(control).visibility === "hidden") continue;
      if (box.left < 0 || box.right > width + 0.5)
        problems.push(`${name(control)} is at ${Math.round(box.left)}–${Math.round(box.right)} px`);
      for (let box2 = control.parentElement; box2 && box2 !== document.body; box2 = box2.parentElement) {
        const { overflowX } = getComputedStyle(box2);
        if (overflowX === "visible") continue;
        const clip = box2.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          problems.push(`${name(control)} is outside its box, ${name(box2)}`);
      }
    }
    const items = [...document.querySelectorAll('nav[aria-label="Studio"] li')];
    const rows = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top + window.scrollY)));
    if (rows.size > 1) problems.push(`the studio's menu is on ${rows.size} rows`);
    const current = document.querySelector('nav[aria-label="Studio"] [aria-current="page"]');
    if (current) {
      const box = current.getBoundingClientRect();
      if (box.left < 0 || box.right > width + 0.5) problems.push(`the menu's current page is out of view`);
    }
    for (const element of document.querySelectorAll("body *")) {
      // A long form's own Save and Publish, kept at the screen's foot while she works down it (the
      // captions page), are part of the page; a bar or a player from elsewhere is not.
      if (element.closest("main form [data-form-actions]")) continue;
      const { position } = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if ((position === "fixed" || position === "sticky") && box.height > 0 && box.width > 0)
        problems.push(`${name(element)} is ${position} over the page`);
    }
    return problems;
  }, PHONE);
}

/** Every kind of studio page a link leads to, from the menu's pages on: a new one joins this list. */
const STUDIO_PAGES = [
  "/studio",
  "/studio/members",
  "/studio/members/:id",
  "/studio/purchases",
  "/studio/purchases/:id/refund",
  "/studio/offers",
  "/studio/inbox",
  "/studio/inbox/:id",
  "/studio/insights",
  "/studio/content",
  "/studio/content/:session/captions",
  "/studio/words",
  "/studio/words/:kind/:slug",
  "/studio/audit",
  "/studio/security",
  "/studio/check",
  "/studio/time-zone",
];

describe("the studio on a phone", () => {
  const browser = useBrowser();
  let owner: Page;
  /** One path of each kind of page, as the links led to it. */
  const reached = new Map<string, string>();
  // Her times are written on the server and again in the browser: the two must agree.
  // (A production build names a mismatch by its number: React's errors 418 to 425.)
  const hydration: string[] = [];

  it("reaches every kind of studio page by its links, from the pages of its menu", async () => {
    await seedStudio(browser);
    ({ page: owner } = await enrolledOwner(browser));
    await owner.setViewportSize(viewports.phone);
    const mismatch = (text: string) => {
      if (/hydrat|react\.dev\/errors\/4(1[89]|2[0-5])/i.test(text)) hydration.push(`${owner.url()}: ${text}`);
    };
    owner.on("console", (message) => mismatch(message.text()));
    owner.on("pageerror", (error) => mismatch(error.message));

    await owner.goto("/studio");
    const menu = await owner
      .getByRole("navigation", { name: "Studio" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(menu.length).toBeGreaterThanOrEqual(8);
    const waiting = [...menu, "/studio/check?again=1"];
    while (waiting.length > 0) {
      const path = waiting.shift()!;
      const kind = pageKind(new URL(path, "http://x").pathname);
      if (reached.has(kind)) continue;
      reached.set(kind, path);
      await owner.goto(path);
      await owner.getByRole("heading", { level: 1 }).first().waitFor();
      for (const link of await linksToStudioPages(owner)) waiting.push(link);
    }
    expect([...reached.keys()].sort()).toEqual([...STUDIO_PAGES].sort());
  });

  // Each page on its own: measured, its menu and its fixed elements checked, and axe run on it.
  it.each(STUDIO_PAGES)("fits %s on a 390 px screen, with every link and button in reach", async (kind) => {
    const path = reached.get(kind);
    if (!owner || !path) throw new Error(`${kind} was not reached: the test before this one says why`);
    await owner.goto(path);
    await owner.getByRole("heading", { level: 1 }).first().waitFor();
    await waitForHydration(owner);
    expect(await overflows(owner), path).toEqual([]);
    // The members' portal's bar and player are not the studio's.
    expect(await owner.getByRole("region", { name: "Audio player" }).count()).toBe(0);
    expect(await owner.getByRole("navigation", { name: "Portal" }).count()).toBe(0);
    await expectAccessible(owner);
    expect(hydration).toEqual([]);
  });

  it("shows the purchases' Refund link, its card's last line, on the screen", async () => {
    if (!owner) throw new Error("the owner was not signed in: the first test says why");
    await owner.goto("/studio/purchases");
    const refund = owner.getByRole("link", { name: /^Refund / }).first();
    await refund.scrollIntoViewIfNeeded();
    const box = (await refund.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
  });

  it("fits the security page's new backup codes, a page no link leads to, on a phone", async () => {
    const { page: owner, backupCode } = await enrolledOwner(browser);
    await owner.setViewportSize(viewports.phone);
    await owner.goto("/studio/security");
    await waitForHydration(owner);
    const make = owner.getByRole("button", { name: "Make New Backup Codes" });
    const shown = owner.getByRole("heading", { name: "Your new backup codes", level: 1 });
    const check = owner.getByRole("heading", { name: "Enter your authenticator code" });
    await make.click();
    await shown.or(check).waitFor();
    if (await check.isVisible()) {
      // New codes want a check given just now: one of her backup codes gives it.
      await owner.getByRole("link", { name: "Use a backup code instead" }).click();
      await owner.getByLabel("Backup code").fill(backupCode);
      await owner.getByRole("button", { name: "Continue" }).click();
      await owner.waitForURL((url) => url.pathname === "/studio/security");
      await waitForHydration(owner);
      await make.click();
    }
    await shown.waitFor();
    await owner.getByRole("list", { name: "Backup codes" }).waitFor();
    expect(await overflows(owner)).toEqual([]);
    await expectAccessible(owner);
  });

  it("scrolls the menu to the page she is on, and lets the keyboard reach every page in it", async () => {
    const { page: owner } = await enrolledOwner(browser);
    await owner.setViewportSize(viewports.phone);
    await owner.goto("/studio/security");
    await waitForHydration(owner);
    const menu = owner.getByRole("navigation", { name: "Studio" });
    const current = menu.getByRole("link", { name: "Security" });
    expect(await current.getAttribute("aria-current")).toBe("page");
    const box = (await current.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
    // Tab by tab from the first link, each comes into view as it takes focus.
    await menu.getByRole("link", { name: "Overview" }).focus();
    for (const label of [
      "Members",
      "Purchases",
      "Offers",
      "Inbox",
      "Content",
      "Words",
      "Insights",
      "Audit log",
      "Security",
    ]) {
      await owner.keyboard.press("Tab");
      const link = menu.getByRole("link", { name: new RegExp(`^${label}`) });
      expect(await link.evaluate((element) => element === document.activeElement), label).toBe(true);
      const focused = (await link.boundingBox())!;
      expect(focused.x, label).toBeGreaterThanOrEqual(0);
      expect(focused.x + focused.width, label).toBeLessThanOrEqual(PHONE);
    }
  });
});
