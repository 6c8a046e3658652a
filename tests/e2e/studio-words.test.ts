import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, sharedServer, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { signUpMember, visitor } from "./support/security.ts";
import { enrolledOwner } from "./support/studio.ts";
import { unusedTotpCode } from "../support/totp.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";

const ARTICLE = "/hypno-science/oxytocin";
const EDITOR = "/studio/words/article/oxytocin";
const COURSE_EDITOR = "/studio/words/course/course";
const COURSE_HEADLINE = "Calm, practical preparation for birth";

/** A page as a visitor with no cookies gets it (so from the server's page cache), from one instance. */
async function pageText(origin: string, path: string): Promise<string> {
  const response = await fetch(new URL(path, origin), { redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
}

/**
 * The owner edits an article's title in the studio and publishes it: visitors see it at once, on the
 * article list and the article's page, its structured data too; a second instance sharing the database
 * shows it within a second or so, though it had the old page kept. A draft is never shown, members and
 * visitors can't open the editor, and bringing the first revision back puts the site as it was.
 */
describe("the site's words, edited in the studio", () => {
  const browser = useBrowser();
  let second: ServerProcess;

  beforeAll(async () => {
    const shared = sharedServer();
    // The same database: on PostgreSQL its URL, on SQLite the same data directory (and so the same file).
    second = await startServer(
      shared.databaseUrl
        ? { DATABASE_URL: shared.databaseUrl, APP_SECRET: crypto.randomBytes(32).toString("hex") }
        : { DATA_DIR: shared.dataDir },
    );
  });
  afterAll(async () => {
    await second?.stop();
  });

  it("publishes an article's new title to every instance at once, and brings the old one back", async () => {
    const shared = sharedServer();
    const original = await withServerDatabase(async (db) => {
      const row = await db
        .selectFrom("content_revisions")
        .select("fields")
        .where("kind", "=", "article")
        .where("slug", "=", "oxytocin")
        .where("state", "=", "published")
        .executeTakeFirstOrThrow();
      return (JSON.parse(row.fields) as { title: string }).title;
    });
    const retitled = `Oxytocin, the calm hormone ${crypto.randomInt(1_000_000)}`;
    // The second instance keeps the article's page as it is now.
    expect(await pageText(second.baseUrl, ARTICLE)).toContain(original);

    // Neither a visitor nor a member can open the editor or post to it.
    const stranger = visitor(shared.baseUrl);
    const visit = await stranger.request(EDITOR);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toMatch(/^\/auth\?tier=signin/);
    const member = await signUpMember(shared, { label: "words-member" });
    expect((await member.client.request(EDITOR)).status).toBe(403);
    const forged = await member.client.request(EDITOR, {
      method: "POST",
      form: { intent: "publish", "field.title": "Forged", body: "Forged" },
    });
    expect(forged.status).toBe(403);

    const { page: owner, email: ownerEmail, key, step } = await enrolledOwner(browser);
    await owner.goto("/studio/words");
    await owner.getByRole("heading", { name: "Words", level: 1 }).waitFor();
    await owner.locator(`a[href="${EDITOR}"]`).click();
    // Her page's heading; the preview below has the article's own.
    await owner.getByRole("heading", { name: original, level: 1 }).first().waitFor();
    await waitForHydration(owner);
    const preview = owner.locator("section[aria-labelledby=preview-heading]");
    await preview.getByRole("heading", { name: original, level: 1 }).waitFor();
    await expectAccessible(owner);

    // An empty title is refused, with why, and nothing changes.
    await owner.getByLabel("Title", { exact: true }).fill("");
    await owner.getByRole("button", { name: "Save draft" }).click();
    await owner.getByRole("alert").filter({ hasText: "Title can't be empty." }).first().waitFor();

    // A draft is hers alone: the site still shows what is published.
    await owner.getByLabel("Title", { exact: true }).fill(`${retitled} (draft)`);
    await owner.getByRole("button", { name: "Save draft" }).click();
    await expectToast(owner, "Saved a draft of the article");
    expect(await pageText(shared.baseUrl, ARTICLE)).not.toContain(`${retitled} (draft)`);

    // The new title, and a script planted in the Markdown, shown in the preview as she types.
    await owner.getByLabel("Title", { exact: true }).fill(retitled);
    const body = owner.getByLabel("Article", { exact: true });
    await body.fill(`${await body.inputValue()}\n\n<script>window.planted = true</script>`);
    await preview.getByRole("heading", { name: retitled, level: 1 }).waitFor();
    // Eleven minutes since her code (moved back in the database): Publish asks for it again first,
    // and brings her back to the editor with what she had typed.
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", ownerEmail))
        .execute(),
    );
    await owner.getByRole("button", { name: "Publish" }).click();
    await owner.waitForURL((url) => url.pathname === "/studio/check");
    await owner.getByLabel("6-digit code").fill((await unusedTotpCode(key, step)).code);
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.waitForURL((url) => url.pathname === EDITOR);
    await owner.getByText("Your changes that weren't saved yet are back in the editor.").waitFor();
    await waitForHydration(owner);
    expect(await owner.getByLabel("Title", { exact: true }).inputValue()).toBe(retitled);
    expect(await pageText(shared.baseUrl, ARTICLE)).not.toContain(retitled);
    await owner.getByRole("button", { name: "Publish" }).click();
    await expectToast(owner, "Published the article ‘Oxytocin, the calm hormone");

    // A visitor sees it at once, on the list and the article, its structured data and sitemap with it.
    expect(await pageText(shared.baseUrl, "/hypno-science")).toContain(retitled);
    const article = await pageText(shared.baseUrl, ARTICLE);
    expect(article).toContain(`>${retitled}</h1>`);
    expect(article).toContain(`"headline":"${retitled}"`);
    expect(article).toContain(`<title>${retitled} · Tidewell</title>`);
    expect(article).toContain(`<meta property="og:title" content="${retitled}"/>`);
    expect(article).not.toContain("<script>window.planted");
    expect(article).toContain("&lt;script&gt;window.planted");
    // And the second instance, within its second's trust in the version it read.
    await expect.poll(async () => (await pageText(second.baseUrl, ARTICLE)).includes(retitled)).toBe(true);
    expect(await pageText(second.baseUrl, "/hypno-science")).toContain(retitled);

    // In the list, published now (the draft before it retired); in the audit log, in her words.
    await owner.goto("/studio/words");
    const row = owner.getByRole("row").filter({ has: owner.locator(`a[href="${EDITOR}"]`) });
    await expect.poll(() => row.textContent()).toContain("Published");
    await owner.goto("/studio/audit");
    await owner.getByText("the article ‘Oxytocin, the calm hormone").first().waitFor();

    // The first revision, brought back: the site is as it was.
    await owner.goto(EDITOR);
    await owner.getByRole("link", { name: "Open revision 1" }).click();
    await owner.getByText("This is the text of revision 1.").waitFor();
    await expect.poll(() => owner.getByLabel("Title", { exact: true }).inputValue()).toBe(original);
    await waitForHydration(owner);
    await owner.getByRole("button", { name: "Publish" }).click();
    await expectToast(owner, "Published the article");
    expect(await pageText(shared.baseUrl, ARTICLE)).toContain(original);
    await expect.poll(async () => (await pageText(second.baseUrl, ARTICLE)).includes(retitled)).toBe(false);
    await owner.close();
  });

  it("publishes the course page's new headline to visitors at once, the price still the server's", async () => {
    const shared = sharedServer();
    const headline = `Calm, ready, together ${crypto.randomInt(1_000_000)}`;
    const description = `Hypnobirthing for you and your birth partner ${crypto.randomInt(1_000_000)}.`;
    expect(await pageText(shared.baseUrl, "/course")).toContain(`>${COURSE_HEADLINE}</h1>`);

    const { page: owner } = await enrolledOwner(browser);
    await owner.goto("/studio/words");
    await owner.locator(`a[href="${COURSE_EDITOR}"]`).click();
    await owner.getByRole("heading", { name: COURSE_HEADLINE, level: 1 }).first().waitFor();
    await waitForHydration(owner);
    // The preview is the course page's own opening, cards and offers, with the price from the server.
    const preview = owner.locator("section[aria-labelledby=preview-heading]");
    await preview.getByRole("heading", { name: COURSE_HEADLINE, level: 1 }).waitFor();
    await preview.getByRole("heading", { name: "Complete Course", level: 3 }).waitFor();
    await preview.getByText("€27", { exact: true }).waitFor();
    await expectAccessible(owner);

    // A price typed into her words is refused, with why: the page shows the price itself.
    await owner.getByLabel("Headline", { exact: true }).fill("The whole course for €25");
    await owner.getByRole("button", { name: "Save draft" }).click();
    await owner
      .getByRole("alert")
      .filter({ hasText: "Leave the price out: the page shows it from the payment settings." })
      .first()
      .waitFor();

    await owner.getByLabel("Headline", { exact: true }).fill(headline);
    await owner.getByLabel("In search results", { exact: true }).fill(description);
    await preview.getByRole("heading", { name: headline, level: 1 }).waitFor();
    await owner.getByRole("button", { name: "Publish" }).click();
    await expectToast(owner, `Published the course page ‘${headline}’`);

    // A visitor's course page, from the page cache: her headline, her description in the search tags
    // and the structured data, the price the server's.
    const course = await pageText(shared.baseUrl, "/course");
    expect(course).toContain(`>${headline}</h1>`);
    expect(course).not.toContain(`>${COURSE_HEADLINE}</h1>`);
    expect(course).toContain(`<meta name="description" content="${description}"/>`);
    expect(course).toContain(`"description":"${description}"`);
    expect(course).toContain(`"price":"27.00"`);
    await expect.poll(async () => (await pageText(second.baseUrl, "/course")).includes(headline)).toBe(true);

    // The first revision brought back: the course page is as it was.
    await owner.getByRole("link", { name: "Open revision 1" }).click();
    await owner.getByText("This is the text of revision 1.").waitFor();
    await expect.poll(() => owner.getByLabel("Headline", { exact: true }).inputValue()).toBe(COURSE_HEADLINE);
    await waitForHydration(owner);
    await owner.getByRole("button", { name: "Publish" }).click();
    await expectToast(owner, `Published the course page ‘${COURSE_HEADLINE}’`);
    expect(await pageText(shared.baseUrl, "/course")).toContain(`>${COURSE_HEADLINE}</h1>`);
    await owner.close();
  });
});
