import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import {
  expectToast,
  PASSWORD,
  signedInPage,
  signUpThroughForm,
  withServerDatabase,
} from "./support/accounts.ts";
import { expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";
import { keptAddresses, shownOffline, storedKeys, workerReady } from "./support/device.ts";
import { enrolledOwner } from "./support/studio.ts";

const idOf = (email: string) =>
  withServerDatabase(
    async (db) =>
      (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id,
  );

/** Times one contraction in labour mode: the device keeps her history. */
async function timeAContraction(page: Page) {
  await page.goto("/portal/labour");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start contraction" }).click();
  await page.getByRole("button", { name: "Stop contraction" }).click();
  await page.getByRole("status").filter({ hasText: "Contraction stopped." }).waitFor();
}

/** Plays a session a little and pauses it: the device keeps where she stopped. */
async function listenAWhile(page: Page) {
  await page.goto("/portal/library");
  await waitForHydration(page);
  await page
    .getByRole("listitem")
    .filter({ hasText: "Affirmations One" })
    .getByRole("button", { name: "Play Affirmations One" })
    .click();
  await expect
    .poll(() => page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);
  await page.getByRole("region", { name: "Audio player" }).getByRole("button", { name: "Pause" }).click();
}

/**
 * A browser that ignores Clear-Site-Data (the header is taken off every
 * answer): what the device keeps must then go by the worker's and the page's
 * own doing.
 */
async function ignoringClearSiteData(context: BrowserContext) {
  // Pages and their data are the answers that carry it; the build's files and media go as they are.
  const isPage = (url: URL) => !url.pathname.startsWith("/assets/") && !/\.\w+$/.test(url.pathname);
  const isData = (url: URL) => url.pathname.endsWith(".data");
  await context.route(
    (url) => isPage(url) || isData(url),
    async (route) => {
      // A connection the server closed as it was reused is tried once more, as a browser would.
      const response = await route.fetch({ maxRedirects: 0 }).catch(() => route.fetch({ maxRedirects: 0 }));
      const headers = response.headers();
      delete headers["clear-site-data"];
      await route.fulfill({ response, headers });
    },
  );
}

/**
 * A shared phone, as an attacker would use one: whatever the device keeps
 * (the worker's pages, labour mode's history, the player's positions) is the
 * signed-in member's alone, and goes when her session does, wherever it ended.
 */
describe("what a device keeps of a member", () => {
  const browser = useBrowser();

  /** Ruth's phone: she has signed up there, the worker keeps her pages, and labour mode her history. */
  async function ruthsPhone(context: BrowserContext) {
    const ruth = await context.newPage();
    await signUpThroughForm(ruth, { name: "Ruth Mensah" });
    await workerReady(ruth);
    await timeAContraction(ruth);
    await expect.poll(() => storedKeys(ruth)).not.toEqual([]);
    const [key] = (await keptAddresses(ruth)).map((address) => address.split("__member=")[1]!);
    return { ruth, key: key! };
  }

  /** Ada has an account of her own, and asks for a sign-in link from another device. */
  async function adasSignInLink() {
    const elsewhere = await browser.newPage();
    const { email } = await signUpThroughForm(elsewhere, { name: "Ada Quaye" });
    await elsewhere.context().clearCookies();
    await elsewhere.goto("/auth?tier=signin&mode=magic");
    await waitForHydration(elsewhere);
    await elsewhere.getByLabel("Email").fill(email);
    await elsewhere.getByRole("button", { name: "Send magic link" }).click();
    const link = firstLink((await localOutbox(inject("dataDir")).latest(email, /sign-in link/)).text);
    await elsewhere.context().close();
    return link;
  }

  /**
   * On Ruth's phone, without Ruth signing out, Ada opens her link in a new tab; her portal is slow
   * to come, held here until the test has seen the device meanwhile, then lost to a dropped signal.
   */
  async function adaOpensHerLinkOnASlowConnection(context: BrowserContext, link: string) {
    const isPortal = (url: URL) => url.pathname === "/portal";
    let hold!: (route: Route) => void;
    const held = new Promise<Route>((resolve) => (hold = resolve));
    await context.route(isPortal, hold);
    const ada = await context.newPage();
    const opening = ada.goto(link).catch(() => null);
    const portal = await held;
    return {
      ada,
      async signalDrops() {
        await portal.abort("internetdisconnected");
        await opening;
        await context.unroute(isPortal, hold);
        return ada
          .locator("body")
          .innerText()
          .catch(() => "");
      },
    };
  }

  it("shows a second member who signs in with her link on a slow connection nothing of the first's, and no one's kept page when it fails", async () => {
    const context = await browser.newContext({ viewport: "phone" });
    const { ruth } = await ruthsPhone(context);
    const { ada, signalDrops } = await adaOpensHerLinkOnASlowConnection(context, await adasSignInLink());
    // While her portal is on its way, the device already keeps nothing of Ruth's.
    await expect.poll(() => keptAddresses(ruth)).toEqual([]);
    await expect.poll(() => storedKeys(ruth)).toEqual([]);
    // And when it fails, no one's kept page is shown.
    expect(await signalDrops()).not.toContain("Ruth");

    // Online again, Ada's own portal, kept for her alone.
    await ada.goto("/portal");
    await expectHeading(ada, "Welcome, Ada");
    await workerReady(ada);
    await context.setOffline(true);
    const offline = await shownOffline(ada, "/portal");
    expect(offline).toContain("Welcome, Ada");
    expect(offline).not.toContain("Ruth");
    await context.close();
  });

  it("without Clear-Site-Data too: a second member's sign-in shows no one's kept page, and her portal leaves nothing of the first's", async () => {
    const context = await browser.newContext({ viewport: "phone" });
    await ignoringClearSiteData(context);
    const { ruth, key: ruthsKey } = await ruthsPhone(context);
    const { ada, signalDrops } = await adaOpensHerLinkOnASlowConnection(context, await adasSignInLink());
    // The worker couldn't read the sign-in's redirect: when the portal fails, it shows no one's kept page.
    const shown = await signalDrops();
    expect(shown).toContain("You're offline");
    expect(shown).not.toContain("Ruth");

    // Ada's portal: the worker and the page keep nothing of Ruth's any more.
    await ada.goto("/portal");
    await expectHeading(ada, "Welcome, Ada");
    await waitForHydration(ada);
    expect(await ada.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await workerReady(ada);
    expect((await keptAddresses(ada)).join(" ")).not.toContain(ruthsKey);
    await expect.poll(() => storedKeys(ruth)).toEqual([]);
    await context.setOffline(true);
    const offline = await shownOffline(ada, "/portal/labour");
    expect(offline).toContain("Labour mode");
    expect(offline).not.toContain("Ruth");
    // The worker may still be keeping pages in the background: its requests are let go with the context.
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  });

  it("forgets a member deleted in the studio the next time her phone reaches the site: offline, nothing of hers opens", async () => {
    const { page, email } = await signedInPage(browser, { name: "Orla Byrne", viewport: "phone" });
    const context = page.context();
    await workerReady(page);
    await timeAContraction(page);
    await listenAWhile(page);
    await expect
      .poll(() => storedKeys(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/labour/), expect.stringMatching(/position/)]));
    const memberId = await idOf(email);

    const { page: owner } = await enrolledOwner(browser);
    await owner.goto(`/studio/members/${memberId}`);
    await owner.getByLabel("I understand this can't be undone.").check();
    await owner.getByRole("button", { name: "Delete Account" }).click();
    await expectToast(owner, "The account is deleted.");
    await owner.context().close();

    // Her phone opens the portal again, online: it is sent to sign in, and keeps nothing of hers.
    await page.goto("/portal");
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect.poll(() => keptAddresses(page)).toEqual([]);
    expect(await storedKeys(page)).toEqual([]);

    await context.setOffline(true);
    for (const path of ["/portal", "/portal/labour"]) {
      const shown = await shownOffline(page, path);
      expect(shown, path).not.toContain("Orla");
      expect(shown, path).not.toContain(email);
    }
    await context.close();
  });

  it("forgets her pages once her session has ended on another device, at the next page load", async () => {
    const { page, email } = await signedInPage(browser, { name: "Keziah Owusu", viewport: "phone" });
    const context = page.context();
    await workerReady(page);
    await page.goto("/portal/library");
    await expect
      .poll(() => keptAddresses(page))
      .toContainEqual(expect.stringMatching(/^\/portal\/library\?/));

    // Signed in on her laptop too, where she signs out everywhere: every session of hers ends.
    const laptop = await browser.newPage();
    await laptop.goto("/auth?tier=signin");
    await waitForHydration(laptop);
    await laptop.getByLabel("Email").fill(email);
    await laptop.getByLabel("Password").fill(PASSWORD);
    await laptop.getByRole("button", { name: "Sign In" }).click();
    await laptop.waitForURL((url) => url.pathname === "/portal");
    await laptop.context().close();
    const memberId = await idOf(email);
    await withServerDatabase((db) => db.deleteFrom("session").where("userId", "=", memberId).execute());

    await page.reload();
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect.poll(() => keptAddresses(page)).toEqual([]);

    await context.setOffline(true);
    const shown = await shownOffline(page, "/portal/library");
    expect(shown).not.toContain("Your library");
    expect(shown).not.toContain("Keziah");
    await context.close();
  });

  it("without Clear-Site-Data too: the worker forgets her pages once her session has ended elsewhere", async () => {
    const context = await browser.newContext({ viewport: "phone" });
    await ignoringClearSiteData(context);
    const page = await context.newPage();
    const { email } = await signUpThroughForm(page, { name: "Keziah Owusu" });
    await workerReady(page);
    await page.goto("/portal/library");
    await expect
      .poll(() => keptAddresses(page))
      .toContainEqual(expect.stringMatching(/^\/portal\/library\?/));
    const memberId = await idOf(email);
    await withServerDatabase((db) => db.deleteFrom("session").where("userId", "=", memberId).execute());

    await page.reload();
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect.poll(() => keptAddresses(page)).toEqual([]);
    await context.setOffline(true);
    const shown = await shownOffline(page, "/portal/library");
    expect(shown).not.toContain("Your library");
    expect(shown).not.toContain("Keziah");
    // The worker may still be keeping pages in the background: its requests are let go with the context.
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  });

  it("keeps labour mode's history and the player's positions under an opaque key, and deletes them with her account", async () => {
    const { page, email } = await signedInPage(browser, { name: "Maeve Quinn", viewport: "phone" });
    const context = page.context();
    await timeAContraction(page);
    await listenAWhile(page);
    await expect
      .poll(() => storedKeys(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/labour/), expect.stringMatching(/position/)]));
    // Whose they are is not written in her account's id.
    expect((await storedKeys(page)).join(" ")).not.toContain(await idOf(email));

    await page.goto("/portal/profile");
    await waitForHydration(page);
    await page.getByText("Delete my account", { exact: true }).click();
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: /Delete my account for good/ }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Your account and everything in it have been deleted.");
    expect(await storedKeys(page)).toEqual([]);
    await context.close();
  });
});
