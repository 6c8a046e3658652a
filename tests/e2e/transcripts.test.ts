import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createCookieClient } from "../support/cookie-client.ts";
import { makePremium, signedInContext, signedInPage } from "./support/accounts.ts";
import { baseUrl, expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";
import { normalise } from "#app/modules/catalogue/resource-search.ts";
import { ALL_SESSIONS } from "#app/modules/catalogue/tracks.ts";
import { formatClock } from "#app/modules/listening/player.ts";
import { indexAt, paragraphsOf, parseVtt } from "#app/modules/transcripts/vtt.ts";

/** A recording's cues as its captions file has them. */
function cuesOf(id: string) {
  const reading = parseVtt(fs.readFileSync(`content/audio/${id}.vtt`, "utf8"));
  if (!reading.ok) throw new Error(`content/audio/${id}.vtt: ${JSON.stringify(reading.problems)}`);
  return reading.cues;
}

/** A preparation session (premium), and a foundation one (every member's). */
const PREMIUM = { id: "fear-release", title: "Fear Release" };
const FREE = { id: "affirmations-purpose", title: "Affirmations One" };

const audio = (page: Page) => page.locator("audio");
const audioTime = (page: Page) => audio(page).evaluate((a: HTMLAudioElement) => a.currentTime);
/** Moves the audio as a seek would (the player hears its timeupdate and seeked events). */
const seekTo = (page: Page, seconds: number) =>
  audio(page).evaluate((a: HTMLAudioElement, to) => void (a.currentTime = to), seconds);

const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const captionLine = (page: Page) => player(page).getByRole("status");
const captionsButton = (page: Page) => player(page).getByRole("button", { name: "Captions" });

async function openLibrary(page: Page) {
  await page.goto("/portal/library");
  await waitForHydration(page);
}

describe("captions and transcripts", () => {
  const browser = useBrowser();

  it("shows a premium member the captions as the session plays, and a transcript that follows it", async () => {
    const cues = cuesOf(PREMIUM.id);
    const paragraphs = paragraphsOf(cues);
    const { page, email } = await signedInPage(browser);
    await makePremium(email);
    await openLibrary(page);

    await page.getByRole("button", { name: `Play ${PREMIUM.title}` }).click();
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await player(page).getByRole("button", { name: "Pause", exact: true }).click();
    expect(await captionsButton(page).getAttribute("aria-pressed")).toBe("false");
    await captionsButton(page).click();
    expect(await captionsButton(page).getAttribute("aria-pressed")).toBe("true");

    await seekTo(page, cues[0]!.start + 0.5);
    await expect.poll(() => captionLine(page).textContent()).toBe(cues[0]!.text);
    const later = cues[Math.floor(cues.length / 2)]!;
    expect(later.text).not.toBe(cues[0]!.text);
    await seekTo(page, later.start + 0.3);
    await expect.poll(() => captionLine(page).textContent()).toBe(later.text);
    expect(await captionLine(page).getAttribute("role")).toBe("status");

    // After a reload the player is empty, and the transcript starts the session where she asks.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("link", { name: `Transcript of ${PREMIUM.title}` }).click();
    await expectHeading(page, `${PREMIUM.title}: transcript`);
    const firstPick = paragraphs[Math.floor(paragraphs.length / 2)]!;
    await page
      .getByRole("button", { name: `Play from ${formatClock(firstPick.start)}`, exact: true })
      .click();
    await expect
      .poll(async () => Math.abs((await audioTime(page)) - firstPick.start), { timeout: 10_000 })
      .toBeLessThanOrEqual(1);
    await expect.poll(() => page.locator('li[aria-current="true"]').textContent()).toContain(firstPick.text);

    // Captions stayed on, from this device's memory.
    expect(await captionsButton(page).getAttribute("aria-pressed")).toBe("true");
    await player(page).getByRole("button", { name: "Pause", exact: true }).click();
    const at = await audioTime(page);
    await expect.poll(() => captionLine(page).textContent()).toBe(cues[indexAt(cues, at)]?.text ?? "");

    // A later paragraph while this session is in the player: it moves there and plays on.
    const secondPick = paragraphs[Math.floor((paragraphs.length * 3) / 4)]!;
    await page
      .getByRole("button", { name: `Play from ${formatClock(secondPick.start)}`, exact: true })
      .click();
    await expect
      .poll(async () => Math.abs((await audioTime(page)) - secondPick.start), { timeout: 10_000 })
      .toBeLessThanOrEqual(1);
    await expect.poll(() => page.locator('li[aria-current="true"]').textContent()).toContain(secondPick.text);
    expect(await page.locator('li[aria-current="true"]').count()).toBe(1);
    await expect.poll(() => audio(page).evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);

    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to your library" }).click();
    await expectHeading(page, "Your library");
    await page.context().close();
  });

  it("keeps a premium session's words from a free member, and refuses everyone signed out", async () => {
    const { page } = await signedInPage(browser);
    expect((await page.request.get(`/captions/${PREMIUM.id}.vtt`)).status()).toBe(403);
    const own = await page.request.get(`/captions/${FREE.id}.vtt`);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-type"]).toMatch(/^text\/vtt/);

    const visitor = createCookieClient(baseUrl());
    expect((await visitor.request(`/captions/${PREMIUM.id}.vtt`)).status).toBe(401);
    expect((await visitor.request(`/captions/${FREE.id}.vtt`)).status).toBe(401);

    // The library offers the transcript of what she may play, and not of what is locked.
    await openLibrary(page);
    expect(await page.getByRole("link", { name: `Transcript of ${FREE.title}` }).count()).toBe(1);
    expect(await page.getByRole("link", { name: `Transcript of ${PREMIUM.title}` }).count()).toBe(0);

    await page.goto(`/portal/library/${PREMIUM.id}/transcript`);
    await waitForHydration(page);
    await expectHeading(page, `${PREMIUM.title}: transcript`);
    await page.getByText("This session's transcript is part of the Complete Course.").waitFor();
    expect(await page.getByRole("link", { name: "Get the Complete Course" }).getAttribute("href")).toBe(
      "/auth?tier=premium",
    );
    const shown = await page.locator("body").innerText();
    for (const paragraph of paragraphsOf(cuesOf(PREMIUM.id))) expect(shown).not.toContain(paragraph.text);
    expect(await page.getByRole("button", { name: /^Play from/ }).count()).toBe(0);
    await expectAccessible(page);

    const unknown = await page.goto("/portal/library/no-such-session/transcript");
    expect(unknown?.status()).toBe(404);
    await page.context().close();
  });

  it("reads as plain text without JavaScript", async () => {
    const { context: setup } = await signedInContext(browser);
    const cookies = await setup.cookies();
    await setup.close();
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    const page = await noScript.newPage();
    await page.goto(`/portal/library/${FREE.id}/transcript`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`${FREE.title}: transcript`);
    const paragraphs = paragraphsOf(cuesOf(FREE.id));
    const items = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /^Play from/ }) });
    expect(await items.count()).toBe(paragraphs.length);
    for (const [index, paragraph] of paragraphs.entries()) {
      expect(await items.nth(index).innerText()).toContain(paragraph.text);
      expect(await items.nth(index).innerText()).toContain(formatClock(paragraph.start));
    }
    await noScript.close();
  });
});

