import { describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

const ARTICLES = [
  "neuroscience-of-calm",
  "oxytocin",
  "relaxation-response",
  "pain-or-power",
  "subconscious-mind",
  "cortisol-vs-calm",
  "babys-first-impression",
];

const PUBLIC_PAGES = [
  "/",
  "/course",
  "/hypno-science",
  "/stories",
  "/free-downloads",
  "/podcast",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/auth",
  ...ARTICLES.map((slug) => `/hypno-science/${slug}`),
];

describe("the public site", () => {
  const browser = useBrowser();

  it("loads every public page without a single request leaving this server", async () => {
    const page = await browser.newPage();
    const own = new URL(baseUrl()).origin;
    const outside: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(own) && !url.startsWith("data:") && !url.startsWith("blob:")) outside.push(url);
    });
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
    }
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it.each([
    ...ARTICLES.map((slug) => `/hypno-science/${slug}`),
    "/stories/priya-induction",
    "/privacy",
    "/terms",
    "/about",
  ])("renders %s with its text and no serious accessibility issue", async (path) => {
    const page = await browser.newPage();
    await page.goto(path);
    expect((await page.locator("main").innerText()).length).toBeGreaterThan(1500);
    await expectAccessible(page);
    await page.context().close();
  });

  it("has an accessibility check that fails on each serious or critical violation, naming it", async () => {
    // A page of its own, not the app's: a page that starts its app could take the planted faults away.
    const page = await browser.newPage();
    const faults = '<img src="data:,"><button></button><p style="color:#eee;background:#fff">Faint words</p>';
    await page.setContent(
      `<!doctype html><html lang="en"><title>Faults</title><main>${faults}</main></html>`,
    );
    const found = await expectAccessible(page).then(
      () => [],
      (error: Error & { actual?: string[] }) => {
        if (!error.actual) throw error;
        return error.actual.map((line) => line.split(" ")[0]);
      },
    );
    expect(found).toEqual(["button-name", "color-contrast", "image-alt"]);
    await page.context().close();
  });

  it("plays and pauses the landing preview, which is served with Range support", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const play = page.getByRole("button", { name: "Play the preview" });
    await play.click();
    const pause = page.getByRole("button", { name: "Pause the preview" });
    await pause.waitFor();
    await expect
      .poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0.2);
    await pause.click();
    await play.waitFor();
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

    // When it ends it goes back to the start and shows Play.
    await page.locator("audio").evaluate((a: HTMLAudioElement) => {
      a.currentTime = Math.max(0, a.duration - 0.3);
      return a.play();
    });
    await play.waitFor({ timeout: 10_000 });
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBe(0);

    const ranged = await fetch(`${baseUrl()}/audio/preview.mp3`, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    await page.context().close();
  });

  it("opens an article from its card and goes back with Back to articles", async () => {
    const page = await browser.newPage();
    await page.goto("/hypno-science");
    await waitForHydration(page);
    expect(await page.getByRole("article").count()).toBe(7);
    const learnMore = page.getByRole("complementary", { name: "Want to Learn More?" });
    expect(await learnMore.getByRole("link").getAttribute("href")).toBe("/auth?tier=free");
    await page.getByRole("link", { name: "Oxytocin: The Shy Hormone of Birth" }).click();
    await page.waitForURL("**/hypno-science/oxytocin");
    await expectHeading(page, "Oxytocin: The Shy Hormone of Birth");
    await page.getByRole("heading", { name: "References" }).waitFor();
    await page.getByRole("link", { name: "Back to articles" }).click();
    await page.waitForURL((url) => url.pathname === "/hypno-science");
    await expectHeading(page, "The science of calm");
    await page.context().close();
  });

  it("answers an unknown article with the 404 screen and its helpful links", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/hypno-science/no-such-article");
    expect(response?.status()).toBe(404);
    await expectHeading(page, "Page Not Found");
    const links = page.getByRole("navigation", { name: "Helpful links" }).getByRole("link");
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")))).toEqual([
      "/course",
      "/free-downloads",
      "/about",
      "/contact",
    ]);
    await page.getByRole("button", { name: "Go Back" }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("loads the podcast player only when asked", async () => {
    const page = await browser.newPage();
    const spotify: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("spotify")) spotify.push(request.url());
    });
    await page.route("https://open.spotify.com/**", (route) =>
      route.fulfill({ status: 200, body: "<html></html>", contentType: "text/html" }),
    );
    await page.goto("/podcast");
    await waitForHydration(page);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(spotify).toEqual([]);
    await page.getByRole("button", { name: "Load the player" }).click();
    const frame = page.locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("height")).toBe("352");
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/open\.spotify\.com\/embed\//);
    await page.context().close();
  });

  it("gives each page a title, description, canonical address and Open Graph tags", async () => {
    const page = await browser.newPage();
    for (const path of ["/", "/course", "/hypno-science/oxytocin", "/contact", "/auth"]) {
      await page.goto(path);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical, path).toBe(`${baseUrl()}${path === "/" ? "" : path}`);
      expect(await page.locator('meta[name="description"]').getAttribute("content"), path).toBeTruthy();
      expect(await page.locator('meta[property="og:title"]').getAttribute("content"), path).toBeTruthy();
      expect(await page.title(), path).toContain("Tidewell");
      expect(await page.locator('meta[name="robots"]').count(), path).toBe(0);
    }
    // The sign-up page is one address for search engines, whichever tab a link opens.
    await page.goto("/auth?tier=premium");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl()}/auth`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    await page.context().close();
  });

  it("describes the course, the articles and the FAQ with structured data", async () => {
    const page = await browser.newPage();
    const types = async (path: string) => {
      await page.goto(path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      return blocks.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
    };
    expect(await types("/course")).toContain("Course");
    expect(await types("/hypno-science/oxytocin")).toContain("Article");
    expect(await types("/contact")).toContain("FAQPage");
    await page.context().close();
  });

  it("publishes a sitemap and robots.txt, and sends /signup to the free sign-up", async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl()}/course</loc>`);
    expect(sitemap).toContain(`<loc>${baseUrl()}/hypno-science/oxytocin</loc>`);
    expect(sitemap).not.toContain("/portal");
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /portal");
    expect(robots).toContain("Disallow: /auth/");
    expect(robots).not.toMatch(/Disallow: \/auth$/m);
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const signup = await fetch(`${baseUrl()}/signup`, { redirect: "manual" });
    expect(signup.status).toBe(301);
    expect(new URL(signup.headers.get("location")!, baseUrl()).href).toBe(`${baseUrl()}/auth?tier=free`);
  });

  it("shows the course's durations and page counts as read from the files", async () => {
    const page = await browser.newPage();
    await page.goto("/course");
    const foundation = page.getByRole("region", { name: "Hypno Foundation Course" });
    expect(await foundation.innerText()).toMatch(/Affirmations One\s+\d+ mins?/);
    expect(await page.getByRole("region", { name: "Hypno Partner Course" }).innerText()).toContain(
      "Coming Soon",
    );
    expect(await page.locator("main").innerText()).toContain("Hospital Bag Checklist\n4 pages");
    await page.context().close();
  });

  // The headless shell may move its pointer over a page as it loads, which starts its app: this needs
  // a page no pointer has touched.
  describe("in the whole browser", () => {
    const whole = useBrowser({ whole: true });

    it("starts a public page's app on the first interaction, without losing the tap that started it", async () => {
      const page = await whole.newPage();
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto("/", { waitUntil: "networkidle" });
      expect(scripts).toEqual([]);

      // The first click both starts the app and, once it runs, plays the preview.
      await page.getByRole("button", { name: "Play the preview" }).click();
      await page.getByRole("button", { name: "Pause the preview" }).waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Pause the preview" }).click();

      // The sign-up page's tabs are served the same way.
      await page.goto("/auth?tier=free", { waitUntil: "networkidle" });
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

      // A page opened with a fragment (a sign-in provider's error, say), and a page that isn't served
      // from the shared cache, start at once.
      const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.goto("/auth?tier=signin#error=access_denied");
      await hydrated();
      await page.getByRole("alert").filter({ hasText: "Authentication failed: access_denied" }).waitFor();
      await page.goto("/stories/no-such-story");
      await hydrated();
      await page.context().close();
    });
  });
});
