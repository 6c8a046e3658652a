import type { BrowserContext, Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./support/accounts.ts";
import { expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

const THANK_YOU = "Thank you! We'll get back to you soon.";

/**
 * The portal's resource centre and its members' versions of the podcast,
 * Hypno-Science and contact pages: inside the portal, searchable with and
 * without JavaScript, and accessible at desktop and phone widths.
 */
describe("the portal's resource centre and content pages", () => {
  const browser = useBrowser();
  let member: { name: string; email: string; cookies: Cookie[] };

  beforeAll(async () => {
    const { context, name, email } = await signedInContext(browser, { name: "Noor Haddad" });
    member = { name, email, cookies: await context.cookies() };
    await context.close();
  });

  /** A fresh browser context signed in as the member. */
  async function memberPage(
    path: string,
    options: { viewport?: "desktop" | "phone"; javaScriptEnabled?: boolean } = {},
  ): Promise<Page> {
    const context: BrowserContext = await browser.newContext(options);
    await context.addCookies(member.cookies);
    const page = await context.newPage();
    await page.goto(path);
    if (options.javaScriptEnabled !== false) await waitForHydration(page);
    return page;
  }

  const cards = (page: Page) => page.getByRole("main").getByRole("article");
  const cardTitles = (page: Page) => cards(page).getByRole("heading", { level: 2 }).allTextContents();
  const countStatus = (page: Page) => page.getByRole("status").filter({ hasText: /^\d+ resources?$/ });
  const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search resources" });
  const chip = (page: Page, name: string) =>
    page.getByRole("group", { name: "Show" }).getByRole("button", { name, exact: true });

  describe("resources", () => {
    it("shows the ten resources, each with its category, at most three tags, and its link or 'Coming soon'", async () => {
      const page = await memberPage("/portal/resources");
      await expectHeading(page, "Resource centre");
      expect(await page.title()).toBe("Resources · Tidewell");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      await page.getByRole("navigation", { name: "Portal" }).waitFor();

      expect(await cards(page).count()).toBe(10);
      expect(await countStatus(page).textContent()).toBe("10 resources");
      for (const card of await cards(page).all()) {
        const tags = await card.getByRole("list", { name: "Tags" }).getByRole("listitem").count();
        expect(tags).toBeGreaterThanOrEqual(1);
        expect(tags).toBeLessThanOrEqual(3);
        expect(await card.textContent()).toMatch(/^(Guide|Video|FAQ|Article)/);
      }

      // An article opens in the portal's own reader; a video still being filmed says so.
      const oxytocin = cards(page).filter({ hasText: "Oxytocin: the shy hormone of birth" });
      expect(await oxytocin.getByRole("link").getAttribute("href")).toBe("/portal/hypno-science/oxytocin");
      const video = cards(page).filter({ hasText: "Video: calm breathing in three minutes" });
      expect(await video.getByRole("link").count()).toBe(0);
      await video.getByText("Coming soon", { exact: true }).waitFor();
      await page.context().close();
    });

    it("filters as she types, case-insensitively over titles, descriptions and tags, without reloading", async () => {
      const page = await memberPage("/portal/resources");
      // A mark on the window survives only if the page is never reloaded.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      const historyLength = await page.evaluate(() => history.length);

      await searchBox(page).pressSequentially("BREATH");
      await expect.poll(() => cardTitles(page)).toContain("Video: calm breathing in three minutes");
      expect(await cardTitles(page)).not.toContain("Hospital Bag Checklist");
      const found = await cards(page).count();
      expect(await countStatus(page).textContent()).toBe(
        `${found} ${found === 1 ? "resource" : "resources"}`,
      );
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("BREATH");

      // A word that is only in a tag.
      await searchBox(page).fill("Routine");
      await expect.poll(() => cardTitles(page)).toEqual(["How often should I listen?"]);
      expect(await countStatus(page).textContent()).toBe("1 resource");

      expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
      // Typing replaced the address rather than adding an entry per keystroke.
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      await expectAccessible(page);
      await page.context().close();
    });

    it("filters by category, and clicking the active category clears it", async () => {
      const page = await memberPage("/portal/resources");
      // The videos are still being filmed: their cards say so, and no filter leads only to them.
      expect(await chip(page, "Videos").count()).toBe(0);
      expect(await page.getByText("Coming soon").count()).toBe(2);
      const guides = chip(page, "Guides");
      expect(await guides.getAttribute("aria-pressed")).toBe("false");
      expect(await chip(page, "All").getAttribute("aria-pressed")).toBe("true");

      await guides.click();
      await expect.poll(() => guides.getAttribute("aria-pressed")).toBe("true");
      expect(await chip(page, "All").getAttribute("aria-pressed")).toBe("false");
      expect(await cardTitles(page)).toEqual([
        "Start here: your two-week programme",
        "Hospital Bag Checklist",
        "Birth Affirmations and Scripts",
      ]);
      expect(await countStatus(page).textContent()).toBe("3 resources");
      expect(new URL(page.url()).searchParams.get("category")).toBe("guide");

      // Search and category together.
      await searchBox(page).fill("bag");
      await expect.poll(() => cardTitles(page)).toEqual(["Hospital Bag Checklist"]);
      await searchBox(page).fill("");

      await guides.click();
      await expect.poll(() => guides.getAttribute("aria-pressed")).toBe("false");
      expect(await cards(page).count()).toBe(10);
      expect(new URL(page.url()).searchParams.has("category")).toBe(false);

      await chip(page, "FAQs").click();
      await expect.poll(() => cards(page).count()).toBe(3);
      await chip(page, "All").click();
      await expect.poll(() => cards(page).count()).toBe(10);
      await page.context().close();
    });

    it("says kindly when nothing matches, and clears the search from there", async () => {
      const page = await memberPage("/portal/resources");
      await searchBox(page).fill("zebra crossing");
      await expectStatus(page, "0 resources");
      expect(await cards(page).count()).toBe(0);
      await page.getByRole("heading", { name: "Nothing matches “zebra crossing”" }).waitFor();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Clear the search" }).click();
      await expectStatus(page, "10 resources");
      expect(await searchBox(page).inputValue()).toBe("");
      // Her place is kept: the button she pressed is gone, so focus goes back to the search box.
      expect(await searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
      expect(new URL(page.url()).search).toBe("");

      // A suggestion from the empty state searches for it.
      await searchBox(page).fill("qqq");
      await page.getByRole("link", { name: "sleep", exact: true }).click();
      await expect.poll(() => searchBox(page).inputValue()).toBe("sleep");
      expect(await cardTitles(page)).toContain("Is it OK to fall asleep while listening?");
      await page.context().close();
    });

    it("opens a filtered address as it is, and follows the sidebar link back to everything", async () => {
      const page = await memberPage("/portal/resources?q=birth%20partner&category=guide");
      expect(await searchBox(page).inputValue()).toBe("birth partner");
      expect(await chip(page, "Guides").getAttribute("aria-pressed")).toBe("true");
      expect(await cardTitles(page)).toEqual(["Hospital Bag Checklist", "Birth Affirmations and Scripts"]);

      await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Resources" }).click();
      await expect.poll(() => searchBox(page).inputValue()).toBe("");
      await expect.poll(() => cards(page).count()).toBe(10);
      expect(await chip(page, "All").getAttribute("aria-pressed")).toBe("true");
      await page.context().close();
    });

    it("marks the current page in the sidebar, and moves the mark as she goes", async () => {
      const page = await memberPage("/portal/resources?q=sleep");
      const nav = page.getByRole("navigation", { name: "Portal" });
      const current = () =>
        nav.locator('a[aria-current="page"]').evaluateAll((links) => links.map((link) => link.textContent));
      expect(await current()).toEqual(["Resources"]);

      await nav.getByRole("link", { name: "Library" }).click();
      await page.waitForURL("**/portal/library");
      await expect.poll(current).toEqual(["Library"]);
      await nav.getByRole("link", { name: "Dashboard" }).click();
      await page.waitForURL(/\/portal$/);
      await expect.poll(current).toEqual(["Dashboard"]);
      await page.context().close();
    });

    it("works without JavaScript: the GET form is filtered on the server", async () => {
      const page = await memberPage("/portal/resources", { javaScriptEnabled: false });
      expect(await cards(page).count()).toBe(10);

      await searchBox(page).fill("breath");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === "breath");
      expect(await cardTitles(page)).toContain("Video: calm breathing in three minutes");
      expect(await cards(page).count()).toBeLessThan(10);
      expect(await searchBox(page).inputValue()).toBe("breath");

      // Pressing a category chooses it; pressing it again clears just the category.
      await page.goto("/portal/resources");
      await chip(page, "Articles").click();
      await page.waitForURL((url) => url.searchParams.get("category") === "article");
      expect(await cards(page).count()).toBe(2);
      expect(await chip(page, "Articles").getAttribute("aria-pressed")).toBe("true");

      // Enter in the box keeps the chosen category.
      await searchBox(page).fill("oxytocin");
      await searchBox(page).press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === "oxytocin");
      expect(new URL(page.url()).searchParams.get("category")).toBe("article");
      expect(await cardTitles(page)).toEqual(["Oxytocin: the shy hormone of birth"]);

      await chip(page, "Articles").click();
      await page.waitForURL((url) => !url.searchParams.get("category"));
      expect(await chip(page, "Articles").getAttribute("aria-pressed")).toBe("false");
      expect(await cardTitles(page)).toEqual(["Oxytocin: the shy hormone of birth"]);

      await searchBox(page).fill("zebra crossing");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByRole("heading", { name: "Nothing matches “zebra crossing”" }).waitFor();
      await page.getByRole("link", { name: "Clear the search" }).click();
      await page.waitForURL((url) => url.pathname === "/portal/resources" && url.search === "");
      expect(await cards(page).count()).toBe(10);
      await page.context().close();
    });
  });

  describe("podcast, Hypno-Science and contact inside the portal", () => {
    it("shows the podcast with its player, loaded only when asked", async () => {
      const page = await memberPage("/portal/podcast");
      await expectHeading(page, "Ten-minute appointments leave a lot unsaid");
      await page.getByRole("navigation", { name: "Portal" }).waitFor();
      expect(await page.title()).toBe("Podcast · Tidewell");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expect(await page.locator("iframe").count()).toBe(0);
      await page.getByRole("button", { name: "Load the player" }).waitFor();
      await page.getByRole("link", { name: /Listen on Spotify/ }).waitFor();
      await page.context().close();
    });

    it("lists the articles, opens one in the portal's reader, and goes back", async () => {
      const page = await memberPage("/portal/hypno-science");
      await expectHeading(page, "The science of calm");
      expect(await page.title()).toBe("Hypno-Science · Tidewell");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expect(await page.getByRole("main").getByRole("article").count()).toBe(7);
      // The invitation suits a member: her library, not a sign-up.
      const invitation = page.getByRole("complementary", { name: "Want to Learn More?" });
      expect(await invitation.getByRole("link").getAttribute("href")).toBe("/portal/library");

      await page.getByRole("link", { name: "Oxytocin: The Shy Hormone of Birth" }).click();
      await page.waitForURL((url) => url.pathname === "/portal/hypno-science/oxytocin");
      await expectHeading(page, "Oxytocin: The Shy Hormone of Birth");
      await page.getByRole("navigation", { name: "Portal" }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      await page.getByRole("heading", { name: "References" }).waitFor();
      const next = page.getByRole("link", { name: "Listen in your library" });
      expect(await next.getAttribute("href")).toBe("/portal/library");

      await page.getByRole("link", { name: "Back to articles" }).click();
      await page.waitForURL((url) => url.pathname === "/portal/hypno-science");
      await expectHeading(page, "The science of calm");
      await page.context().close();
    });

    it("answers an unknown article with the 404 screen, still inside the portal", async () => {
      const context = await browser.newContext();
      await context.addCookies(member.cookies);
      const page = await context.newPage();
      const response = await page.goto("/portal/hypno-science/no-such-article");
      expect(response?.status()).toBe(404);
      await expectHeading(page, "Page Not Found");
      await page.getByRole("navigation", { name: "Portal" }).waitFor();
      await context.close();
    });

    it("sends a message from the portal's contact page, with her name and email filled in", async () => {
      const page = await memberPage("/portal/contact");
      await expectHeading(page, "Get in Touch");
      await page.getByRole("navigation", { name: "Portal" }).waitFor();
      expect(await page.title()).toBe("Contact us · Tidewell");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expect(await page.getByLabel("Your name").inputValue()).toBe(member.name);
      expect(await page.getByLabel("Email", { exact: false }).first().inputValue()).toBe(member.email);

      await page.getByLabel("Your message").fill("Can my partner listen to the sessions with me?");
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByRole("status").filter({ hasText: THANK_YOU }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/portal/contact");
      expect(await page.getByLabel("Your message").inputValue()).toBe("");
      // Ready for another: her details stay.
      expect(await page.getByLabel("Your name").inputValue()).toBe(member.name);
      await page.context().close();
    });

    it("checks the portal's contact form on the server too when JavaScript is off", async () => {
      const page = await memberPage("/portal/contact", { javaScriptEnabled: false });
      await page.getByLabel("Your message").fill("   ");
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByText("Please write your message").waitFor();
      expect(new URL(page.url()).pathname).toBe("/portal/contact");
      await page.context().close();
    });
  });

  // One signed-in page per width, one test per portal page: each a single axe run, well inside a test's time.
  describe.each(["desktop", "phone"] as const)("accessibility at %s width", (viewport) => {
    let page: Page;
    beforeAll(async () => {
      page = await memberPage("/portal", { viewport });
      return () => page.context().close();
    });

    it.each([
      ["/portal", null],
      ["/portal/program", "Your programme"],
      ["/portal/library", "Your library"],
      ["/portal/profile", "Your profile"],
      ["/portal/receipt", "Your receipt"],
    ] as const)("passes axe on the member's own page %s", async (path, heading) => {
      await page.goto(path);
      await waitForHydration(page);
      if (heading) await expectHeading(page, heading);
      await expectAccessible(page);
    });

    it.each([
      ["/portal/resources", "Resource centre"],
      ["/portal/podcast", "Ten-minute appointments leave a lot unsaid"],
      ["/portal/hypno-science", "The science of calm"],
      ["/portal/hypno-science/cortisol-vs-calm", null],
      ["/portal/contact", "Get in Touch"],
    ] as const)("passes axe on %s, inside the portal's menu", async (path, heading) => {
      await page.goto(path);
      await waitForHydration(page);
      if (heading) await expectHeading(page, heading);
      await page
        .getByRole("navigation", { name: viewport === "phone" ? "Portal shortcuts" : "Portal" })
        .waitFor();
      await expectAccessible(page);
    });

    it("passes axe on the resource centre's empty state, a category chosen", async () => {
      await page.goto("/portal/resources?q=zebra&category=faq");
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Nothing matches “zebra” in FAQs" }).waitFor();
      await expectAccessible(page);
    });
  });

  describe("how a portal page starts", () => {
    it.each(["/portal", "/portal?view=fresh"])(
      "sends %s to paint before its app is fetched, and starts the app with no tap",
      async (path) => {
        const context = await browser.newContext();
        await context.addCookies(member.cookies);
        const page = await context.newPage();
        const scripts: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        const response = await page.goto(path);
        // As sent (kept, or rendered afresh): nothing in it fetches or runs the app while the page loads.
        const html = await response!.text();
        expect(html).not.toContain('<link rel="modulepreload"');
        expect(html).not.toMatch(/<script[^>]* type="module"/);
        await expectHeading(page, "Welcome, Noor");
        // Then, with no pointer, key or touch, the app starts, its modules fetched together.
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        const preloaded = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
            (link) => new URL(link.href).pathname,
          ),
        );
        expect(preloaded.length).toBeGreaterThan(5);
        expect(scripts).toEqual(expect.arrayContaining(preloaded));
        // And it works: the portal's menu answers a tap.
        await page.getByRole("link", { name: "Resources" }).first().click();
        await expectHeading(page, "Resource centre");
        await context.close();
      },
    );
  });
});

async function expectStatus(page: Page, text: string) {
  await expect
    .poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: /^\d+ resources?$/ })
        .textContent(),
    )
    .toBe(text);
}
