import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { firstLink } from "../../support/cookie-client.ts";
import { afterAll, beforeAll } from "vitest";
import { startServer, type ServerProcess } from "../../support/server-process.ts";
import { localOutbox } from "../../support/mailbox.ts";
import { expectToast, signInOverHttp, signUpThroughForm, uniqueEmail } from "./accounts.ts";
import { waitForHydration } from "./browser.ts";

/**
 * A server of a describe block's own, whose clock its tests set
 * (TEST_CLOCK_FILE, honoured on a local run only): started before the first
 * test at `startsAt`, stopped after the last.
 */
export function useServerWithClock(
  startsAt: string,
  /** Its settings, or a function giving them as it starts (after the block's earlier `beforeAll`s). */
  env: Record<string, string> | (() => Record<string, string>) = {},
) {
  const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-clock-")), "now");
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    fs.writeFileSync(clockFile, startsAt);
    server = await startServer({ TEST_CLOCK_FILE: clockFile, ...(typeof env === "function" ? env() : env) });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error("The server starts before the block's first test: use it from a test");
    return server;
  };
  return {
    get server() {
      return running();
    },
    /** Moves the server's clock to an ISO time. */
    setClock: (iso: string) => fs.writeFileSync(clockFile, iso),
    /** Opens a path on this server and waits until the page has hydrated. */
    async open(page: Page, to: string) {
      await page.goto(`${running().baseUrl}${to}`);
      await waitForHydration(page);
    },
    /**
     * Signs a new member up on this server (over HTTP, into the page's context) and saves her due date
     * from the dashboard.
     */
    async signUpDueOn(page: Page, dueDate: string, name?: string) {
      const member = await signInOverHttp(page.context(), { name, server: running() });
      await page.goto(`${running().baseUrl}/portal`);
      await waitForHydration(page);
      await page.getByLabel("Your due date").fill(dueDate);
      await page.getByRole("button", { name: "Save my date" }).click();
      await expectToast(page, "Date saved! Welcome to your journey 💝");
      return member;
    },
    /** The clock back at `startsAt`, a new member in a browser context of her own, her due date saved. */
    async memberDueOn(browser: { newContext(): Promise<BrowserContext> }, dueDate: string) {
      this.setClock(startsAt);
      const context = await browser.newContext();
      const page = await context.newPage();
      await this.signUpDueOn(page, dueDate);
      return { context, page };
    },
    /**
     * She invites a birth partner from her profile; he opens the link in a browser of his own, makes his
     * account from there and accepts, landing on his dashboard.
     */
    async partnerJoins(her: Page, browser: { newContext(): Promise<BrowserContext> }, name = "Sam Rivers") {
      const server = running();
      const mailbox = localOutbox(server.dataDir);
      const email = uniqueEmail("partner");
      await this.open(her, "/portal/profile");
      const seat = her.getByRole("region", { name: "Your birth partner's account" });
      await seat.getByLabel("Your birth partner's email").fill(email);
      await seat.getByRole("button", { name: "Send invitation" }).click();
      await expectToast(her, `Invitation sent to ${email}. It works for 7 days.`);
      const link = firstLink((await mailbox.latest(email, /invited to be a birth partner/)).text);
      const his = await browser.newContext();
      const page = await his.newPage();
      await page.goto(link);
      await signUpThroughForm(page, {
        name,
        email,
        origin: server.baseUrl,
        mailbox,
        landsOn: /^\/partner\/join\//,
      });
      await waitForHydration(page);
      await page.getByRole("button", { name: "Accept and join" }).click();
      await page.waitForURL((url) => url.pathname === "/portal/partner");
      return { his, page, email };
    },
  };
}
