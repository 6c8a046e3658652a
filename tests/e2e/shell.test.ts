import { describe, expect, it } from "vitest";
import { expectToast } from "./support/accounts.ts";
import { expectAccessible, expectHeading, useBrowser, waitForHydration } from "./support/browser.ts";

const publicPages = [
  ["/", "Feel calmer and more prepared for your birth"],
  ["/hypno-science", "The science of calm"],
  ["/stories", "Every kind of birth can be a good birth"],
  ["/course", "Calm, practical preparation for birth"],
  ["/free-downloads", "Free downloads"],
  ["/podcast", "Ten-minute appointments leave a lot unsaid"],
  ["/about", "Our story"],
  ["/contact", "Get in Touch"],
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
] as const;

describe("the public shell", () => {
  const browser = useBrowser();

  it("renders the landing page with no console errors and no blocked scripts", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Feel calmer and more prepared for your birth",
    );
    expect(await page.title()).toContain("Tidewell");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each(publicPages)(
    "serves %s with its heading and no serious accessibility issue",
    async (path, heading) => {
      const page = await browser.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectHeading(page, heading);
      await expectAccessible(page);
      await page.context().close();
    },
  );

  it("opens the Birth Preparation menu on hover at desktop width and follows a top link", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Birth Preparation" }).hover();
    const foundation = nav.getByRole("link", { name: /Foundation Course/ });
    await foundation.waitFor();
    expect(await foundation.getAttribute("href")).toBe("/auth?tier=free");
    expect(await nav.getByRole("link", { name: /Preparation Course/ }).getAttribute("href")).toBe(
      "/auth?tier=premium",
    );
    const partner = nav.getByRole("link", { name: /Partner Course/ });
    expect(await partner.getAttribute("href")).toBe("/auth?tier=premium");
    expect(await partner.textContent()).toContain("Coming Soon");
    await expectAccessible(page);

    await page.mouse.move(700, 500);
    await foundation.waitFor({ state: "hidden" });
    await nav.getByRole("link", { name: "Hypno-Science" }).click();
    await page.waitForURL("**/hypno-science");
    await expectHeading(page, "The science of calm");
    expect(await nav.getByRole("link", { name: "Hypno-Science" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("link", { name: "Log In" }).getAttribute("href")).toBe("/auth");
    expect(await page.getByRole("link", { name: "Join Community" }).getAttribute("href")).toBe(
      "/auth?tier=free",
    );
    await page.context().close();
  });

  it("opens the Birth Preparation menu from the keyboard", async () => {
    const page = await browser.newPage({ viewport: "desktop" });
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page.getByRole("button", { name: "Birth Preparation" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Foundation Course");
    await page.keyboard.press("Escape");
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("mirrors the navigation in a drawer at phone width", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: "Birth Preparation" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    for (const name of [
      "Foundation Course",
      "Preparation Course",
      "Hypno-Science",
      "Podcast",
      "About",
      "Contact",
      "Log In",
      "Join Community",
    ]) {
      expect(await drawer.getByRole("link", { name: new RegExp(name) }).count(), name).toBeGreaterThan(0);
    }
    expect(await drawer.getByRole("link", { name: /Partner Course/ }).textContent()).toContain("Coming Soon");
    await expectAccessible(page);

    await drawer.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/contact");
    await drawer.waitFor({ state: "detached" });
    await expectHeading(page, "Get in Touch");
    await page.context().close();
  });

  it("closes the drawer with Escape and gives focus back to the menu button", async () => {
    const page = await browser.newPage({ viewport: "phone" });
    await page.goto("/");
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    // A modal: focus starts inside it, the page behind is inert and holds still.
    expect(await drawer.evaluate((element) => element.matches(":modal"))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close menu");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("visible");

    // The close button and a tap beside the panel close it too.
    await opener.click();
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await drawer.waitFor({ state: "detached" });
    await opener.click();
    await drawer.waitFor();
    await page.mouse.click(10, 400);
    await drawer.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("loads the toasts' code with a page's first toast, not before", async () => {
    const page = await browser.newPage();
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    const sonnerLoaded = async () =>
      (await Promise.all(scripts)).some((text) => text.includes("data-sonner-toaster"));
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(await sonnerLoaded()).toBe(false);

    // A signed-out visit to a member's page comes back to /auth with a toast.
    await page.goto("/portal/library");
    await waitForHydration(page);
    await expectToast(page, "Please sign in to access your library");
    expect(await sonnerLoaded()).toBe(true);
    await page.context().close();
  });

  it.each([
    ["Privacy Policy", "/privacy", "Privacy Policy"],
    ["Terms of Service", "/terms", "Terms of Service"],
    ["Contact Us", "/contact", "Get in Touch"],
  ])("takes the footer's %s link to its page", async (label, path, heading) => {
    const page = await browser.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: label }).click();
    await page.waitForURL(`**${path}`);
    await expectHeading(page, heading);
    await page.context().close();
  });

  it("answers an unknown path with a 404 page that leads home", async () => {
    const page = await browser.newPage();
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expectHeading(page, "Oops! Page not found");
    await expectAccessible(page);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });

  it.each([
    [401, "Unauthorized", "phone"],
    [403, "Access Denied", "desktop"],
    [500, "Server Error", "phone"],
  ] as const)("shows the %s screen, %s, with a way home at %s width", async (status, heading, viewport) => {
    // The screens on demand answer only a browser on the server's machine, as the local outbox does.
    const page = await browser.newPage({ viewport, onThisMachine: true });
    const response = await page.goto(`/dev/error/${status}`);
    expect(response?.status()).toBe(status);
    await expectHeading(page, heading);
    expect(await page.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    // Only a refusal for want of a session offers to sign in.
    expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(status === 401 ? 1 : 0);
    await expectAccessible(page);
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );
    await page.context().close();
  });

  it("lets people read and navigate without JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL("**/privacy");
    await expectHeading(page, "Privacy Policy");
    await page.context().close();
  });
});