/** A word said in one session only, found in no title, description or other session's words. */
function wordOnlyIn(id: string): string {
  const text = (trackId: string) =>
    normalise(
      cuesOf(trackId)
        .map((cue) => cue.text)
        .join(" "),
    );
  const elsewhere = [
    ...ALL_SESSIONS.filter((track) => track.id !== id).map((track) => text(track.id)),
    ...ALL_SESSIONS.map((track) => normalise(`${track.title} ${track.description}`)),
  ].join(" ");
  const word = text(id)
    .split(" ")
    .find((candidate) => candidate.length >= 6 && !elsewhere.includes(candidate));
  if (!word) throw new Error(`no word is said in ${id} alone`);
  return word;
}

describe("finding a session by its words", () => {
  const browser = useBrowser();

  it("finds what she may play by what is said in it, and a locked session only by its title", async () => {
    const premiumWord = wordOnlyIn(PREMIUM.id);
    const freeWord = wordOnlyIn(FREE.id);
    const { page, email } = await signedInPage(browser);
    const search = page.getByRole("search", { name: "Sessions" });
    const found = () => page.getByRole("status").filter({ hasText: /found for/ });

    // Free: a word of a free session finds it, with the sentence it is in; a premium session's words find nothing.
    await page.goto(`/portal/library`);
    await waitForHydration(page);
    await search.getByRole("searchbox", { name: "Search sessions" }).fill(freeWord);
    await search.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => found().textContent()).toBe(`1 session found for “${freeWord}”`);
    expect(await page.locator("p", { hasText: "In the session:" }).textContent()).toMatch(
      new RegExp(freeWord, "i"),
    );
    expect(page.url()).toContain(`q=${freeWord}`);

    await page.goto(`/portal/library?q=${premiumWord}`);
    await expect.poll(() => found().textContent()).toBe(`0 sessions found for “${premiumWord}”`);
    await page.goto(`/portal/resources?q=${premiumWord}`);
    expect(await page.getByRole("heading", { name: "Sessions" }).count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toMatch(
      new RegExp(`In the session:.*${premiumWord}`, "i"),
    );
    // Found by its title, it is shown as locked.
    await page.goto(`/portal/resources?q=${encodeURIComponent(PREMIUM.title)}`);
    await page.getByRole("heading", { name: "Sessions" }).waitFor();
    expect(await page.getByRole("link", { name: `In the Complete Course of ${PREMIUM.title}` }).count()).toBe(
      1,
    );

    // Premium: the same word finds the session in the library and the resource centre.
    await makePremium(email);
    await page.goto(`/portal/library?q=${premiumWord}`);
    await expect.poll(() => found().textContent()).toBe(`1 session found for “${premiumWord}”`);
    expect(await page.getByRole("button", { name: `Play ${PREMIUM.title}` }).count()).toBe(1);
    await page.goto(`/portal/resources?q=${premiumWord}`);
    await page.getByRole("heading", { name: "Sessions" }).waitFor();
    await page.getByRole("link", { name: `Read the transcript of ${PREMIUM.title}` }).click();
    await expectHeading(page, `${PREMIUM.title}: transcript`);
    await page.context().close();
  });
});
