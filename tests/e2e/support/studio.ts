import { execFileSync } from "node:child_process";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { sixDigitCode } from "../../support/cookie-client.ts";
import { localOutbox } from "../../support/mailbox.ts";
import { unusedTotpCode } from "../../support/totp.ts";
import { PASSWORD, uniqueEmail, type ServerData } from "./accounts.ts";
import { baseUrl, waitForHydration, type useBrowser } from "./browser.ts";
import { signUpMember } from "./security.ts";

/** `npm run owner:create -- --email …`, against a server's own database: the e2e run's shared server unless another is given. */
export function ownerCreate(
  email: string,
  server: ServerData & { baseUrl: string } = {
    dataDir: inject("dataDir"),
    databaseUrl: inject("databaseUrl"),
    baseUrl: baseUrl(),
  },
) {
  return execFileSync(process.execPath, ["scripts/owner-create.ts", "--email", email], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: server.dataDir,
      BASE_URL: server.baseUrl,
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    },
    encoding: "utf8",
  });
}

/**
 * A member made an owner by the command, who sets up her authenticator over HTTP (the set-up form,
 * then its code), as the pages post them: her client then holds a session with the studio open.
 */
export async function ownerOverHttp(server: ServerData & { baseUrl: string }) {
  const owner = await signUpMember(server, { label: "owner", name: "Olive Owner" });
  ownerCreate(owner.email, server);
  const start = await owner.client.request("/studio/check", {
    method: "POST",
    form: { intent: "start", password: PASSWORD, next: "/studio" },
  });
  const key = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(await start.text())?.[1];
  if (!key) throw new Error(`No authenticator key on the set-up page (${start.status})`);
  const { code, step } = await unusedTotpCode(key);
  const verified = await owner.client.request("/studio/check", {
    method: "POST",
    form: { intent: "verify", method: "totp", code, next: "/studio" },
  });
  if (verified.headers.get("location") !== "/studio")
    throw new Error(`The code was refused (${verified.status})`);
  return { ...owner, key, step };
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
  await page.getByLabel("I have saved my backup codes").check();
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Finish Setting Up" }).click();
  await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
  // The step of the code she gave: the studio takes each code once, so her next one is of a later step.
  return { email, page, key, backupCode, step };
}
