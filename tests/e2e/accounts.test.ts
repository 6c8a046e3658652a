import { describe, expect, inject, it } from "vitest";
import { createCookieClient, sixDigitCode } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import {
  expectToast,
  PASSWORD,
  signUpThroughForm,
  uniqueEmail,
  withServerDatabase,
} from "./support/accounts.ts";
import { baseUrl, expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

describe("accounts in the browser", () => {
  const browser = useBrowser();

  it("signs up for the free course from /auth?tier=free and lands on the portal", async () => {
    const page = await browser.newPage();
    await signUpThroughForm(page, { name: "Amara Okafor" });
    await expectHeading(page, "Welcome, Amara");
    await expectToast(page, "Welcome to Tidewell! Your account is ready.");
    await page.context().close();
  });

  it("sends a signed-out visit to /portal/library to /auth with the spec's toast", async () => {
    const page = await browser.newPage();
    await page.goto("/portal/library");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await waitForHydration(page);
    await expectToast(page, "Please sign in to access your library");
    await page.context().close();
  });

  it("shows the sign-in prompt as a banner when JavaScript is off", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/portal/program");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(await page.getByRole("status").first().textContent()).toContain(
      "Please sign in to access your program",
    );
    await page.context().close();
  });

  it("sends a signed-in member from / to /portal, and from /auth too", async () => {
    const page = await browser.newPage();
    await signUpThroughForm(page);
    const home = await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/portal");
    expect(home?.request().redirectedFrom()?.url()).toBe(`${baseUrl()}/`);
    await page.goto("/auth?tier=signin");
    expect(new URL(page.url()).pathname).toBe("/portal");
    await page.context().close();
  });

  it("shows the avatar menu when signed in, and signs out with its toast", async () => {
    const page = await browser.newPage();
    await signUpThroughForm(page, { name: "Sam Rivers" });
    // The public pages' header carries the account menu.
    await page.goto("/about");
    await waitForHydration(page);
    const menu = page.getByRole("group", { name: "My Account" });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: /My Account/ }).click();
    await expect(menu.getByRole("link", { name: "Dashboard" }).isVisible()).resolves.toBe(true);
    // The studio is the owner's alone.
    expect(await menu.getByRole("link", { name: "Studio" }).count()).toBe(0);
    await expectAccessible(page);
    // Escape closes it and gives focus back to its button; the button opens it again.
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("My Account");
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Signed out successfully");
    await expect(page.getByRole("link", { name: "Log In" }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("signs out from the phone drawer's My Account section", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await signUpThroughForm(page);
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByText("My Account").waitFor();
    await expectAccessible(page);
    await drawer.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Signed out successfully");
    await page.context().close();
  });

  it("signs out from the portal's sidebar, and from its bottom bar on a phone", async () => {
    for (const viewport of ["desktop", "phone"] as const) {
      const page = await browser.newPage({ viewport });
      await signUpThroughForm(page);
      const bar = page.getByRole("navigation", {
        name: viewport === "phone" ? "Portal shortcuts" : "Portal",
      });
      await bar.waitFor();
      await page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expectToast(page, "Signed out successfully");
      await page.context().close();
    }
  });

  it("signs in with the password and says welcome back; a wrong password shows the error", async () => {
    const setup = await browser.newPage();
    const { email } = await signUpThroughForm(setup);
    await setup.context().close();

    const page = await browser.newPage();
    await page.goto("/auth?tier=signin");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await expectAccessible(page);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");
    await expectToast(page, "Welcome back!");
    await page.context().close();
  });

  it("signs in without JavaScript too", async () => {
    const setup = await browser.newPage();
    const { email } = await signUpThroughForm(setup);
    await setup.context().close();
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/auth?tier=signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");
    expect(await page.getByRole("status").first().textContent()).toContain("Welcome back!");
    await page.context().close();
  });

  it("opens on the tab the tier asks for, and on Sign In otherwise", async () => {
    const page = await browser.newPage();
    for (const [tier, tab] of [
      ["free", "Foundation Course"],
      ["premium", "Complete Course"],
      ["signin", "Sign In"],
      ["nonsense", "Sign In"],
    ]) {
      await page.goto(`/auth?tier=${tier}`);
      const current = page
        .getByRole("navigation", { name: "Choose how to start" })
        .locator('[aria-current="page"]');
      expect(await current.textContent(), tier).toContain(tab);
      await expectAccessible(page);
    }
    await page.context().close();
  });

  it("switches between password and magic link sign-in", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?tier=signin");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password? Use magic link instead" }).click();
    await page.getByRole("button", { name: "Send magic link" }).waitFor();
    await page.getByRole("link", { name: "Back to password sign in" }).click();
    await page.getByLabel("Password").waitFor();
    await page.context().close();
  });

  it("signs in with a magic link read from the local outbox, which answers only this machine", async () => {
    const setup = await browser.newPage();
    const { email } = await signUpThroughForm(setup);
    // A visitor from elsewhere (behind the proxy) finds no outbox.
    expect((await setup.goto("/dev/outbox"))?.status()).toBe(404);
    await setup.context().close();

    const page = await browser.newPage({ onThisMachine: true });
    await page.goto("/auth?tier=signin&mode=magic");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expectToast(page, "Check your email! We've sent you a magic link to sign in.");

    // Delivery to the outbox happens in the background, just after the toast.
    const message = page
      .getByRole("article")
      .filter({ hasText: email })
      .filter({ hasText: "sign-in link" })
      .first();
    await expect
      .poll(
        async () => {
          await page.goto("/dev/outbox");
          return message.count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await message.getByRole("link").first().click();
    await page.waitForURL((url) => url.pathname === "/portal");
    await expectHeading(page, "Welcome, Amara");
    await page.context().close();
  });

  it("asks for a password reset with the spec's message", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?tier=signin&mode=reset");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expectToast(page, "Check your email to reset your password");
    await page.context().close();
  });

  it("signs a member up with Google through the demo's stand-in, and in again as the same member", async () => {
    const email = uniqueEmail("google");
    for (const visit of ["first", "again"]) {
      const page = await browser.newPage();
      await page.goto("/auth?tier=signin");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await page.getByRole("heading", { name: "Sign in with Google" }).waitFor();
      if (visit === "first") await expectAccessible(page);
      await page.getByLabel("Name").fill("Noor Haddad");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.pathname === "/portal");
      await expectHeading(page, "Welcome, Noor");
      await page.context().close();
    }
    const accounts = await withServerDatabase((db) =>
      db
        .selectFrom("user")
        .innerJoin("account", "account.userId", "user.id")
        .select(["account.providerId", "user.emailVerified"])
        .where("user.email", "=", email)
        .execute(),
    );
    expect(accounts.map((row) => [row.providerId, Boolean(row.emailVerified)])).toEqual([["google", true]]);
  });

  it("keeps a provider's name short and plain, however long and hidden-charactered the provider sends it", async () => {
    const email = uniqueEmail("provider-name");
    // 3,000 characters, with a right-to-left override and a control character in them.
    const sent = `Noor Haddad\u202E evil\u0007${"a".repeat(2982)}`;
    expect(sent).toHaveLength(3000);
    const page = await browser.newPage();
    await page.goto("/auth?tier=signin");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("heading", { name: "Sign in with Google" }).waitFor();
    await page.getByLabel("Name").fill(sent);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");
    await expectHeading(page, "Welcome, Noor");
    await page.context().close();

    const { name } = await withServerDatabase((db) =>
      db.selectFrom("user").select("name").where("email", "=", email).executeTakeFirstOrThrow(),
    );
    expect(name).toBe(`Noor Haddad evil ${"a".repeat(83)}`);
    expect(name).toHaveLength(100);
    expect(name).not.toMatch(/[\u202A-\u202E\u2066-\u2069\p{Cc}]/u);
  });

  it("keeps the demo's stand-in out of an account it didn't make: no session, no provider joined to it, and says so", async () => {
    const owner = await browser.newPage();
    const { email } = await signUpThroughForm(owner, { name: "Lena Park" });
    await owner.context().close();
    const accountsOf = () =>
      withServerDatabase((db) =>
        db
          .selectFrom("account")
          .innerJoin("user", "user.id", "account.userId")
          .select("account.providerId")
          .where("user.email", "=", email)
          .execute(),
      );
    expect(await accountsOf()).toEqual([{ providerId: "credential" }]);
    for (const provider of ["Google", "Facebook", "Apple"]) {
      const page = await browser.newPage();
      await page.goto("/auth?tier=signin");
      await waitForHydration(page);
      await page.getByRole("button", { name: `Continue with ${provider}` }).click();
      await page.getByRole("heading", { name: `Sign in with ${provider}` }).waitFor();
      await page.getByLabel("Name").fill("Someone Else");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.pathname === "/auth");
      await page
        .getByRole("alert")
        .filter({
          hasText: "An account with this email already exists, and this demo's stand-in can't sign in to it.",
        })
        .waitFor();
      const cookies = await page.context().cookies();
      expect(
        cookies.filter((cookie) => cookie.name.endsWith("session_token")),
        provider,
      ).toEqual([]);
      await page.goto("/portal");
      expect(new URL(page.url()).pathname, provider).toBe("/auth");
      await page.context().close();
    }
    expect(await accountsOf()).toEqual([{ providerId: "credential" }]);
  });

  it("brings a member who cancels at the provider back to sign-in, saying so", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?tier=free");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue with Apple" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("alert").filter({ hasText: "Authentication failed" }).waitFor();
    await page.context().close();
  });

  it("shows an error a provider sends back in the address", async () => {
    const page = await browser.newPage();
    await page.goto("/auth?tier=signin#error=access_denied&error_description=The+user+denied+access");
    await waitForHydration(page);
    await page
      .getByRole("alert")
      .filter({ hasText: "Authentication failed: The user denied access" })
      .waitFor();
    await page.goto("/auth?tier=signin&error=INVALID_TOKEN");
    await page
      .getByRole("alert")
      .filter({ hasText: "Authentication failed: This sign-in link has expired" })
      .waitFor();
    await page.context().close();
  });

  it("says 'You've been signed out' in another tab when the session ends, then goes home", async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await signUpThroughForm(first);
    const second = await context.newPage();
    await second.goto("/portal");
    await waitForHydration(second);
    await first.bringToFront();
    await first.getByRole("navigation", { name: "Portal" }).waitFor();
    // The other tab may hear of it (and its toast come and go) while this one is still on its way home:
    // watch for the toast from before the click.
    const told = second
      .locator("[data-sonner-toast]")
      .filter({ hasText: "You've been signed out" })
      .first()
      .waitFor();
    await first.getByRole("button", { name: "Sign Out" }).first().click();
    await first.waitForURL((url) => url.pathname === "/");
    await second.bringToFront();
    await told;
    await second.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("updates the full name and keeps the email read-only", async () => {
    const page = await browser.newPage();
    await signUpThroughForm(page, { name: "Amara Okafor" });
    await page.goto("/portal/profile");
    await waitForHydration(page);
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("readonly")).not.toBeNull();
    await page.getByText("Email cannot be changed. Contact support if needed.").waitFor();
    await page.getByLabel("Full name").fill("Amara Grace Okafor");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Profile updated successfully");
    await page.goto("/portal");
    await expectHeading(page, "Welcome, Amara");
    await expectAccessible(page);
    await page.context().close();
  });

  it("downloads the member's own data and deletes the account after confirming with her password", async () => {
    const page = await browser.newPage();
    const { email } = await signUpThroughForm(page);
    await page.goto("/portal/profile");
    await waitForHydration(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tidewell-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(
      await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    );
    expect(exported.account.email).toBe(email);

    await page.getByText("Delete my account", { exact: true }).click();
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByLabel("Type DELETE to confirm").fill("delete");
    await page.getByRole("button", { name: /Delete my account for good/ }).click();
    await page.getByText("Type DELETE to confirm", { exact: true }).last().waitFor();
    expect(new URL(page.url()).pathname).toBe("/portal/profile");

    // Someone at her unlocked phone, who doesn't know her password, can't do it.
    await page.getByLabel("Your password").fill("not-her-password");
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: /Delete my account for good/ }).click();
    await page.getByRole("alert").filter({ hasText: "That password isn't right" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/portal/profile");

    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: /Delete my account for good/ }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Your account and everything in it have been deleted.");
    // The session ended here, so not also 'signed out' as if from elsewhere.
    expect(
      await page.locator("[data-sonner-toast]").filter({ hasText: "You've been signed out" }).count(),
    ).toBe(0);

    const again = await browser.newPage();
    await again.goto("/auth?tier=signin");
    await waitForHydration(again);
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Password").fill(PASSWORD);
    await again.getByRole("button", { name: "Sign In" }).click();
    await again.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await page.context().close();
    await again.context().close();
  });

  it("deletes an account with no password after a code emailed to the member", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("codes");
    // A sign-in by emailed code makes an account with no password.
    await page.goto("/auth?tier=signin&mode=code");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    const signInCode = sixDigitCode(
      (await localOutbox(inject("dataDir")).latest(email, /sign-in code/)).subject,
    );
    await page.getByLabel("Your code").fill(signInCode);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");

    await page.goto("/portal/profile");
    await waitForHydration(page);
    await page.getByText("Delete my account", { exact: true }).click();
    await page.getByText(`we email a code to ${email}`).waitFor();
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByRole("status").filter({ hasText: "We've emailed a 6-digit code" }).waitFor();
    const mail = await localOutbox(inject("dataDir")).latest(email, /delete your Tidewell account/);
    await page.getByLabel("Code from the email").fill(sixDigitCode(mail.subject));
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await expectAccessible(page);
    await page.getByRole("button", { name: /Delete my account for good/ }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, "Your account and everything in it have been deleted.");
    const left = await withServerDatabase((db) =>
      db.selectFrom("user").select("id").where("email", "=", email).execute(),
    );
    expect(left).toEqual([]);
    await page.context().close();
  });
});

describe("cross-site requests", () => {
  it("refuses a form posted from another site, and changes nothing", async () => {
    const email = uniqueEmail("csrf");
    const attacker = createCookieClient("https://evil.example", (request) =>
      fetch(new Request(request.url.replace("https://evil.example", baseUrl()), request), {
        redirect: "manual",
      }),
    );
    const response = await attacker.request("/auth", {
      method: "POST",
      form: { intent: "sign-up", tier: "free", name: "Mallory", email, password: PASSWORD },
    });
    expect(response.status).toBe(403);
    const text = await fetch(`${baseUrl()}/auth`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
      body: "intent=sign-out",
    });
    expect(text.status).toBe(403);
    // Nobody was created.
    const created = await withServerDatabase((db) =>
      db.selectFrom("user").select("id").where("email", "=", email).execute(),
    );
    expect(created).toEqual([]);
  });
});
