import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import {
  PASSWORD,
  expectToast,
  makePremium,
  signUpThroughForm,
  uniqueEmail,
  withServerDatabase,
} from "./support/accounts.ts";
import { useServerWithClock } from "./support/clock-server.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";

/**
 * The partner seat, as two people meet it: she invites her birth partner by
 * email from her profile; the link tells him who invited him, he makes his own
 * account and accepts, once; she sees him on her profile and can remove him.
 */
describe("the partner seat", () => {
  const browser = useBrowser();
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("she invites him by email; he joins with his own account through the link, once; she can remove him, and her closing her account ends the seat and tells him", async () => {
    const mailbox = localOutbox(server.dataDir);
    const her = await browser.newContext();
    const amara = await her.newPage();
    await signUpThroughForm(amara, { name: "Amara Okafor", origin: server.baseUrl, mailbox });
    const benEmail = uniqueEmail("partner");

    await amara.goto(`${server.baseUrl}/portal/profile`);
    await waitForHydration(amara);
    const seat = amara.getByRole("region", { name: "Your birth partner's account" });
    await seat.getByLabel("Your birth partner's email").fill(benEmail);
    await seat.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(amara, `Invitation sent to ${benEmail}. It works for 7 days.`);
    await seat.getByRole("button", { name: "Cancel invitation" }).waitFor();
    await expectAccessible(amara);

    const invitation = await mailbox.latest(benEmail, /invited to be a birth partner/);
    expect(invitation.text).toContain("Amara is preparing for birth with Tidewell");
    const link = firstLink(invitation.text);
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/partner/join/[A-Za-z0-9_-]{43}$`));

    // Signed out, the link says who invited him and how to go on.
    const his = await browser.newContext();
    const ben = await his.newPage();
    await ben.goto(link);
    await ben.getByRole("heading", { name: "Amara has invited you to be her birth partner" }).waitFor();
    await ben.getByRole("link", { name: "Create my account" }).waitFor();
    await expectAccessible(ben);

    // Signed up from there, he comes back to the invitation to accept it.
    await signUpThroughForm(ben, {
      name: "Ben Okafor",
      email: benEmail,
      origin: server.baseUrl,
      mailbox,
      landsOn: /^\/partner\/join\//,
    });
    await waitForHydration(ben);
    await ben.getByRole("button", { name: "Accept and join" }).click();
    await ben.waitForURL((url) => url.pathname === "/portal/partner");
    await expectToast(ben, "Welcome. You're now a birth partner on Tidewell.");

    // Once only.
    await ben.goto(link);
    await ben.getByText("This invitation has already been accepted.").waitFor();

    // His profile says whose partner he is.
    await ben.goto(`${server.baseUrl}/portal/profile`);
    await waitForHydration(ben);
    await ben
      .getByRole("region", { name: "Your birth partner's account" })
      .getByText("You're Amara's birth partner.")
      .waitFor();

    await amara.goto(`${server.baseUrl}/portal/profile`);
    await waitForHydration(amara);
    await seat.getByText("Ben is your birth partner.").waitFor();
    await seat.getByRole("button", { name: "Remove Ben" }).click();
    await expectToast(amara, "Ben is no longer your birth partner. Their account stays theirs.");
    await seat.getByLabel("Your birth partner's email").waitFor();

    // Invited again and joined again; then she closes her account, and he is told the seat has ended.
    await seat.getByLabel("Your birth partner's email").fill(benEmail);
    await seat.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(amara, `Invitation sent to ${benEmail}. It works for 7 days.`);
    const again = firstLink((await mailbox.latest(benEmail, /invited to be a birth partner/)).text);
    expect(again).not.toBe(link);
    await ben.goto(again);
    await waitForHydration(ben);
    await ben.getByRole("button", { name: "Accept and join" }).click();
    await ben.waitForURL((url) => url.pathname === "/portal/partner");
    await amara.goto(`${server.baseUrl}/portal/profile`);
    await waitForHydration(amara);
    await amara.getByText("Delete my account", { exact: true }).click();
    await amara.getByLabel("Your password").fill(PASSWORD);
    await amara.getByLabel("Type DELETE to confirm").fill("DELETE");
    await amara.getByRole("button", { name: /Delete my account for good/ }).click();
    await amara.waitForURL((url) => url.pathname === "/");
    const ended = await mailbox.latest(benEmail, /seat on Tidewell has ended/);
    expect(ended.text).toContain("Amara has closed their Tidewell account");
    expect(ended.text).not.toContain("@example");
    await ben.goto(`${server.baseUrl}/portal/profile`);
    await waitForHydration(ben);
    await ben.getByLabel("Your birth partner's email").waitFor();

    // The log never holds the link's token.
    expect(server.output()).not.toContain(link.split("/").at(-1));
    await her.close();
    await his.close();
  });
});

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
    await withServerDatabase(
      (db) =>
        db
          .updateTable("profiles")
          .set({ subscription_tier: "free" })
          .where("id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", amaraEmail))
          .execute(),
      server,
    );
    await clocked.open(sam, "/portal");
    await sessions.getByText("These come with Amara's Complete Course", { exact: false }).waitFor();
    expect(await sessions.getByText("Complete Course", { exact: true }).count()).toBe(3);
    const signed = await sam.evaluate(
      async () => (await fetch("/api/audio/partner-holding-the-space/signed-url", { method: "POST" })).status,
    );
    expect(signed).toBe(403);

    await her.close();
    await his.close();
  });
});
