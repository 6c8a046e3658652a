import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, makePremium, setTier, withServerDatabase } from "./support/accounts.ts";
import { useServerWithClock } from "./support/clock-server.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";

/**
 * Her partner's own portal, on a server whose clock the test sets and with the
 * Partner Course launched (PARTNER_COURSE=on): her week and weeks to go, read
 * only; the partner sessions through her premium; the days they both
 * listened; and her refund taking the sessions back.
 */
describe("her birth partner's portal", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-26T09:00:00Z", { PARTNER_COURSE: "on" });

  /** Plays a session from the page it is listed on to its end, so it counts as a listen. */
  async function listenToTheEnd(page: Page, title: string) {
    await page.getByRole("button", { name: new RegExp(`^Play ${title}`) }).click();
    const player = page.getByRole("region", { name: "Audio player" });
    const audio = page.locator("audio");
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
    // Counted once the server has the finished listen (leaving the page sooner could cut the report off).
    const counted = page.waitForResponse(
      (response) =>
        response.url().endsWith("/progress") &&
        (response.request().postData() ?? "").includes('"finished":true'),
      { timeout: 15_000 },
    );
    await player.getByRole("slider", { name: "Position" }).fill(String(Math.floor(duration - 1)));
    expect((await counted).status()).toBe(200);
  }

  it("shows him her week and weeks to go, his sessions through her premium, the days they practised together, and her refund takes the sessions back", async () => {
    const server = clocked.server;
    const her = await browser.newContext();
    const amara = await her.newPage();
    const { email: amaraEmail } = await clocked.signUpDueOn(amara, "2027-01-21", "Amara Okafor");
    await makePremium(amaraEmail, server);

    // She invites him; he makes his account through the link and accepts.
    const { his, page: sam } = await clocked.partnerJoins(amara, browser);
    await waitForHydration(sam);

    // His dashboard is his: her week, read only, and weeks to go; never her address or surname.
    await sam.getByRole("heading", { name: "Welcome, Sam" }).waitFor();
    await sam.getByText("You're Amara's birth partner.", { exact: false }).waitFor();
    const weeksToGo = sam
      .getByRole("term")
      .filter({ hasText: "Weeks to go" })
      .locator("xpath=following-sibling::dd");
    expect(await weeksToGo.textContent()).toBe("8");
    await sam.getByRole("heading", { name: /^This week: week \d of 2$/ }).waitFor();
    const page = await sam.content();
    expect(page).not.toContain(amaraEmail);
    expect(page).not.toContain("Okafor");
    expect(await sam.getByRole("button", { name: /Mark|Complete/ }).count()).toBe(0);
    await expectAccessible(sam);

    // His sessions come with her Complete Course: he plays one to its end.
    const sessions = sam.getByRole("region", { name: "Your sessions" });
    expect(await sessions.getByText("Complete Course", { exact: true }).count()).toBe(0);
    await listenToTheEnd(sam, "Holding the Space");
    await clocked.open(sam, "/portal");
    await sessions.getByText("Your streak: 1 day").waitFor();

    // She listens the same day: both dashboards say they practised together.
    await clocked.open(amara, "/portal/library");
    await listenToTheEnd(amara, "Affirmations One");
    await clocked.open(amara, "/portal");
    await amara.getByRole("heading", { name: "You and Sam practised together" }).waitFor();
    await amara.getByText("1 day in a row you've both listened.").waitFor();
    await clocked.open(sam, "/portal");
    await sam.getByRole("heading", { name: "You and Amara practised together" }).waitFor();

    // The Partner Course is launched on this server: her library lists the sessions, not "Coming Soon".
    await clocked.open(amara, "/portal/library");
    const group = amara.getByRole("region", { name: "Hypno Partner Course" });
    expect(await group.innerText()).toContain("3 tracks");
    expect(await group.innerText()).not.toContain("Coming Soon");

    // Her refund takes his sessions back (the refund itself is the payments tests' part).
    await setTier(amaraEmail, "free", server);
    await clocked.open(sam, "/portal");
    await sessions.getByText("These come with Amara's Complete Course", { exact: false }).waitFor();
    // Locked as hers, never offered to him to buy.
    expect(await sessions.getByText("Amara's course", { exact: true }).count()).toBe(4);
    expect(await sessions.getByText("Complete Course", { exact: true }).count()).toBe(0);
    const signed = await sam.evaluate(
      async () => (await fetch("/api/audio/partner-holding-the-space/signed-url", { method: "POST" })).status,
    );
    expect(signed).toBe(403);

    await her.close();
    await his.close();
  });
});

