/**
 * What a browser sees (Debian's Chromium): the bytes each page downloads,
 * how soon a first tap is answered, and Lighthouse's audit.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import { median, type Measurements } from "./bench-report.ts";
import type { PageScripts } from "./bench-explain.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./local-run.ts";

type Progress = (message: string) => void;

async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/** A member's session cookies ("name=value; …") in a browser context. */
async function signIn(context: BrowserContext, base: string, cookie: string) {
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
}

const hydrated = (tab: Page) =>
  tab.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/**
 * What a browser downloads (compressed) to show each page the first time, and
 * from where; and the scripts each page ran, for `--explain`.
 */
export async function measureFirstViews(base: string, cookie: string, progress: Progress) {
  progress("first views in Chromium");
  return withBrowser(async (browser) => {
    const views: Measurements["firstView"] = [];
    const scripts: PageScripts[] = [];
    const publicPagesWithWorker: string[] = [];
    for (const [page, signedIn] of [
      ["/", false],
      ["/hypno-science", false],
      ["/portal", true],
    ] as const) {
      const context = await browser.newContext();
      if (signedIn) await signIn(context, base, cookie);
      const tab = await context.newPage();
      const loaded: Promise<Loaded | null>[] = [];
      const onFinished = (request: Request) => {
        const url = new URL(request.url());
        loaded.push(
          request.sizes().then(
            (sizes) => ({
              type: request.resourceType(),
              bytes: sizes.responseBodySize,
              host: url.host,
              path: url.pathname,
            }),
            // A request still finishing as the page closes: not part of the view measured.
            () => null,
          ),
        );
      };
      tab.on("requestfinished", onFinished);
      const settled = async () => (await Promise.all(loaded)).filter((r) => r !== null);
      await tab.goto(`${base}${page}`, { waitUntil: "networkidle" });
      const firstView = await settled();
      let afterInteraction = null;
      if (!signedIn) {
        // Public pages start their app when the visitor first moves, taps or types.
        await tab.mouse.move(10, 10);
        await tab.mouse.move(20, 20);
        await hydrated(tab);
        await tab.waitForLoadState("networkidle");
        afterInteraction = await settled();
      }
      tab.off("requestfinished", onFinished);
      // The service worker is the portal's alone: a public page neither registers it nor links a manifest.
      if (!signedIn) {
        const touched = await tab.evaluate(
          async () =>
            (await navigator.serviceWorker.getRegistrations()).length > 0 ||
            document.querySelector('link[rel="manifest"]') !== null,
        );
        if (touched) publicPagesWithWorker.push(page);
      }
      // The scripts the page's JavaScript figure counts: after the first interaction if it has one.
      const ran = (afterInteraction ?? firstView).filter((r) => r.type === "script");
      scripts.push({ page, scripts: ran.map(({ path, bytes }) => ({ path, bytes })) });
      views.push({
        page,
        jsBytes: sumOf(firstView, "script"),
        cssBytes: sumOf(firstView, "stylesheet"),
        jsAfterInteractionBytes: afterInteraction && sumOf(afterInteraction, "script"),
        fontHosts: [...new Set(firstView.filter((r) => r.type === "font").map((r) => r.host))],
        otherHosts: [...new Set(firstView.map((r) => r.host))].filter((host) => host !== new URL(base).host),
      });
      await context.close();
    }
    return { views, scripts, publicPagesWithWorker };
  });
}

/** The navigation's load event, from its start (ms). */
const loadEventMs = (tab: Page) =>
  tab.evaluate(
    () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
  );

/**
 * How soon a member's /portal opens once the service worker keeps it: with no
 * signal (her kept copy) and, for reference, online (network first). Medians
 * of `runs` loads each.
 */
export async function measureOfflineOpen(base: string, cookie: string, runs: number, progress: Progress) {
  progress("the portal with no signal");
  return withBrowser(async (browser) => {
    const context = await browser.newContext();
    await signIn(context, base, cookie);
    const tab = await context.newPage();
    await tab.goto(`${base}/portal`, { waitUntil: "load" });
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await tab.waitForFunction(
      async () => (await (await caches.open("tidewell-portal-pages-v1")).keys()).length > 0,
      null,
      { timeout: 30_000, polling: 200 },
    );
    const online: number[] = [];
    const offline: number[] = [];
    for (let run = 0; run < runs; run++) {
      await tab.goto(`${base}/portal`, { waitUntil: "load" });
      online.push(await loadEventMs(tab));
      await context.setOffline(true);
      await tab.goto(`${base}/portal`, { waitUntil: "load" });
      offline.push(await loadEventMs(tab));
      await context.setOffline(false);
    }
    await context.close();
    return { offlineOpenMs: median(offline), onlineOpenMs: median(online) };
  });
}

interface Loaded {
  type: string;
  bytes: number;
  host: string;
  path: string;
}

function sumOf(requests: { type: string; bytes: number }[], type: string) {
  return requests.filter((r) => r.type === type).reduce((sum, r) => sum + r.bytes, 0);
}

