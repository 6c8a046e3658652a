import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { sixDigitCode } from "../../support/cookie-client.ts";
import { localOutbox } from "../../support/mailbox.ts";
import { totpCode } from "../../support/totp.ts";
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

/** Signs in with a code emailed to `email`, through the sign-in page, as an owner made by the command would. */
export async function signInWithCode(page: Page, email: string) {
  await page.goto("/auth?tier=signin&mode=code");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  const code = sixDigitCode((await localOutbox(inject("dataDir")).latest(email, /sign-in code/)).subject);
  await page.getByLabel("Your code").fill(code);
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
  await page.getByLabel("6-digit code").fill(totpCode(key));
  await page.getByRole("button", { name: "Finish Setting Up" }).click();
  await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
  return { email, page, key, backupCode };
}
