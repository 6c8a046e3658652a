import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  makePremium,
  signedInPage,
  signUpThroughForm,
  uniqueEmail,
  setTier,
  withServerDatabase,
} from "./support/accounts.ts";
import { baseUrl, expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";
import { keptAddresses, shownOffline, workerReady } from "./support/device.ts";

const audioTime = (page: Page) => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);

/** A session's row in the library. */
const row = (page: Page, title: string) => page.getByRole("listitem").filter({ hasText: title });

describe("the portal offline", () => {
  const browser = useBrowser();

  it("installs from the portal: a manifest with every icon, shortcuts to labour mode and today's practice, a worker that keeps the portal's scripts", async () => {
    const manifest = (await (await fetch(`${baseUrl()}/manifest.webmanifest`)).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/portal", display: "standalone" });
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ["Labour mode", "/portal/labour"],
      ["Today's practice", "/portal"],
    ]);
    const pngs = manifest.icons.filter((icon) => icon.src.endsWith(".png"));
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of [...pngs, { src: "/icons/apple-touch-icon.png", sizes: "180x180" }]) {
      const png = Buffer.from(await (await fetch(`${baseUrl()}${icon.src}`)).arrayBuffer());
      // A PNG's width and height are the two big-endian words after its IHDR tag.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    const worker = await fetch(`${baseUrl()}/sw.js`);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    // It keeps the portal's scripts (labour mode's among them), not the studio's (its overview's).
    const kept = [...(await worker.text()).matchAll(/"url":"assets\/([a-z-]+)-[\w-]{8}\.js"/g)].map(
      ([, name]) => name,
    );
    expect(kept).toContain("labour");
    expect(kept).toContain("dashboard");
    expect(kept).not.toContain("overview");
    expect(kept).not.toContain("members");
  });

  it("leaves public pages alone: no worker, no manifest", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("load");
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
      0,
    );
    await page.context().close();
  });

  it("opens the member's dashboard and the pages she has seen with no signal, says so, and shows an offline page for the rest", async () => {
    const { page } = await signedInPage(browser, { name: "Leila Haddad", viewport: "phone" });
    const context = page.context();
    await waitForHydration(page);
    await workerReady(page);
    await page.goto("/portal/library");
    await page.getByRole("heading", { name: "Your library" }).waitFor();
    await expect
      .poll(() => keptAddresses(page))
      .toContainEqual(expect.stringMatching(/^\/portal\/library\?/));

    await context.setOffline(true);
    await page.goto("/portal");
    await expectHeading(page, "Welcome, Leila");
    await page.getByText("You're offline. Your pages are as they were when you last had a signal").waitFor();
    await expectAccessible(page);

    // Moving within the portal loads the kept page when its data can't be fetched.
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Portal shortcuts" })
      .getByRole("link", { name: "Library" })
      .click();
    await page.getByRole("heading", { name: "Your library" }).waitFor();

    await page.goto("/portal/resources");
    await page.getByRole("heading", { name: "You're offline" }).waitFor();
    // Set in the site's own fonts, which the device keeps, not the system's.
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family);
    });
    expect(fonts.map((family) => family.replaceAll('"', ""))).toEqual(
      expect.arrayContaining(["Inter Variable", "Fraunces Variable"]),
    );
    await expectAccessible(page);
    await context.close();
  });

  it("forgets every kept page when she signs out, and never shows one member's page to the next", async () => {
    const { page } = await signedInPage(browser, { name: "Ruth Mensah" });
    const context = page.context();
    await workerReady(page);
    await page.goto("/portal/library");
    await expect
      .poll(() => keptAddresses(page))
      .toContainEqual(expect.stringMatching(/^\/portal\/library\?/));

    // Another member signs in on the same device without the first signing out.
    await context.clearCookies();
    const second = uniqueEmail("second");
    await signUpThroughForm(page, { name: "Ada Quaye", email: second });
    await waitForHydration(page);
    await expectHeading(page, "Welcome, Ada");
    await workerReady(page);
    expect(await keptAddresses(page)).not.toContainEqual(expect.stringMatching(/^\/portal\/library\?/));
    await context.setOffline(true);
    await page.goto("/portal/library");
    await page.getByRole("heading", { name: "You're offline" }).waitFor();
    await context.setOffline(false);

    // Signing out leaves nothing of hers behind: offline, the device has no page of hers to show.
    await page.goto("/portal");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await keptAddresses(page)).toEqual([]);
    await context.setOffline(true);
    expect(await shownOffline(page, "/portal")).not.toContain("Ada");
    await context.close();
  });

  it("downloads a session with its progress, plays and seeks it from the device with no signal, and removes it", async () => {
    const { page } = await signedInPage(browser, { name: "Mira Patel", viewport: "phone" });
    const context = page.context();
    await workerReady(page);
    await page.goto("/portal/library");
    await waitForHydration(page);
    const affirmations = row(page, "Affirmations One");
    await affirmations.getByRole("button", { name: /^Download Affirmations One/ }).click();
    await affirmations.getByText("Downloaded").waitFor();
    await expectAccessible(page);
    // A session in the Complete Course can't be fetched for a free member, so it offers no download.
    expect(
      await row(page, "Fear Release")
        .getByRole("button", { name: /^Download/ })
        .count(),
    ).toBe(0);

    const fromDevice: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/offline-audio/") && response.fromServiceWorker()) {
        fromDevice.push(response.status());
      }
    });
    await context.setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await affirmations.getByText("Downloaded").waitFor();
    await affirmations.getByRole("button", { name: "Play Affirmations One" }).click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await page.locator("audio").evaluate((audio: HTMLAudioElement) => (audio.currentTime = 40));
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(40.2);
    expect(fromDevice).toContain(206);
    // Its captions were kept with it: with no signal they come from the device too.
    const captions = await page.evaluate(async () => {
      const response = await fetch("/captions/affirmations-purpose.vtt");
      return { status: response.status, text: await response.text() };
    });
    expect(captions.status).toBe(200);
    expect(captions.text).toMatch(/^WEBVTT/);

    await affirmations.getByRole("button", { name: "Remove download of Affirmations One" }).click();
    await affirmations.getByRole("button", { name: /^Download Affirmations One/ }).waitFor();
    // The recording and its captions both go.
    expect(
      await page.evaluate(async () => (await (await caches.open("tidewell-downloads-v1")).keys()).length),
    ).toBe(0);
    await context.close();
  });

  it("downloads every labour session she may play in one go, and shows the room they take in her profile", async () => {
    const { page } = await signedInPage(browser, { name: "Zainab Bello" });
    const context = page.context();
    await workerReady(page);
    await page.goto("/portal/library");
    await waitForHydration(page);
    const labour = page.getByRole("region", { name: "Your labour sessions, with or without a signal" });
    // A free member's labour sessions are the two Foundation ones.
    await labour.getByText(/^2 sessions for labour, 1\.7 MB in all/).waitFor();
    await labour.getByRole("button", { name: "Download all for labour" }).click();
    await labour.getByText("All 2 sessions are on this device.").waitFor();
    await row(page, "Affirmations Two").getByText("Downloaded").waitFor();
    await expectAccessible(page);

    await page.goto("/portal/profile");
    await waitForHydration(page);
    const device = page.getByRole("region", { name: "On this device" });
    await device.getByText("2 sessions are downloaded here.").waitFor();
    await device.getByText(/Tidewell uses [\d.]+ [KMG]B of this device's space/).waitFor();
    await context.close();
  });

  it("removes a download she may no longer keep the next time the portal opens online", async () => {
    const { page, email } = await signedInPage(browser, { name: "Hana Ito" });
    const context = page.context();
    await makePremium(email);
    await workerReady(page);
    await page.goto("/portal/library");
    await waitForHydration(page);
    await row(page, "Fear Release")
      .getByRole("button", { name: /^Download Fear Release/ })
      .click();
    await row(page, "Fear Release").getByText("Downloaded").waitFor();

    // A refund takes the Complete Course back.
    await setTier(email, "free");
    await page.goto("/portal");
    await waitForHydration(page);
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open("tidewell-downloads-v1")).keys()).length),
      )
      .toBe(0);
    await context.close();
  });

  it("keeps a practice completed with no signal, shows it will sync, and counts it once for her day when the signal returns", async () => {
    const { page, email } = await signedInPage(browser, { name: "Noor Rahman", viewport: "phone" });
    const context = page.context();
    await waitForHydration(page);
    await workerReady(page);
    await page.goto("/portal/program");
    await waitForHydration(page);
    await expect
      .poll(() => keptAddresses(page))
      .toContainEqual(expect.stringMatching(/^\/portal\/program\?/));
    // Her date on the device's clock, as the page records it.
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(new Date()),
    );

    await context.setOffline(true);
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await page.getByText("Done for today").waitFor();
    await page.getByText("will sync", { exact: true }).waitFor();
    await page.getByText("1 change will sync when you're back online.").waitFor();
    await expectAccessible(page);
    const [queued] = await outboxItems(page);
    expect(queued).toMatchObject({ kind: "practice", date: today, body: { practisedOn: today } });
    expect(await practiceOf(email)).toBeUndefined();

    // Kept on the device: still there, and still marked, after opening the page again with no signal.
    await page.reload();
    await waitForHydration(page);
    await page.getByText("will sync", { exact: true }).waitFor();

    await context.setOffline(false);
    await page.getByText("will sync", { exact: true }).waitFor({ state: "detached" });
    await page.getByText("Done for today").waitFor();
    await expect
      .poll(() => practiceOf(email))
      .toMatchObject({ last_daily_audio_date: today, affirmation_streak: 1, longest_streak: 1 });
    expect(await outboxItems(page)).toEqual([]);
    const counted = await practiceOf(email);

    // As if its answer had been lost: the same completion is sent again by the next page, and counts nothing.
    await putBackInOutbox(page, queued!);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => outboxItems(page)).toEqual([]);
    await page.getByText("Done for today").waitFor();
    expect(await practiceOf(email)).toEqual(counted);
    await context.close();
  });
});

/** The items the device's outbox holds (what she did with no signal, not sent yet). */
function outboxItems(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(async () => {
    // Opening a database that isn't there would make an empty one, without the app's store.
    if (!(await indexedDB.databases()).some((database) => database.name === "tidewell-outbox")) return [];
    return new Promise((resolve, reject) => {
      const open = indexedDB.open("tidewell-outbox");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const request = open.result.transaction("items").objectStore("items").getAll();
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          open.result.close();
          resolve(request.result as Record<string, unknown>[]);
        };
      };
    });
  });
}

/** Puts an item back in the device's outbox, as if the server's answer to it had been lost. */
function putBackInOutbox(page: Page, item: Record<string, unknown>): Promise<void> {
  return page.evaluate(
    (kept) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("tidewell-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction("items", "readwrite");
          transaction.objectStore("items").put(kept);
          transaction.onerror = () => reject(transaction.error);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    item,
  );
}

/** Her practice as the server counts it: the last day practised and the streak. */
const practiceOf = (email: string) =>
  withServerDatabase((db) =>
    db
      .selectFrom("user_progress")
      .select(["last_daily_audio_date", "affirmation_streak", "longest_streak", "updated_at"])
      .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
      .executeTakeFirst(),
  );
