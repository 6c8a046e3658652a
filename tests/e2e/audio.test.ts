import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signUpOverHttp } from "../support/accounts.ts";
import { localOutbox } from "../support/mailbox.ts";
import { createCookieClient, type CookieClient } from "../support/cookie-client.ts";
import { makePremium, signedInPage, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
import type { Db } from "#app/platform/db.server.ts";
import { baseUrl, expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

/** A member signed in over HTTP, for the API and streaming checks. */
async function memberClient(premium = false): Promise<{ client: CookieClient; email: string }> {
  const member = await signUpOverHttp(baseUrl(), localOutbox(inject("dataDir")), {
    email: uniqueEmail("listener"),
  });
  if (premium) await makePremium(member.email);
  return member;
}

async function signedUrl(client: CookieClient, trackId: string) {
  const response = await client.request(`/api/audio/${trackId}/signed-url`, { method: "POST" });
  return {
    status: response.status,
    body: (await response.json()) as { url?: string; expiresAt?: string; error?: string },
  };
}

/** The member's library row for Affirmations Two (week 0, day 0), as the server stored it. */
function progressOf(db: Db, email: string, columns: ("play_count" | "completed" | "position_seconds")[]) {
  return db
    .selectFrom("audio_progress")
    .select(columns)
    .where("audio_id", "=", "affirmations-2")
    .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
    .executeTakeFirst();
}

const audioTime = (page: Page) => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);

describe("signed audio URLs and streaming", () => {
  it("refuses a visitor, gives a free member the foundation tracks only, and a premium member everything", async () => {
    const visitor = createCookieClient(baseUrl());
    expect((await signedUrl(visitor, "affirmations-purpose")).status).toBe(401);

    const { client: free } = await memberClient();
    const foundation = await signedUrl(free, "affirmations-purpose");
    expect(foundation.status).toBe(200);
    expect(foundation.body.url).toMatch(
      /^\/media\/audio\/affirmations-purpose\.mp3\?exp=\d+&kid=\w+&sig=[\w-]{43}$/,
    );
    const lifetime = Date.parse(foundation.body.expiresAt!) - Date.now();
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
    const preparation = await signedUrl(free, "fear-release");
    expect(preparation.status).toBe(403);
    expect(preparation.body.error).toMatch(/Complete Course/);
    expect((await signedUrl(free, "no-such-track")).status).toBe(404);

    const { client: premium } = await memberClient(true);
    expect((await signedUrl(premium, "fear-release")).status).toBe(200);
  });

  it("streams exactly the bytes asked for: first byte, middle, suffix, and 416 past the end", async () => {
    const { client } = await memberClient();
    const { body } = await signedUrl(client, "affirmations-purpose");
    const file = fs.readFileSync("content/audio/affirmations-purpose.mp3");
    const get = (range?: string) => client.request(body.url!, { headers: range ? { range } : {} });

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);

    const cases: [string, number, number][] = [
      ["bytes=0-0", 0, 0],
      ["bytes=1000-1999", 1000, 1999],
      ["bytes=-500", file.length - 500, file.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(range);
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${file.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(file.subarray(start, end + 1)), range).toBe(
        true,
      );
    }
    const past = await get(`bytes=${file.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${file.length}`);
  });

  /** The signature's last character with its two spare bits set: the same bytes, spelled differently. */
  const respell = (char: string) => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return alphabet[alphabet.indexOf(char) | 3]!;
  };

  it("answers 403, never 500, to a tampered, truncated, foreign or missing signature, and 404 to traversal", async () => {
    const { client } = await memberClient();
    const { body } = await signedUrl(client, "affirmations-purpose");
    const url = new URL(body.url!, baseUrl());
    const sig = url.searchParams.get("sig")!;
    const variants = {
      tampered: url.href.replace(`sig=${sig}`, `sig=${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`),
      "respelled (spare bits set)": url.href.replace(
        `sig=${sig}`,
        `sig=${sig.slice(0, -1)}${respell(sig.at(-1)!)}`,
      ),
      truncated: url.href.replace(`sig=${sig}`, `sig=${sig.slice(0, 10)}`),
      "another expiry": url.href.replace(/exp=\d+/, `exp=${Number(url.searchParams.get("exp")) + 60}`),
      "another file": url.href.replace("affirmations-purpose.mp3", "affirmations-2.mp3"),
      "no signature": `${baseUrl()}${url.pathname}`,
    };
    for (const [name, variant] of Object.entries(variants)) {
      const response = await client.request(variant);
      expect(response.status, name).toBe(403);
    }
    const { client: someoneElse } = await memberClient();
    expect((await someoneElse.request(url.href)).status).toBe(403);
    expect((await createCookieClient(baseUrl()).request(url.href)).status).toBe(403);
    for (const path of [
      "/media/audio/..%2f..%2fpackage.json",
      "/media/audio/%2e%2e%2fapp-secret",
      "/media/audio/preview.txt",
    ]) {
      expect((await client.request(path)).status, path).toBe(404);
    }
  });

  it("refuses to stream a preparation track to a free member even with a premium member's URL shape", async () => {
    const { client: premium } = await memberClient(true);
    const { body } = await signedUrl(premium, "prepare-for-birth");
    expect((await premium.request(body.url!, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    const { client: free } = await memberClient();
    expect((await free.request(body.url!)).status).toBe(403);
  });

  it("records where a member stopped and each finished listen, only for that member", async () => {
    const { client, email } = await memberClient();
    const post = (json: unknown) =>
      client.request("/api/audio/affirmations-2/progress", { method: "POST", json });
    expect((await post({ positionSeconds: 42.5 })).status).toBe(200);
    expect((await signedUrl(client, "affirmations-2")).body).toMatchObject({ position: { seconds: 42.5 } });
    expect((await post({ finished: true })).status).toBe(200);
    expect((await post({ finished: true })).status).toBe(200);
    expect((await post({ positionSeconds: "soon" })).status).toBe(400);
    expect((await post({ positionSeconds: 1, user_id: "someone-else" })).status).toBe(400);
    expect(
      (await client.request("/api/audio/fear-release/progress", { method: "POST", json: { finished: true } }))
        .status,
    ).toBe(403);
    const row = await withServerDatabase((db) =>
      progressOf(db, email, ["play_count", "completed", "position_seconds"]),
    );
    // SQLite keeps a boolean as 0 or 1; PostgreSQL as a boolean.
    expect({ ...row, completed: Boolean(row?.completed) }).toEqual({
      play_count: 2,
      completed: true,
      position_seconds: 0,
    });
  });
});

describe("the library and the bottom player", () => {
  const browser = useBrowser();

  async function openLibrary(page: Page) {
    await page.goto("/portal/library");
    await waitForHydration(page);
  }

  it("plays Affirmations One for a free member and keeps playing across portal pages", async () => {
    const { page } = await signedInPage(browser, { at: "/portal/library" });
    const foundation = page.getByRole("region", { name: "Hypno Foundation Course" });
    expect(await foundation.innerText()).toContain("2 tracks");
    expect(await page.getByRole("region", { name: "Hypno Preparation Course" }).innerText()).toContain(
      "7 tracks",
    );
    expect(await page.getByRole("region", { name: "Hypno Partner Course" }).innerText()).toContain(
      "Coming Soon",
    );

    await page.getByRole("button", { name: /^Play Affirmations One/ }).click();
    const player = page.getByRole("region", { name: "Audio player" });
    await player.getByText("Affirmations One", { exact: true }).waitFor();
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await expectAccessible(page);

    const sidebar = page.getByRole("navigation", { name: "Portal" });
    await sidebar.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");
    await sidebar.getByRole("link", { name: "Profile" }).click();
    await expectHeading(page, "Your profile");
    const before = await audioTime(page);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 0.3);
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    await page.context().close();
  });

  it("seeks, sets the volume, mutes and unmutes, and moves to the next track in the group", async () => {
    const { page } = await signedInPage(browser, { at: "/portal/library" });
    await page.getByRole("button", { name: /^Play Affirmations One/ }).click();
    const player = page.getByRole("region", { name: "Audio player" });
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);

    await player.getByRole("slider", { name: "Position" }).fill("60");
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(60);
    expect(await player.getByRole("slider", { name: "Position" }).getAttribute("step")).toBe("0.1");

    const volume = player.getByRole("slider", { name: "Volume" });
    expect(await volume.getAttribute("step")).toBe("0.01");
    await volume.fill("0.3");
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.3);
    await player.getByRole("button", { name: "Mute" }).click();
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.muted)).toBe(true);
    await player.getByRole("button", { name: "Unmute" }).click();
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => [a.muted, a.volume])).toEqual([
      false,
      0.3,
    ]);

    // The keyboard: an arrow moves back ten seconds, space pauses.
    await player.getByRole("button", { name: "Pause", exact: true }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => audioTime(page)).toBeLessThan(60);
    await player.getByRole("slider", { name: "Position" }).focus();
    await page.keyboard.press(" ");
    await expect.poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

    expect(await player.getByRole("button", { name: /^Previous/ }).isDisabled()).toBe(true);
    await player.getByRole("button", { name: "Next: Affirmations Two" }).click();
    await player.getByText("Affirmations Two", { exact: true }).waitFor();
    expect(await player.getByRole("button", { name: /^Next/ }).isDisabled()).toBe(true);
    await player.getByRole("button", { name: "Close the player" }).click();
    await player.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("shows a free member the preparation tracks as the Complete Course's, with one way to it", async () => {
    const { page } = await signedInPage(browser, { at: "/portal/library" });
    const preparation = page.getByRole("region", { name: "Hypno Preparation Course" });
    await preparation.getByText(/Fear Release\s*: in the Complete Course/).waitFor();
    // Nothing to press on a locked track, and no upgrade on every row: one note for the page.
    expect(await preparation.getByRole("button", { name: /Fear Release/ }).count()).toBe(0);
    expect(await page.getByText(/^Upgrade/).count()).toBe(0);
    const upgrade = page.getByRole("link", { name: "Get the Complete Course" });
    expect(await upgrade.count()).toBe(1);
    expect(await upgrade.getAttribute("href")).toBe("/auth?tier=premium");
    await expectAccessible(page);
    await page.context().close();
  });

  it("plays a preparation track for a premium member, and picks up after the link is refused", async () => {
    const { page } = await signedInPage(browser, { premium: true });
    // The first stream request is refused, as an expired link would be: the player fetches a new one.
    let refused = 0;
    await page.route("**/media/audio/**", (route) => {
      if (refused === 0) {
        refused += 1;
        return route.fulfill({ status: 403, body: "expired" });
      }
      return route.continue();
    });
    await openLibrary(page);
    await page.getByRole("button", { name: /^Play Prepare for Birth/ }).click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(refused).toBe(1);
    await page.context().close();
  });

  it("resumes a track where the member stopped", async () => {
    const { page } = await signedInPage(browser, { at: "/portal/library" });
    await page.getByRole("button", { name: /^Play Affirmations Two/ }).click();
    const player = page.getByRole("region", { name: "Audio player" });
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await player.getByRole("slider", { name: "Position" }).fill("40");
    await player.getByRole("button", { name: "Pause", exact: true }).click();
    await player.getByRole("button", { name: "Close the player" }).click();

    // Another device: the server remembers.
    const other = await browser.newPage();
    await other.context().addCookies(await page.context().cookies());
    await openLibrary(other);
    await other.getByRole("button", { name: /^Play Affirmations Two/ }).click();
    await expect.poll(() => audioTime(other), { timeout: 10_000 }).toBeGreaterThanOrEqual(39);
    await page.context().close();
    await other.context().close();
  });

  it("records a finished listen when a track plays to its end", async () => {
    const { page, email } = await signedInPage(browser, { at: "/portal/library" });
    await page.getByRole("button", { name: /^Play Affirmations Two/ }).click();
    const player = page.getByRole("region", { name: "Audio player" });
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.2);
    const duration = await page.locator("audio").evaluate((a: HTMLAudioElement) => a.duration);
    await player.getByRole("slider", { name: "Position" }).fill(String(Math.floor(duration - 1)));
    await player.getByRole("button", { name: "Play", exact: true }).waitFor({ timeout: 10_000 });
    const played = () => withServerDatabase((db) => progressOf(db, email, ["play_count"]));
    await expect.poll(played, { timeout: 10_000 }).toEqual({ play_count: 1 });
    await page.context().close();
  });
});
