import AxeBuilder from "@axe-core/playwright";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { DEFERRED_TYPE } from "../../../server/defer-hydration.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../../scripts/local-run.ts";

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

/** Launches one browser for the test file and closes it afterwards. */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, "--disable-quic"],
    });
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
      return browser.newContext({
        baseURL: baseUrl(),
        viewport: viewports[options.viewport ?? "desktop"],
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        reducedMotion: "reduce",
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
        extraHTTPHeaders: options.onThisMachine ? {} : { "x-forwarded-for": randomVisitorIp() },
      });
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

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