/** Each page's first tap: the control, and how to tell it answered. */
const FIRST_TAPS = [
  {
    page: "/",
    signedIn: false,
    control: "Open menu",
    find: (tab: Page) => tab.getByRole("button", { name: "Open menu" }),
    answered: (tab: Page) => tab.getByRole("dialog").waitFor(),
  },
  {
    page: "/portal",
    signedIn: true,
    control: "a track's Play",
    find: (tab: Page) => tab.getByRole("button", { name: /^Play / }).first(),
    answered: (tab: Page) => tab.getByRole("region", { name: "Audio player" }).waitFor(),
  },
];

/**
 * Interaction to Next Paint of each page's first tap on a phone whose CPU is
 * four times slower (Chromium's throttling): the longest of the tap's events
 * (Event Timing, as web-vitals reads it), the median of `runs`. Beside it, a
 * first tap on the page's heading, where no handler runs. A public page's
 * first tap starts its app and is played again once the app runs; that replay
 * is the page's own doing, not an interaction the browser counts.
 */
export async function measureInp(base: string, cookie: string, runs: number, progress: Progress) {
  return withBrowser(async (browser) => {
    const rows: Measurements["inp"] = [];
    for (const tap of FIRST_TAPS) {
      const figures: number[] = [];
      const references: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        progress(`INP: ${tap.page} (${i + 1}/${runs})`);
        figures.push(
          await firstTap(browser, base, tap.signedIn ? cookie : null, tap.page, tap.find, tap.answered),
        );
        references.push(
          await firstTap(browser, base, tap.signedIn ? cookie : null, tap.page, (tab) =>
            tab.locator("h1").first(),
          ),
        );
      }
      rows.push({
        page: tap.page,
        control: tap.control,
        inpMs: median(figures),
        referenceMs: median(references),
      });
    }
    return rows;
  });
}

/** The page's Event Timing entries that belong to an interaction, kept by the script firstTap adds. */
interface EventTimings {
  benchEventTimings: { interactionId: number; duration: number }[];
}

async function firstTap(
  browser: Browser,
  base: string,
  cookie: string | null,
  page: string,
  find: (tab: Page) => ReturnType<Page["locator"]>,
  answered?: (tab: Page) => Promise<unknown>,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (cookie) await signIn(context, base, cookie);
    const tab = await context.newPage();
    await tab.addInitScript(() => {
      const entries: EventTimings["benchEventTimings"] = [];
      Object.assign(window, { benchEventTimings: entries });
      const keep = (list: PerformanceObserverEntryList) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.interactionId > 0)
            entries.push({ interactionId: entry.interactionId, duration: entry.duration });
        }
      };
      new PerformanceObserver(keep).observe({
        type: "event",
        durationThreshold: 16,
        buffered: true,
      } as PerformanceObserverInit);
      // The first input is reported whatever its duration (events under 16 ms are not).
      new PerformanceObserver(keep).observe({ type: "first-input", buffered: true });
    });
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await tab.goto(`${base}${page}`, { waitUntil: "networkidle" });
    // A member's pages start their app on load; the tap comes once it runs.
    if (cookie) await hydrated(tab);
    await find(tab).tap();
    if (answered) await answered(tab);
    // Event Timing reports an interaction after its next paint; give the observers a moment.
    await tab.waitForFunction(() => (window as unknown as EventTimings).benchEventTimings.length > 0);
    await tab.waitForTimeout(500);
    const entries = await tab.evaluate(() => (window as unknown as EventTimings).benchEventTimings);
    const first = Math.min(...entries.map((e) => e.interactionId));
    return Math.max(...entries.filter((e) => e.interactionId === first).map((e) => e.duration));
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse's mobile audit of the public pages and a member's portal (its
 * session cookie sent as a header with every request), in Debian's Chromium.
 * The portal is kept out of search engines on purpose (noindex), so it is
 * audited for all but SEO.
 */
export async function measureLighthouse(base: string, cookie: string, runs: number, progress: Progress) {
  const scores: NonNullable<Measurements["lighthouse"]> = [];
  for (const [page, signedIn] of [
    ["/", false],
    ["/hypno-science", false],
    ["/free-downloads", false],
    ["/auth", false],
    ["/portal", true],
  ] as const) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      progress(`lighthouse: ${page} (${i + 1}/${runs})`);
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
      });
      try {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", ...(signedIn ? [] : ["seo"])],
          ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        const { categories, finalDisplayedUrl } = result!.lhr;
        if (new URL(finalDisplayedUrl).pathname !== page) {
          throw new Error(`Lighthouse was sent from ${page} to ${finalDisplayedUrl}`);
        }
        const score = (category: string) => Math.round((categories[category]?.score ?? 0) * 100);
        results.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: signedIn ? null : score("seo"),
        });
      } finally {
        chrome.kill();
      }
    }
    scores.push({
      page,
      performance: median(results.map((r) => r.performance)),
      accessibility: median(results.map((r) => r.accessibility)),
      bestPractices: median(results.map((r) => r.bestPractices)),
      seo: signedIn ? null : median(results.map((r) => r.seo ?? 0)),
    });
  }
  return scores;
}
