import axe from "axe-core";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { DEFERRED_TYPE } from "../../../server/defer-hydration.ts";
import { CHROMIUM_PATH, TEST_BROWSER_PATH } from "../../../scripts/local-run.ts";
import { failed, failureDir } from "../../support/failures.ts";

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** An address from the documentation range (TEST-NET-3), different for each visitor. */
function randomVisitorIp() {
  return `203.0.113.${Math.floor(Math.random() * 254) + 1}`;
}

export function baseUrl(): string {
  return inject("baseUrl");
}

/** What a context's pages said, kept to write out if the test fails. */
interface Recorder {
  /** Console messages, page errors, failed requests and error responses, oldest first. */
  events: string[];
}
const MOST_EVENTS = 300;

/** Follows every page the context opens, and traces it in one chunk per test. */
async function record(context: BrowserContext): Promise<Recorder> {
  const recorder: Recorder = { events: [] };
  const note = (page: Page, text: string) => {
    recorder.events.push(`${new Date().toISOString()} ${page.url()}\n  ${text}`);
    if (recorder.events.length > MOST_EVENTS) recorder.events.shift();
  };
  const follow = (page: Page) => {
    page.on("console", (message) => note(page, `console.${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => note(page, `page error: ${error.stack ?? error.message}`));
    page.on("requestfailed", (request) =>
      note(page, `failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
    );
    page.on("response", (response) => {
      if (response.status() >= 400)
        note(page, `${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  };
  context.pages().forEach(follow);
  context.on("page", follow);
  // Actions and console; DOM snapshots and the network too only with E2E_TRACE=full, for a
  // rerun of one failing test: snapshots cost about a tenth of the browser tests' time.
  await context.tracing.start({ snapshots: process.env.E2E_TRACE === "full", screenshots: false });
  await context.tracing.startChunk();
  return recorder;
}

/** Writes out what each open context's pages show and said, with its trace; returns it in brief. */
async function keepFailure(dir: string, contexts: Map<BrowserContext, Recorder>): Promise<string> {
  const brief: string[] = [];
  let n = 0;
  for (const [context, recorder] of contexts) {
    n += 1;
    for (const [i, page] of context.pages().entries()) {
      const name = `context-${n}-page-${i + 1}`;
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => {});
      const html = await page.content().catch(() => null);
      if (html) fs.writeFileSync(path.join(dir, `${name}.html`), `<!-- ${page.url()} -->\n${html}`);
      const text = await page
        .evaluate(() => document.body?.innerText ?? "")
        .catch((error: Error) => `(unreadable: ${error.message})`);
      brief.push(`${name} at ${page.url()} shows:\n${squeeze(text, BRIEF_PAGE_CHARS)}`);
    }
    fs.writeFileSync(path.join(dir, `context-${n}-console.txt`), recorder.events.join("\n"));
    if (recorder.events.length > 0)
      brief.push(`context-${n} said last:\n${recorder.events.slice(-BRIEF_EVENTS).join("\n")}`);
    await context.tracing.stopChunk({ path: path.join(dir, `context-${n}-trace.zip`) }).catch(() => {});
    await context.tracing.startChunk().catch(() => {});
  }
  return brief.join("\n\n");
}

// What a failure's message carries of each page, for a run whose files can't be opened afterwards (CI).
const BRIEF_PAGE_CHARS = 1_200;
const BRIEF_EVENTS = 8;
const squeeze = (text: string, most: number) => {
  const lines = text.replace(/\n{2,}/g, "\n").trim();
  return lines.length > most ? `${lines.slice(0, most)} …` : lines;
};

/**
 * Launches one browser for the test file and closes it afterwards: the
 * headless shell, or with `whole` the whole browser, for what the shell can't
 * do (it denies every site notifications, and may move its pointer over a page
 * as it loads). Every context it makes is traced; a failed test keeps each open
 * context's screenshots, DOM, console and trace (tests/support/failures.ts).
 */
export function useBrowser(options: { whole?: boolean } = {}) {
  let browser: Browser | undefined;
  const contexts = new Map<BrowserContext, Recorder>();
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: options.whole ? CHROMIUM_PATH : TEST_BROWSER_PATH,
      args: [...inject("chromiumArgs"), "--disable-quic"],
    });
  });
  afterEach(async (context) => {
    if (failed(context)) {
      const brief = await keepFailure(failureDir(context), contexts);
      for (const error of context.task.result?.errors ?? []) error.message = `${error.message}\n\n${brief}`;
      return;
    }
    // A passing test's trace is dropped; the next test's starts afresh.
    for (const open of contexts.keys()) {
      await open.tracing.stopChunk().catch(() => {});
      await open.tracing.startChunk().catch(() => {});
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** `onThisMachine`: a browser beside the server, not a visitor behind the proxy (the local outbox answers only it). */
    async newContext(
      options: {
        viewport?: keyof typeof viewports;
        javaScriptEnabled?: boolean;
        onThisMachine?: boolean;
        /** The device's time zone (an IANA name); the machine's when not given. */
        timezoneId?: string;
      } = {},
    ): Promise<BrowserContext> {
      if (!browser) throw new Error("The browser is not running");
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: viewports[options.viewport ?? "desktop"],
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        reducedMotion: "reduce",
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
        extraHTTPHeaders: options.onThisMachine ? {} : { "x-forwarded-for": randomVisitorIp() },
      });
      contexts.set(context, await record(context));
      context.on("close", () => contexts.delete(context));
      return context;
    },
    async newPage(options?: {
      viewport?: keyof typeof viewports;
      javaScriptEnabled?: boolean;
      onThisMachine?: boolean;
    }): Promise<Page> {
      const context = await this.newContext(options);
      return context.newPage();
    },
  };
}

const HYDRATION_TRIES = 6;
const HYDRATION_TRY_MS = 5_000;

/**
 * Waits until React has hydrated the page, so clicks reach their handlers. If it doesn't, the
 * error says what the page went through meanwhile: its failed requests, errors and console.
 */
export async function waitForHydration(page: Page) {
  const seen: string[] = [];
  const onFailed = (request: Request) =>
    seen.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
  const onResponse = (response: Response) => {
    if (response.status() >= 400) seen.push(`${response.status()}: ${response.url()}`);
  };
  const onPageError = (error: Error) => seen.push(`page error: ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") seen.push(`console: ${message.text()}`);
  };
  page.on("requestfailed", onFailed);
  page.on("response", onResponse);
  page.on("pageerror", onPageError);
  page.on("console", onConsole);
  try {
    // A public page starts its app on the visitor's first interaction (server/defer-hydration.ts).
    // The pointer moves again every few seconds, in case a busy browser let a move go unseen.
    for (let attempt = 0; attempt < HYDRATION_TRIES; attempt++) {
      await page.mouse.move(1 + (attempt % 2) * 10, 1);
      await page.mouse.move(2 + (attempt % 2) * 10, 2);
      const hydrated = await page
        .waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
          timeout: HYDRATION_TRY_MS,
        })
        .then(() => true)
        .catch(() => false);
      if (hydrated) return;
    }
    const started = await page.evaluate(
      (inertType) => !document.querySelector(`script[type="${inertType}"]`),
      DEFERRED_TYPE,
    );
    throw new Error(
      `${page.url()} did not hydrate in ${(HYDRATION_TRIES * HYDRATION_TRY_MS) / 1000} s; its app ${started ? "started" : "never started"}.\n` +
        (seen.length > 0 ? seen.join("\n") : "No failed request, page error or console message."),
    );
  } finally {
    page.off("requestfailed", onFailed);
    page.off("response", onResponse);
    page.off("pageerror", onPageError);
    page.off("console", onConsole);
  }
}

/**
 * The axe rules that can't report a serious or critical violation: axe gives each violation its
 * rule's own impact, so a minor or moderate rule's findings would be filtered out below anyway.
 * Skipping them (and keeping only violations' details) makes each check about a third cheaper.
 */
const RULES_BELOW_SERIOUS = Object.fromEntries(
  (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
    .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
    .map((rule) => [rule.id, { enabled: false }]),
);

/**
 * No serious or critical accessibility violation on the page as it is now. On the PostgreSQL pass the
 * page is the same build's markup as on SQLite, where axe has checked it: there the check is left out.
 *
 * axe runs in the page itself, put there once per document. (@axe-core/playwright's builder put it
 * into the page and into a blank page it opened for each check, to gather frames' results there: ten
 * times the work, for frames our pages don't have. The one frame the site can show, the podcast's
 * player, is Spotify's, loaded only when asked for.)
 */
export async function expectAccessible(page: Page) {
  if (inject("databaseUrl")) return;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = { rules: RULES_BELOW_SERIOUS, resultTypes: ["violations"], iframes: false };
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    options,
  );
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    ),
  ).toEqual([]);
}

/** Waits for the page's main heading to read exactly `text` (client navigation renders a moment after the URL changes). */
export async function expectHeading(page: Page, text: string) {
  const heading = page.getByRole("heading", { level: 1 });
  await expect.poll(() => heading.textContent(), { timeout: 5000 }).toBe(text);
}

/**
 * Follows the page's own requests, so a test can wait for every save it queued to land:
 * `networkidle` has already fired once the page loaded, so waiting for it again returns at once.
 */
export function trackRequests(page: Page) {
  // Only requests sent from now on: one already on its way when tracking starts may finish after.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const change = (update: () => void) => {
    update();
    lastChange = Date.now();
  };
  page.on("request", (request) => change(() => inFlight.add(request)));
  page.on("requestfinished", (request) => change(() => inFlight.delete(request)));
  page.on("requestfailed", (request) => change(() => inFlight.delete(request)));
  return {
    /** Resolves once no request has been in flight for `quietMs`: a click queued behind a save has been sent and answered. */
    async settled(quietMs = 1000) {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, {
          timeout: 15_000,
          interval: 100,
        })
        .toBe(true);
    },
  };
}