/**
 * A birth partner's pages on a phone, on a server where the Partner Course is not launched (its
 * "Coming Soon"): every page speaks of her pregnancy as hers, from one view, offers him
 * none of her forms, and what her course gives him plays wherever he meets it, with nothing to buy.
 */
describe("her birth partner's pages", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-11-26T09:00:00Z");
  const PHONE = { viewport: "phone" } as const;

  it("speak of her pregnancy in the third person and agree; offer him none of her forms; play what her course gives him, with nothing to buy", async () => {
    const server = clocked.server;
    const her = await browser.newContext(PHONE);
    const amara = await her.newPage();
    const { email: amaraEmail } = await clocked.signUpDueOn(amara, "2027-01-21", "Amara Okafor");
    await makePremium(amaraEmail, server);
    const { his, page: sam } = await clocked.partnerJoins(amara, {
      newContext: () => browser.newContext(PHONE),
    });
    const says = "Amara is 32 weeks pregnant";

    // His dashboard: her week in the third person, and the weeks to go that every page of his gives.
    await waitForHydration(sam);
    await sam.getByText(`You're Amara's birth partner. ${says}, with 8 weeks to go.`).waitFor();
    const weeksToGo = sam
      .getByRole("term")
      .filter({ hasText: "Weeks to go" })
      .locator("xpath=following-sibling::dd");
    expect(await weeksToGo.textContent()).toBe("8");
    // His sessions, and Breathing & Bonding to share, play; their cards take the phone's width.
    const sessions = sam.getByRole("region", { name: "Your sessions" });
    for (const title of [
      "Holding the Space",
      "Your Calm Voice",
      "Through the Waves",
      "Breathing & Bonding",
    ]) {
      await sessions.getByRole("button", { name: `Play ${title}` }).waitFor();
    }
    const description = sessions.getByText("For birth partners: find your own calm first", { exact: false });
    expect((await description.boundingBox())!.width).toBeGreaterThan(200);
    await expectAccessible(sam);

    // His programme is hers, read only: the same week and weeks to go, none of her controls.
    await clocked.open(sam, "/portal/program");
    await sam.getByRole("heading", { name: "Amara's programme", level: 1 }).waitFor();
    const journey = sam.getByRole("region", { name: "Amara's journey" });
    await journey.getByText(says).waitFor();
    await journey.getByText("8 weeks to go").waitFor();
    await sam.getByRole("heading", { name: /^This week: week \d of 2$/ }).waitFor();
    const programme = await sam.locator("main").innerText();
    for (const hers of [
      "Default Schedule",
      "Mark as Complete",
      "Share with Partner",
      "streak",
      "Complete Course note",
    ]) {
      expect(programme).not.toContain(hers);
    }
    await expectAccessible(sam);

    // His profile: her journey, and none of her forms (dates, baby's arrival, read-only link, streaks as hers).
    await clocked.open(sam, "/portal/profile");
    await sam.getByRole("region", { name: "Amara's journey" }).getByText(says).waitFor();
    const profile = await sam.locator("main").innerText();
    for (const hers of [
      "My baby has arrived",
      "Change due date",
      "Current streak",
      "Longest streak",
      "Partner link",
    ]) {
      expect(profile).not.toContain(hers);
    }
    expect(await sam.getByRole("button", { name: /due date/i }).count()).toBe(0);

    // Posted anyway, her forms are refused and change nothing.
    const origin = { Origin: server.baseUrl };
    const dateChange = await sam.request.post(`${server.baseUrl}/portal/program`, {
      form: { intent: "update-date", text: "1/Jan" },
      headers: origin,
    });
    expect(dateChange.status()).toBe(403);
    const arrival = await sam.request.post(`${server.baseUrl}/portal/profile`, {
      form: { intent: "baby-arrived", bornOn: "2026-11-25" },
      headers: origin,
      maxRedirects: 0,
    });
    expect(arrival.status()).toBe(302);
    const born = await withServerDatabase(
      (db) =>
        db
          .selectFrom("user")
          .leftJoin("programme_settings", "programme_settings.user_id", "user.id")
          .select("programme_settings.baby_born_on")
          .where("user.name", "=", "Sam Rivers")
          .executeTakeFirstOrThrow(),
      server,
    );
    expect(born.baby_born_on ?? null).toBeNull();
    await clocked.open(sam, "/portal/partner");
    await sam.getByText(`${says}, with 8 weeks to go.`, { exact: false }).waitFor();

    // His library: his sessions first, listed though the Partner Course is not launched; Breathing &
    // Bonding plays; the rest is hers, with no price and no upgrade.
    await clocked.open(sam, "/portal/library");
    const group = sam.getByRole("region", { name: "Hypno Partner Course" });
    expect(await group.innerText()).toContain("3 tracks");
    expect(await group.innerText()).not.toContain("Coming Soon");
    await sam.getByRole("button", { name: "Play Breathing & Bonding" }).waitFor();
    const library = await sam.locator("main").innerText();
    expect(library).not.toContain("€");
    expect(library).not.toContain("Get the Complete Course");
    expect(await sam.getByText("Amara's course", { exact: true }).count()).toBe(6);
    await expectAccessible(sam);
    // The server agrees: what her course shares plays, the rest of hers doesn't.
    const status = (id: string) =>
      sam.evaluate(
        async (trackId) => (await fetch(`/api/audio/${trackId}/signed-url`, { method: "POST" })).status,
        id,
      );
    expect(await status("breathing-bonding")).toBe(200);
    expect(await status("partner-through-the-waves")).toBe(200);
    expect(await status("fear-release")).toBe(403);

    // Never asked to buy: the Complete Course's page sends him home with a word, and its payment refuses him.
    await sam.goto(`${server.baseUrl}/auth?tier=premium`);
    await sam.waitForURL((url) => url.pathname === "/portal/partner");
    await expectToast(
      sam,
      "As her birth partner, your sessions come with her Complete Course: there's nothing for you to buy.",
    );
    const payment = await sam.evaluate(
      async () => (await fetch("/api/create-payment-intent", { method: "POST", body: "{}" })).status,
    );
    expect(payment).toBe(409);
    // Her guides are in her course: his downloads page offers none of them for sale.
    await sam.goto(`${server.baseUrl}/free-downloads`);
    await sam.getByText("You're signed in as her birth partner", { exact: false }).waitFor();
    expect(await sam.getByText("In her Complete Course, on her account").count()).toBeGreaterThan(0);
    expect(
      await sam.getByRole("link", { name: /Upgrade to Access|Explore the Complete Course/ }).count(),
    ).toBe(0);

    // Her library keeps the "Coming Soon", and tells her that her partner has his sessions.
    await clocked.open(amara, "/portal/library");
    const hers = amara.getByRole("region", { name: "Hypno Partner Course" });
    await hers.getByText("Coming Soon").waitFor();
    await hers.getByText("Your birth partner has the sessions made for them", { exact: false }).waitFor();

    await her.close();
    await his.close();
  });
});
