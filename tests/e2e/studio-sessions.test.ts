import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./support/accounts.ts";
import { useBrowser, waitForHydration } from "./support/browser.ts";
import { signUpMember, type Member } from "./support/security.ts";
import { ownerOverHttp } from "./support/studio.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";

const PREPARATION = "Hypno Preparation Course";

/** A browser context holding a client's session on the given server. */
async function contextOf(
  browser: ReturnType<typeof useBrowser>,
  server: ServerProcess,
  who: Pick<Member, "client">,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies(
    [...who.client.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl })),
  );
  return context;
}

/** The Preparation Course's sessions as her library lists them, in order. */
async function preparationInLibrary(page: Page, server: ServerProcess): Promise<string[]> {
  await page.goto(`${server.baseUrl}/portal/library`);
  const group = page.getByRole("region", { name: PREPARATION });
  await group.getByRole("heading", { name: PREPARATION }).waitFor();
  const buttons = await group.getByRole("button", { name: /^Play / }).all();
  return Promise.all(
    buttons.map(async (button) => (await button.innerText()).replace(/^Play\s+/, "").trim()),
  );
}

/**
 * The owner moves a session and marks another coming soon on the content page (plain forms, no
 * JavaScript); a premium member's library follows at once, and the coming-soon one can't be played
 * or found; published again, it is back. A server of its own: other files on the
 * shared one count the library's sessions meanwhile.
 */
describe("the owner's sessions: their state and order", () => {
  const browser = useBrowser();
  let server: ServerProcess;
  let owner: Awaited<ReturnType<typeof ownerOverHttp>>;
  let memberPage: Page;
  const play = (id: string) =>
    memberPage.request.post(`${server.baseUrl}/api/audio/${id}/signed-url`).then((answer) => answer.status());

  beforeAll(async () => {
    server = await startServer();
    owner = await ownerOverHttp(server);
    const member = await signUpMember(server, { premium: true, label: "sessions-member" });
    memberPage = await (await contextOf(browser, server, member)).newPage();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Runs before the test below, which publishes the session again.
  it("moves a session and marks one coming soon, and a member's library, search and player follow", async () => {
    const courseOrder = await preparationInLibrary(memberPage, server);
    expect(courseOrder).toEqual([
      "Pregnancy Relaxation and Wellbeing",
      "Prepare for Birth",
      "Fear Release",
      "Breathing & Bonding",
      "Practice Contractions",
      "Positive Caesarean Birth",
      "Adjusting to Parenthood",
    ]);
    expect(await play("fear-release")).toBe(200);
    // Her search finds it, for now.
    await memberPage.goto(`${server.baseUrl}/portal/resources?q=release`);
    await memberPage.getByRole("heading", { name: "Fear Release", level: 3 }).waitFor();

    // Bad input changes nothing and says why: the first moved up, a session that isn't one.
    const refused = await owner.client.request("/studio/content", {
      method: "POST",
      form: { intent: "session-move", session: "pregnancy-relaxation", move: "up" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Pregnancy Relaxation and Wellbeing is already first in its course.",
    );
    const unknown = await owner.client.request("/studio/content", {
      method: "POST",
      form: { intent: "session-state", session: "no-such-session", state: "coming-soon" },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("That session isn't one of the course's.");

    // Her page without JavaScript: the forms work as they are.
    const studio = await (await contextOf(browser, server, owner, { javaScriptEnabled: false })).newPage();
    await studio.goto(`${server.baseUrl}/studio/content`);
    await studio.getByRole("button", { name: "Move up: Positive Caesarean Birth" }).click();
    await studio
      .getByRole("status")
      .filter({ hasText: "Positive Caesarean Birth is now number 5 in the Hypno Preparation Course." })
      .waitFor();
    await studio.getByRole("button", { name: "Mark coming soon: Fear Release" }).click();
    await studio
      .getByRole("status")
      .filter({ hasText: "Fear Release is coming soon: members no longer see it or play it." })
      .waitFor();
    const row = studio.getByRole("row").filter({ hasText: "Fear Release" });
    expect(await row.getByRole("cell").nth(3).innerText()).toContain("Coming soon");

    // Her member sees the new order without it, can't play it, and her search no longer finds it.
    expect(await preparationInLibrary(memberPage, server)).toEqual([
      "Pregnancy Relaxation and Wellbeing",
      "Prepare for Birth",
      "Breathing & Bonding",
      "Positive Caesarean Birth",
      "Practice Contractions",
      "Adjusting to Parenthood",
    ]);
    expect(await play("fear-release")).toBe(403);
    const transcript = await memberPage.request.get(
      `${server.baseUrl}/portal/library/fear-release/transcript`,
    );
    expect(transcript.status()).toBe(404);
    // The player steps over it: from Prepare for Birth, next is Breathing & Bonding.
    await waitForHydration(memberPage);
    await memberPage
      .getByRole("region", { name: PREPARATION })
      .getByRole("button", { name: /^Play\s+Prepare for Birth/ })
      .click();
    await memberPage.getByRole("button", { name: "Next: Breathing & Bonding" }).waitFor();
    await memberPage.goto(`${server.baseUrl}/portal/resources?q=release`);
    await memberPage
      .getByRole("status")
      .filter({ hasText: /session/ })
      .first()
      .waitFor();
    expect(await memberPage.getByRole("heading", { name: "Fear Release", level: 3 }).count()).toBe(0);
  });

  it("logs both in her words, and publishes the session again: it is back in its place", async () => {
    const studio = await (await contextOf(browser, server, owner)).newPage();
    await studio.goto(`${server.baseUrl}/studio/audit`);
    await studio.getByText("Session marked coming soon: Fear Release").waitFor();
    await studio.getByText("Session moved: Positive Caesarean Birth").waitFor();

    // Published again, with JavaScript on: a toast, and it is back in its place for her member.
    await studio.goto(`${server.baseUrl}/studio/content`);
    await waitForHydration(studio);
    await studio.getByRole("button", { name: "Publish: Fear Release" }).click();
    await expectToast(studio, "Fear Release is published: members see it in the library again.");
    expect(await preparationInLibrary(memberPage, server)).toEqual([
      "Pregnancy Relaxation and Wellbeing",
      "Prepare for Birth",
      "Fear Release",
      "Breathing & Bonding",
      "Positive Caesarean Birth",
      "Practice Contractions",
      "Adjusting to Parenthood",
    ]);
    expect(await play("fear-release")).toBe(200);
  });
});
