import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { COMPLETE_COURSE_CONTAINS } from "#app/modules/catalogue/complete-course.ts";
import { CONFIRM_SUBJECT } from "../support/accounts.ts";
import { firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { PASSWORD, expectToast, signInOverHttp, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";

/**
 * A new member's first week at phone width (390 × 844), as she meets it:
 * finding today's practice, a free member's programme without dead ends,
 * forms that keep every word without JavaScript, and the moment after paying.
 */
describe("a member's first week, on a phone", () => {
  const browser = useBrowser();

  const audioTime = (page: Page) => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime);
  const daysFromToday = (days: number) => {
    const date = new Date(Date.now() + days * 86_400_000);
    return date.toISOString().slice(0, 10);
  };

  it("opens on a landing page that tells its story briefly, and sign-up tabs on one line", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await page.goto("/");
    // Hero, preview, path, podcast, voices and the call to action, in that order, in under 5,500 px.
    const headings = await page.locator("main h1, main h2:not(.sr-only)").allTextContents();
    expect(headings[0]).toBe("Feel calmer and more prepared for your birth");
    await page.getByRole("button", { name: "Play the preview" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(5500);

    await page.goto("/auth?tier=free");
    const tabs = page.getByRole("navigation", { name: "Choose how to start" }).getByRole("link");
    const boxes = await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()));
    expect(boxes).toHaveLength(3);
    // Side by side, each a single line of text (a second line would make it taller than 48 px).
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
    for (const box of boxes) expect(box!.height).toBeLessThanOrEqual(48);
    for (const tab of await tabs.all()) {
      const lines = await tab.evaluate((link) => {
        const range = document.createRange();
        range.selectNodeContents(link.firstChild!);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
    }
    await page.context().close();
  });

  it("calls what she buys the Complete Course, and says once what it contains", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await page.goto("/course");
    await page.getByText(COMPLETE_COURSE_CONTAINS).waitFor();
    const guides = page.getByRole("region", { name: "The printable guides" });
    expect(await guides.getByText("Complete Course", { exact: true }).count()).toBe(3);
    expect(await guides.getByText("Premium", { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it("finds today's practice in one tap from any portal page, and the programme in the menu", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await signInOverHttp(page.context(), { name: "Amara Okafor" });
    await page.goto("/portal");
    await waitForHydration(page);

    // The dashboard opens on today: a free session stands in for day one's Complete Course session.
    const today = page.getByRole("region", { name: "Today", exact: true });
    await today.getByText("Affirmations One", { exact: true }).waitFor();
    await today
      .getByText(/\d+ (secs|mins?)/)
      .first()
      .waitFor();
    await today.getByText(/Pregnancy Relaxation and Wellbeing, in the Complete Course/).waitFor();

    // Nothing is playing: the player offers today's practice, on the library page too.
    await page
      .getByRole("navigation", { name: "Portal shortcuts" })
      .getByRole("link", { name: "Library" })
      .click();
    await page.waitForURL((url) => url.pathname === "/portal/library");
    await page.getByRole("button", { name: "Play today's practice: Affirmations One" }).click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await page
      .getByRole("region", { name: "Audio player" })
      .getByText("Affirmations One", { exact: true })
      .waitFor();

    // The bottom bar keeps the first four and Sign Out; the menu adds the programme and labour mode.
    const shortcuts = page.getByRole("navigation", { name: "Portal shortcuts" });
    expect(await shortcuts.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Library",
      "Profile",
      "Resources",
    ]);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog").getByRole("navigation", { name: "Portal" });
    expect(await menu.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Library",
      "Profile",
      "Resources",
      "Programme",
      "Birth preferences",
      "Labour mode",
      "Podcast",
      "Hypno-Science",
      "Contact",
    ]);
    await menu.getByRole("link", { name: "Programme" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/program");
    // Following a link closes the drawer.
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Your programme", level: 1 }).waitFor();
    // Moving between pages kept the session playing.
    expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    await expectAccessible(page);
    await page.context().close();
  });

  it("before the programme starts, says when, and offers the free sessions now", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await signInOverHttp(page.context());
    await page.goto("/portal");
    await waitForHydration(page);
    // The default date is explained in words, with the picker one tap away.
    await page.getByText("We have planned two weeks from today until you set your date.").waitFor();
    await page.getByRole("link", { name: "Set your date" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("onboarding-date");

    await page.getByLabel("Your due date").fill(daysFromToday(40));
    await page.getByRole("button", { name: "Save my date" }).click();
    await expectToast(page, "Date saved! Welcome to your journey 💝");
    const card = page.getByRole("region", { name: "Before your programme" });
    await card.getByText(/^Your programme starts on /).waitFor();
    await card.getByText("That's in 26 days.", { exact: false }).waitFor();
    expect(await card.getByRole("button", { name: /^Play Affirmations (One|Two)/ }).count()).toBe(2);
    expect(await page.getByText("Open today's practice").count()).toBe(0);
    await page.context().close();
  });

  it("tells a free member once per page what the Complete Course adds, and counts her Complete Course day", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await signInOverHttp(page.context());
    for (const path of ["/portal", "/portal/program", "/portal/library"]) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.getByRole("link", { name: "Get the Complete Course" }).count(), path).toBe(1);
      expect(await page.getByText(/^Upgrade/).count(), path).toBe(0);
    }
    // The programme page: day one is in the Complete Course, and a free session stands in.
    await page.goto("/portal/program");
    await waitForHydration(page);
    await page.getByText(/Today's programme session is Pregnancy Relaxation and Wellbeing/).waitFor();
    await page.getByText("Complete Course · practise with Affirmations One").first().waitFor();
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Practice completed! 🌟");
    await page.getByText("Done for today").first().waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("keeps the tab, the words and the error of a failed sign-up without JavaScript, and a social button works too", async () => {
    const page = await browser.newPage({ viewport: "phone", javaScriptEnabled: false });
    await page.goto("/auth?tier=free");
    // The browser's own checks aside, as a browser without them would send it.
    await page.locator("form:has(input[name=password])").evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    const email = uniqueEmail("nojs");
    await page.getByLabel("Your name").fill("Amara");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Choose a password").fill("short");
    await page.getByRole("button", { name: "Create free account" }).click();
    await page.getByText("Your password needs at least 8 characters").waitFor();
    expect(new URL(page.url()).searchParams.get("tier")).toBe("free");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByRole("link", { name: /Foundation Course/ }).getAttribute("aria-current")).toBe(
      "page",
    );

    // The form's answer sends the browser on to the provider (the demo's stand-in) and back.
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await page.getByRole("heading", { name: "Sign in with Facebook" }).waitFor();
    await page.getByLabel("Name").fill("Amara");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");
    await page.getByRole("heading", { name: "Welcome, Amara" }).waitFor();
    await page.context().close();
  });

  it("after paying, shows once what the Complete Course unlocked, with the receipt, and /auth leads to the portal", async () => {
    const page = await browser.newPage({ viewport: "phone", onThisMachine: true });
    const email = uniqueEmail("buyer");
    await page.goto("/auth?tier=premium");
    await waitForHydration(page);
    await page.getByLabel("Your name").fill("Priya Shah");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Choose a password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account and continue" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.goto(firstLink((await localOutbox(inject("dataDir")).latest(email, CONFIRM_SUBJECT)).text));
    await page.getByText("Demo checkout").waitFor();
    await waitForHydration(page);
    await page.getByRole("button", { name: /Card/ }).click();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expectToast(page, "Welcome to Premium! Redirecting to your dashboard...");
    await page.waitForURL((url) => url.pathname === "/portal", { timeout: 15_000 });
    await waitForHydration(page);

    const unlocked = page.getByRole("region", { name: "The Complete Course is yours" });
    await unlocked.getByText(/Prepare for Birth/).waitFor();
    await unlocked.getByText(/Birth Facts Every Mother Should Know/).waitFor();
    await expectAccessible(page);
    await unlocked.getByRole("link", { name: "Your receipt" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/receipt");
    await page.getByText("€27, once").waitFor();
    await page.getByText(COMPLETE_COURSE_CONTAINS).waitFor();
    await page.getByText("card", { exact: true }).waitFor();

    // Still there until put away; then never again.
    await page.goto("/portal");
    await waitForHydration(page);
    await unlocked.getByRole("button", { name: "Start today's practice" }).click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    // The card hides as soon as it is clicked; wait for the server to record it before reloading.
    const putAway = page.waitForResponse((response) => response.request().method() === "POST");
    await unlocked.getByRole("button", { name: "Put this card away" }).click();
    await unlocked.waitFor({ state: "detached" });
    expect((await putAway).ok()).toBe(true);
    await page.reload();
    await page.getByRole("region", { name: "Today", exact: true }).waitFor();
    expect(await unlocked.count()).toBe(0);

    for (const tier of ["premium", "free", "signin"]) {
      await page.goto(`/auth?tier=${tier}`);
      await page.waitForURL((url) => url.pathname === "/portal");
    }
    await page.context().close();
  });
});
