import { PDFDocument } from "pdf-lib";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GUIDES, type Guide } from "#app/modules/catalogue/guides.ts";
import { makePremium, signedInPage } from "./support/accounts.ts";
import { baseUrl, expectAccessible, expectHeading, useBrowser } from "./support/browser.ts";

type Who = "visitor" | "free member" | "premium member";

/** What each card should offer, by who is looking and the guide's tier: every guide needs an account, a premium one the premium tier. */
function expectedOffer(who: Who, guide: Guide) {
  if (who === "visitor") return { label: "Sign Up to Access", href: "/auth?tier=free" };
  if (who === "premium member" || guide.isFree)
    return { label: "Download PDF", href: `/guides/${guide.filename}` };
  return { label: "Upgrade to Access", href: "/auth?tier=premium" };
}

/** GET without following redirects, with the browser context's cookies. */
function getGuide(request: APIRequestContext, file: string) {
  return request.get(`/guides/${file}`, { maxRedirects: 0 });
}

async function pageCountOf(bytes: Buffer) {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

function card(page: Page, guide: Guide) {
  return page.getByRole("article", { name: guide.title, exact: true });
}

/** Every card offers what `who` may do, shows its badge and icon, and a page count. */
async function expectCards(page: Page, who: Who) {
  await expect(page.getByRole("article").count()).resolves.toBe(GUIDES.length);
  for (const guide of GUIDES) {
    const guideCard = card(page, guide);
    const offer = expectedOffer(who, guide);
    const action = guideCard.getByRole("link", { name: new RegExp(`^${offer.label}`) });
    expect(await action.getAttribute("href"), guide.id).toBe(offer.href);
    expect(await guideCard.getByRole("link").count(), guide.id).toBe(1);
    expect(
      await guideCard.getByText(guide.isFree ? "Free" : "Premium", { exact: true }).count(),
      guide.id,
    ).toBe(1);
    await expect(guideCard.getByText(/^\d+ pages?$/).textContent()).resolves.toMatch(/pages?$/);
    if (offer.label === "Download PDF") {
      expect(await action.getAttribute("target")).toBe("_blank");
      // Says so to screen readers too, not only with an icon.
      expect(await action.textContent()).toContain("(opens in a new tab)");
    }
  }
}

async function shownPageCount(page: Page, guide: Guide) {
  const text = await card(page, guide)
    .getByText(/^\d+ pages?$/)
    .textContent();
  return Number.parseInt(text ?? "", 10);
}

/** Every request the page made went to this server. */
function recordHosts(page: Page) {
  const hosts = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol.startsWith("ws"))
      hosts.add(url.host);
  });
  return hosts;
}

describe("free downloads", () => {
  const browser = useBrowser();
  const localHost = () => new URL(baseUrl()).host;

  it("offers a visitor sign-ups, sends every download to /auth?tier=free, and loads nothing from elsewhere", async () => {
    const page = await browser.newPage();
    const hosts = recordHosts(page);
    const response = await page.goto("/free-downloads");
    expect(response?.status()).toBe(200);
    await expectHeading(page, "Free downloads");
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual([localHost()]);

    await expectCards(page, "visitor");
    const hero = page.getByRole("link", { name: "Sign Up Free" });
    expect(await hero.getAttribute("href")).toBe("/auth?tier=free");
    const deeper = page.getByRole("region", { name: "Ready to Go Deeper?" });
    expect(await deeper.getByRole("link").getAttribute("href")).toBe("/course");
    await expectAccessible(page);

    for (const guide of GUIDES) {
      const download = await getGuide(page.request, guide.filename);
      expect(download.status(), guide.id).toBe(302);
      expect(download.headers().location, guide.id).toBe("/auth?tier=free");
    }
    await page.context().close();
  });

  it("gives a free member the free guides and an upgrade for the others", async () => {
    const { page } = await signedInPage(browser);
    const hosts = recordHosts(page);
    await page.goto("/free-downloads");
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual([localHost()]);
    await expectCards(page, "free member");
    expect(await page.getByRole("link", { name: "Sign Up Free" }).count()).toBe(0);
    await expectAccessible(page);

    for (const guide of GUIDES) {
      const download = await getGuide(page.request, guide.filename);
      if (guide.isFree) {
        expect(download.status(), guide.id).toBe(200);
        expect(download.headers()["content-type"]).toBe("application/pdf");
        expect(download.headers()["content-disposition"]).toBe(`inline; filename="${guide.filename}"`);
        expect(download.headers()["cache-control"]).toContain("private");
        const bytes = await download.body();
        expect(download.headers()["content-length"]).toBe(String(bytes.length));
        expect(await pageCountOf(bytes), guide.id).toBe(await shownPageCount(page, guide));
      } else {
        expect(download.status(), guide.id).toBe(302);
        expect(download.headers().location, guide.id).toBe("/auth?tier=premium");
      }
    }
    await page.context().close();
  });

  it("gives a premium member every guide, each as long as its card says", async () => {
    const { page, email } = await signedInPage(browser, { viewport: "phone" });
    await makePremium(email);
    const hosts = recordHosts(page);
    await page.goto("/free-downloads");
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual([localHost()]);
    await expectCards(page, "premium member");
    await expectAccessible(page);

    for (const guide of GUIDES) {
      const download = await getGuide(page.request, guide.filename);
      expect(download.status(), guide.id).toBe(200);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      expect(download.headers()["content-disposition"]).toBe(`inline; filename="${guide.filename}"`);
      expect(download.headers().etag).toBeTruthy();
      expect(await pageCountOf(await download.body()), guide.id).toBe(await shownPageCount(page, guide));
    }
    await page.context().close();
  });

  it("answers 404 to anything that isn't one of the six guides, whoever asks", async () => {
    const { page, email } = await signedInPage(browser);
    await makePremium(email);
    const attempts = [
      "..%2f..%2fpackage.json",
      "..%2F..%2F.env",
      "%2e%2e%2fpackage.json",
      "x.txt",
      "book-summary.txt",
      "BOOK-SUMMARY.pdf",
      "missing-guide.pdf",
    ];
    for (const file of attempts) {
      const asMember = await getGuide(page.request, file);
      expect(asMember.status(), file).toBe(404);
      expect(asMember.headers()["content-type"], file).not.toContain("pdf");
      const asVisitor = await fetch(`${baseUrl()}/guides/${file}`, { redirect: "manual" });
      expect(asVisitor.status, file).toBe(404);
      expect(await asVisitor.text(), file).not.toContain('"name": "tidewell"');
    }
    await page.context().close();
  });

  it("works without JavaScript: the cards, their links and the sign-up buttons are all there", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false, viewport: "phone" });
    await page.goto("/free-downloads");
    await expectCards(page, "visitor");
    expect(await page.getByRole("link", { name: "Sign Up Free" }).getAttribute("href")).toBe(
      "/auth?tier=free",
    );
    await page.context().close();
  });
});
