import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { PASSWORD, expectToast, signUpThroughForm, uniqueEmail } from "./support/accounts.ts";
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

    const invitation = await mailbox.latest(benEmail, /Amara/);
    const link = firstLink(invitation.text);
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/partner/join/[A-Za-z0-9_-]{43}$`));

    // Signed out, the link says who invited him and how to go on.
    const his = await browser.newContext();
    const ben = await his.newPage();
    await ben.goto(link);
    await ben.getByRole("heading", { name: "Amara has invited you to be her birth partner" }).waitFor();
    await ben.getByRole("link", { name: "Create my account" }).waitFor();
    await expectAccessible(ben);

    await signUpThroughForm(ben, { name: "Ben Okafor", email: benEmail, origin: server.baseUrl, mailbox });
    await ben.goto(link);
    await waitForHydration(ben);
    await ben.getByRole("button", { name: "Accept and join" }).click();
    await ben.waitForURL((url) => url.pathname === "/portal");
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
    const again = firstLink((await mailbox.latest(benEmail, /invited you/)).text);
    expect(again).not.toBe(link);
    await ben.goto(again);
    await waitForHydration(ben);
    await ben.getByRole("button", { name: "Accept and join" }).click();
    await ben.waitForURL((url) => url.pathname === "/portal");
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
