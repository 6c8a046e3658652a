import fs from "node:fs";
import type { Page } from "playwright-core";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { totpCode, unusedTotpCode } from "../support/totp.ts";
import { expectToast, withServerDatabase } from "./support/accounts.ts";
import { baseUrl, expectAccessible, useBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";

/** Her studio check, given `minutes` ago (moved back in the server's database). */
function checkGivenAgo(email: string, minutes: number) {
  return withServerDatabase((db) =>
    db
      .updateTable("studio_checks")
      .set({ verified_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
      .execute(),
  );
}

/** The shared server's log so far: what it must never hold is a code or a key it showed her. */
const serverLog = () => fs.readFileSync(path.join(inject("dataDir"), "server.log"), "utf8");

/** Gives a backup code on the check page, typed as she might: small letters, a space for the dash. */
async function giveBackupCode(owner: Page, code: string) {
  await owner.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
  await owner.getByRole("link", { name: "Use a backup code instead" }).click();
  await owner.getByLabel("Backup code").fill(code.toLowerCase().replace("-", " "));
  await owner.getByRole("button", { name: "Continue" }).click();
}

describe("the studio's security page", () => {
  const browser = useBrowser();

  it("makes new backup codes behind a fresh check, and shows them to copy, download or print", async () => {
    const { email, page: owner, backupCode } = await enrolledOwner(browser);
    await owner.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    // Three minutes after her code: recent enough for a refund, not for new codes.
    await checkGivenAgo(email, 3);
    await owner.goto("/studio/security");
    await owner.getByText("10 backup codes left.").waitFor();
    await expectAccessible(owner);
    await owner.getByRole("button", { name: "Make New Backup Codes" }).click();
    await giveBackupCode(owner, backupCode);
    await owner.waitForURL((url) => url.pathname === "/studio/security");
    await owner.getByText("9 backup codes left.").waitFor();
    await waitForHydration(owner);

    const [answer] = await Promise.all([
      owner.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/studio/security")),
      owner.getByRole("button", { name: "Make New Backup Codes" }).click(),
    ]);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    await owner.getByRole("heading", { name: "Your new backup codes", level: 1 }).waitFor();
    const list = owner.getByRole("list", { name: "Backup codes" });
    const codes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[3479ACEFHKMNPRTWXY]{5}-[3479ACEFHKMNPRTWXY]{5}$/);
    await expectAccessible(owner);

    // Copied, as the file says them.
    await owner.getByRole("button", { name: "Copy Codes" }).click();
    await owner.getByRole("status").filter({ hasText: "Copied." }).waitFor();
    const copied = await owner.evaluate(() => navigator.clipboard.readText());
    for (const code of codes) expect(copied).toContain(code);
    // Downloaded, made from the page: whose they are and the codes.
    const [download] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("link", { name: "Download as a Text File" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("tidewell-studio-backup-codes.txt");
    const file = fs.readFileSync(await download.path(), "utf8");
    expect(file).toContain(`Tidewell Studio backup codes for ${email}`);
    expect(file).toBe(copied);
    // Printed: the codes alone, without the studio's menu or the page's forms.
    await owner.emulateMedia({ media: "print" });
    await owner.getByText("Tidewell Studio backup codes", { exact: true }).waitFor();
    expect(await list.isVisible()).toBe(true);
    expect(await owner.getByRole("navigation", { name: "Studio" }).isVisible()).toBe(false);
    expect(await owner.getByRole("button", { name: "Done" }).isVisible()).toBe(false);
    expect(await owner.getByRole("button", { name: "Print Codes" }).isVisible()).toBe(false);
    await owner.emulateMedia({ media: null });
    expect(await owner.getByText("Tidewell Studio backup codes", { exact: true }).isVisible()).toBe(false);
    const log = serverLog();
    for (const code of codes) {
      expect(log).not.toContain(code);
      expect(log).not.toContain(code.replace("-", ""));
    }
  });

  it("goes on from new backup codes only once she says she has saved them, and then only they work", async () => {
    const { email, page: owner, backupCode } = await enrolledOwner(browser);
    await checkGivenAgo(email, 0);
    await owner.goto("/studio/security");
    await waitForHydration(owner);
    await owner.getByRole("button", { name: "Make New Backup Codes" }).click();
    await owner.getByRole("heading", { name: "Your new backup codes", level: 1 }).waitFor();
    const codes = await owner
      .getByRole("list", { name: "Backup codes" })
      .getByRole("listitem")
      .allTextContents();

    // Neither the button nor the menu takes her away before she ticks the box.
    await owner.getByRole("button", { name: "Done" }).click();
    expect(
      await owner
        .getByLabel("I have saved my backup codes")
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await owner.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Overview" }).click();
    const leave = owner.getByRole("alertdialog", { name: /Leave without saving them\?/ });
    await leave.waitFor();
    await expectAccessible(owner);
    await leave.getByRole("button", { name: "Stay on This Page" }).click();
    await leave.waitFor({ state: "detached" });
    expect(new URL(owner.url()).pathname).toBe("/studio/security");
    await owner.getByLabel("I have saved my backup codes").check();
    await owner.getByRole("button", { name: "Done" }).click();
    await expectToast(owner, "Your new backup codes are ready. Each one works once.");
    await owner.getByText("10 backup codes left.").waitFor();

    // The next working day: her earlier codes open nothing, a new one does.
    await checkGivenAgo(email, 13 * 60);
    await owner.goto("/studio/check?method=backup-code");
    await owner.getByLabel("Backup code").fill(backupCode);
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByRole("alert").filter({ hasText: "That backup code didn't match" }).waitFor();
    await owner.getByLabel("Backup code").fill(codes[4]!.trim());
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await owner.goto("/studio/audit");
    await owner
      .getByRole("row")
      .filter({ hasText: "New backup codes made" })
      .filter({ hasText: email })
      .waitFor();
  });

  it("replaces a lost authenticator behind a backup code: a new key, confirmed by its code, and the old one stops working", async () => {
    const { email, page: owner, backupCode, key: oldKey } = await enrolledOwner(browser);
    await owner.setViewportSize(viewports.phone);
    await checkGivenAgo(email, 3);
    await owner.goto("/studio/security");
    await owner.getByRole("button", { name: "Replace Authenticator" }).click();
    // Her phone is lost: a backup code gives the second factor.
    await giveBackupCode(owner, backupCode);
    await owner.waitForURL((url) => url.pathname === "/studio/security");
    await owner.getByRole("button", { name: "Replace Authenticator" }).click();
    await owner.getByRole("heading", { name: "Scan this code with your authenticator app" }).waitFor();
    await owner.getByRole("img", { name: /QR code/ }).waitFor();
    const newKey = (await owner.getByTestId("totp-secret").textContent())!.trim();
    expect(newKey).not.toBe(oldKey);
    await expectAccessible(owner);

    // A code from the old app is not the new one's; the key is not shown again.
    await owner.getByLabel("6-digit code from the new app").fill(totpCode(oldKey));
    await owner.getByRole("button", { name: "Use the New Authenticator" }).click();
    await owner.getByRole("alert").filter({ hasText: "That code didn't match" }).waitFor();
    expect(await owner.getByTestId("totp-secret").count()).toBe(0);
    await owner.getByRole("heading", { name: "Enter the code from your new authenticator" }).waitFor();
    const { code, step } = await unusedTotpCode(newKey);
    await owner.getByLabel("6-digit code from the new app").fill(code);
    await owner.getByRole("button", { name: "Use the New Authenticator" }).click();
    await expectToast(owner, "Your new authenticator is set up. Codes from the old one no longer work.");
    expect(serverLog()).not.toContain(newKey);

    // The next working day: the old app's code opens nothing, the new app's does.
    await checkGivenAgo(email, 13 * 60);
    await owner.goto("/studio");
    await owner.getByRole("heading", { name: "Enter your authenticator code" }).waitFor();
    await owner.getByLabel("6-digit code").fill(totpCode(oldKey));
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByRole("alert").filter({ hasText: "That code didn't match" }).waitFor();
    await owner.getByLabel("6-digit code").fill((await unusedTotpCode(newKey, step)).code);
    await owner.getByRole("button", { name: "Continue" }).click();
    await owner.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await owner.goto("/studio/audit");
    await owner
      .getByRole("row")
      .filter({ hasText: "Authenticator replaced" })
      .filter({ hasText: email })
      .waitFor();
  });
});
