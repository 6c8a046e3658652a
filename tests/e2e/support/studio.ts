import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { sixDigitCode } from "../../support/cookie-client.ts";
import { localOutbox } from "../../support/mailbox.ts";
import { unusedTotpCode } from "../../support/totp.ts";
import { uniqueEmail } from "./accounts.ts";
import { baseUrl, waitForHydration, type useBrowser } from "./browser.ts";

/** `npm run owner:create -- --email …`, against the e2e run's server's own database. */
export function ownerCreate(email: string, ...more: string[]) {
  const databaseUrl = inject("databaseUrl");
  return execFileSync(process.execPath, ["scripts/owner-create.ts", "--email", email, ...more], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: inject("dataDir"),
      BASE_URL: baseUrl(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    encoding: "utf8",
  });
}

/**
 * Signs in with a code emailed to `email`, through the sign-in page, as an owner made by the command
 * would: from another browser too, with a new code (not the one an earlier sign-in used).
 */
export async function signInWithCode(page: Page, email: string) {
  const outbox = localOutbox(inject("dataDir"));
  const latestCode = () =>
    outbox.latest(email, /sign-in code/, 0).then(
      (message) => sixDigitCode(message.subject),
      () => null,
    );
  const earlier = await latestCode();
  await page.goto("/auth?tier=signin&mode=code");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect.poll(latestCode).not.toBe(earlier);
  await page.getByLabel("Your code").fill((await latestCode())!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/portal");
}

/** An owner made by the command, signed in, with her authenticator set up: the studio open. */
export async function enrolledOwner(browser: ReturnType<typeof useBrowser>) {
  const email = uniqueEmail("owner");
  ownerCreate(email);
  const page = await browser.newPage();
  await signInWithCode(page, email);
  await page.goto("/studio");
  await page.getByRole("button", { name: "Start Setting Up" }).click();
  const key = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCode = (await page
    .getByRole("list", { name: "Backup codes" })
    .getByRole("listitem")
    .first()
    .textContent())!;
  const { code, step } = await unusedTotpCode(key);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Finish Setting Up" }).click();
  await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
  // The step of the code she gave: the studio takes each code once, so her next one is of a later step.
  return { email, page, key, backupCode, step };
}
