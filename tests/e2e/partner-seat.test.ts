import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "../support/cookie-client.ts";
import { CONFIRM_SUBJECT } from "../support/accounts.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { PASSWORD, expectToast, signInOverHttp, uniqueEmail } from "./support/accounts.ts";
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
    await signInOverHttp(her, { name: "Amara Okafor", server });
    const amara = await her.newPage();
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

    // "Create my account" carries the invitation: her name, words for a partner, his address filled in.
    await ben.getByRole("link", { name: "Create my account" }).click();
    await ben.getByRole("heading", { name: "Join Amara as her birth partner" }).waitFor();
    await waitForHydration(ben);
    const address = ben.getByLabel("Email");
    expect(await address.inputValue()).toBe(benEmail);
    expect(await ben.locator("main").innerText()).not.toContain("Start the free course");
    await expectAccessible(ben);
    // Another address is refused with why; the invited one goes on.
    await ben.getByLabel("Your name").fill("Ben Okafor");
    await address.fill(uniqueEmail("someone-else"));
    await ben.getByLabel("Choose a password").fill(PASSWORD);
    await ben.getByRole("button", { name: "Create free account" }).click();
    await ben
      .getByText("Amara's invitation was sent to another address.", { exact: false })
      .first()
      .waitFor();
    await address.fill(benEmail);
    await ben.getByLabel("Choose a password").fill(PASSWORD);
    await ben.getByRole("button", { name: "Create free account" }).click();
    await ben.getByRole("heading", { name: "Check your email" }).waitFor();
    // The link that confirms his address brings him back to the invitation, to accept it.
    await ben.goto(firstLink((await mailbox.latest(benEmail, CONFIRM_SUBJECT)).text));
    await ben.waitForURL((url) => url.pathname.startsWith("/partner/join/"));
    await waitForHydration(ben);
    await ben.getByRole("button", { name: "Accept and join" }).click();
    await ben.waitForURL((url) => url.pathname === "/portal/partner");
    await expectToast(ben, "Welcome. You're now a birth partner on Tidewell.");

    // Once only.
    await ben.goto(link);
    await ben.getByText("This invitation has already been accepted.").waitFor();
    // The sign-up page says so too, and fills nothing in.
    const token = link.split("/").at(-1)!;
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/auth?tier=free&invitation=${token}`);
    await page.getByText("This invitation has already been accepted.").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    await page.goto(`${server.baseUrl}/auth?tier=free&invitation=${"x".repeat(43)}`);
    await page.getByText("This invitation link doesn't work. Please ask for a new one.").waitFor();
    await visitor.close();

    // His profile says whose partner he is.
    await ben.goto(`${server.baseUrl}/portal/profile`);
    await waitForHydration(ben);
    await ben
      .getByRole("region", { name: "Your partner seat" })
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
    const again = firstLink((await mailbox.nth(benEmail, /invited to be a birth partner/, 2)).text);
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
    expect(ended.text).toContain("Amara has closed her Tidewell account");
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
