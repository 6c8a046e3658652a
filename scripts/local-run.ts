/**
 * What the scripts that drive a local server share (the bench, the screens):
 * Debian's Chromium started the way this machine allows, and the link in a
 * confirmation email the server left in its local outbox.
 */
import fs from "node:fs";
import path from "node:path";

/** Debian's Chromium: the whole browser, for the bench, the screens and what only it has (notifications). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the end-to-end tests drive: Chromium's headless shell (Debian's chromium-headless-shell,
 * Playwright's own headless default) where it is installed, the whole browser otherwise. It is the
 * same engine without the browser's windows, profiles and services: a browser test takes about a
 * fifth less CPU time in it.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (fs.existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : CHROMIUM_PATH);

/** No sandbox (root), no GPU, and no calls home: the machine has no network beyond itself. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Chromium features a headless browser needs none of: the address bar's popups, which it preloads
 * for every window (two renderers beside each browser context's page), about a seventh of a
 * browser test's CPU time.
 */
const UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * CHROMIUM_ARGS with the unused features switched off. Chromium keeps only the last
 * --disable-features it is given, so this one carries Playwright's own list too, read off the
 * command line of a browser started once with Playwright's defaults (about half a second).
 */
export async function chromiumArgs(): Promise<string[]> {
  const { chromium } = await import("playwright-core");
  const probe = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const spawned = probe.process().spawnargs;
  await probe.close();
  const playwrights = spawned
    .filter((arg) => arg.startsWith("--disable-features="))
    .flatMap((arg) => arg.slice("--disable-features=".length).split(","));
  return [...CHROMIUM_ARGS, `--disable-features=${[...playwrights, ...UNUSED_FEATURES].join(",")}`];
}

/** The link in the sign-up confirmation sent to `email`, waiting up to ten seconds for it. */
export function confirmationLink(dataDir: string, email: string): Promise<string> {
  return emailedLink(dataDir, email, /https?:\/\/\S+verify-email\S+/);
}

/** The first link matching `pattern` in an email the server left in its outbox for `email`, waiting up to ten seconds. */
export async function emailedLink(dataDir: string, email: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  for (let waited = 0; waited < 10_000; waited += 100) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const name of names.filter((n) => n.endsWith(".json"))) {
      const message = JSON.parse(fs.readFileSync(path.join(outbox, name), "utf8")) as {
        to: string;
        text: string;
      };
      const link = message.to === email ? pattern.exec(message.text)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email with ${pattern} for ${email} in ${outbox}`);
}
