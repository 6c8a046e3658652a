import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Waits until the service worker controls the page and has kept the member's dashboard. */
export async function workerReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await expect
    .poll(() => keptAddresses(page), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(/\/portal\?__member=/));
}

/** The addresses of the pages the device keeps for offline use. */
export function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has("tidewell-portal-pages-v1"))) return [];
    const cache = await caches.open("tidewell-portal-pages-v1");
    return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
  });
}

/** The names of what the site keeps in the page's localStorage. */
export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("tidewell")));
}

/**
 * What the device shows for `path` with no signal: the page's text, or the
 * browser's own error page when nothing of the site answers.
 */
export async function shownOffline(page: Page, path: string): Promise<string> {
  await page.goto(path).catch(() => null);
  return page
    .locator("body")
    .innerText()
    .catch(() => "");
}
