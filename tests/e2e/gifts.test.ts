import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { expectToast, setTier, signUpThroughForm, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * The course as a gift, on a server whose clock the test moves
 * (TEST_CLOCK_FILE): bought from the course page by card or PayPal (the demo
 * checkout's stand-ins), delivered by the job runner on its day, redeemed by
 * its recipient with an account of her own, changed and refunded by its giver.
 */
describe("the course as a gift", () => {
  const browser = useBrowser();
  const clocked = useServerWithClock("2026-12-01T10:00:00Z");
  const { setClock, open } = clocked;
  const mailbox = () => localOutbox(clocked.server.dataDir);
  const recipientAddress = (name: string) => `${name}-${Date.now().toString(36)}@example.com`;

  const tierOf = (email: string) =>
    withServerDatabase(
      async (db) =>
        (
          await db
            .selectFrom("user")
            .leftJoin("member_access", "member_access.user_id", "user.id")
            .select("member_access.subscription_tier")
            .where("user.email", "=", email)
            .executeTakeFirstOrThrow()
        ).subscription_tier ?? "free",
      clocked.server,
    );

  /**
   * A giver on the gift's page, from the course page's link. A newcomer signs up on the way, and confirming
   * her address brings her back to it; a member who is signed in goes straight there.
   */
  async function aGiver(page: Page, { newcomer = false } = {}) {
    const signUp = { name: "Orla Byrne", origin: clocked.server.baseUrl, mailbox: mailbox() };
    if (newcomer) {
      await open(page, "/course");
      await page.getByRole("link", { name: "Give it as a gift" }).click();
      await page.getByRole("link", { name: "Start the free course" }).click();
      await page.getByRole("button", { name: "Create free account" }).waitFor();
      const giver = await signUpThroughForm(page, { ...signUp, from: null, landsOn: "/portal/gifts/new" });
      await page.getByRole("heading", { name: "Give the course as a gift", level: 1 }).waitFor();
      await waitForHydration(page);
      return giver;
    }
    const giver = await signUpThroughForm(page, signUp);
    await open(page, "/course");
    await page.getByRole("link", { name: "Give it as a gift" }).click();
    await page.getByRole("heading", { name: "Give the course as a gift", level: 1 }).waitFor();
    await waitForHydration(page);
    return giver;
  }

  async function chooseGift(page: Page, gift: { to: string; message: string; day: string }) {
    await page.getByLabel("Her email address").fill(gift.to);
    await page.getByLabel("Your message").fill(gift.message);
    await page.getByLabel("The day it arrives").fill(gift.day);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("heading", { name: "Your gift", level: 2 }).waitFor();
  }

  it("is bought by card for a later day, arrives on that day, and is redeemed by her", async () => {
    // Her phone is in Dublin: a later day's gift goes at 09:00 there (UTC in December).
    const page = await (await browser.newContext({ timezoneId: "Europe/Dublin" })).newPage();
    const giver = await aGiver(page, { newcomer: true });
    const maya = recipientAddress("maya");

    // What can't be used is said beside its field, and nothing goes on.
    await page.getByLabel("Her email address").fill("maya");
    await page.getByLabel("Your message").fill("");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByText("Please enter the address the gift should go to, like name@example.com.").waitFor();
    await page.getByText("Please write a few words to go with your gift.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("gift-recipientEmail");
    await expectAccessible(page);

    await chooseGift(page, { to: maya, message: "For you and the bump.\nLove, Orla", day: "2026-12-03" });
    await page.getByText("The Complete Course, as a gift").waitFor();
    await page.getByRole("button", { name: /Card/ }).click();
    await page.getByRole("button", { name: "Pay €27" }).click();
    await expectToast(page, "Thank you: your gift is paid for. It's on your gifts page.");
    await page.waitForURL((url) => url.pathname === "/portal/gifts", { timeout: 10_000 });
    const gift = page.getByRole("region", { name: `For ${maya}` });
    await gift.getByText("Arrives on").waitFor();
    await expectAccessible(page);

    // Her receipt and invoice are hers; the course is not.
    const receipt = await mailbox().latest(giver.email, /the Complete Course, as a gift/);
    expect(receipt.text).toContain(`We'll send it to ${maya}`);
    expect(await tierOf(giver.email)).toBe("free");

    // Not before its day: its delivery waits for 09:00 on it, and nothing has gone. Then, on the day,
    // at once: the job runner looks as soon as the test clock moves.
    const delivery = await withServerDatabase(
      (db) =>
        db
          .selectFrom("jobs")
          .innerJoin("gifts", (join) => join.on("gifts.recipient_email", "=", maya))
          .select(["jobs.run_at", "jobs.status", "jobs.payload", "gifts.id", "gifts.delivered_at"])
          .where("jobs.kind", "=", "gift-delivery")
          .execute(),
      clocked.server,
    );
    const ours = delivery.filter((job) => (JSON.parse(job.payload) as { giftId: string }).giftId === job.id);
    expect(ours.map((job) => [new Date(job.run_at).toISOString(), job.status, job.delivered_at])).toEqual([
      ["2026-12-03T09:00:00.000Z", "pending", null],
    ]);
    setClock("2026-12-03T12:00:00Z");
    const email = await mailbox().latest(maya, /A gift for you/);
    expect(email.text).toContain("> For you and the bump.");
    const link = firstLink(email.text);
    expect(link).toMatch(new RegExp(`^${clocked.server.baseUrl}/gift/[A-Za-z0-9_-]{43}$`));

    const hers = await (await browser.newContext()).newPage();
    await hers.goto(link);
    await hers.getByRole("heading", { name: "Orla has given you the Complete Course" }).waitFor();
    await hers.getByText("For you and the bump.").waitFor();
    await expectAccessible(hers);
    await signUpThroughForm(hers, {
      name: "Maya Lin",
      email: maya,
      origin: clocked.server.baseUrl,
      mailbox: mailbox(),
    });
    await hers.goto(link);
    await waitForHydration(hers);
    await hers.getByRole("button", { name: "Redeem my gift" }).click();
    await hers.waitForURL((url) => url.pathname === "/portal");
    await expectToast(hers, "Your gift is redeemed: the Complete Course is yours. Welcome.");
    expect(await tierOf(maya)).toBe("premium");

    // Once only.
    await hers.goto(link);
    await hers.getByText("This gift has been redeemed already.").waitFor();

    await page.reload();
    await gift.getByText("Redeemed: the course is hers").waitFor();
    expect(await gift.getByRole("button", { name: "Refund this gift" }).count()).toBe(0);
  });

  /** Nothing on the page is wider than the phone it is on. */
  const fitsTheScreen = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it("is bought by PayPal on a phone, changed before its day, and refunded to its giver, never redeemed", async () => {
    setClock("2026-12-10T10:00:00Z");
    const page = await (await browser.newContext({ viewport: "phone" })).newPage();
    const giver = await aGiver(page);
    const first = recipientAddress("ines");
    const second = recipientAddress("ines-work");

    await chooseGift(page, { to: first, message: "With love for the three of you.", day: "2026-12-20" });
    expect(await fitsTheScreen(page)).toBe(true);
    await page.getByRole("button", { name: /PayPal/ }).click();
    await page.getByRole("button", { name: "Pay €27 with PayPal (demo)" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/gifts", { timeout: 10_000 });

    const gift = page.getByRole("region", { name: `For ${first}` });
    await gift.getByText("Arrives on").waitFor();
    expect(await fitsTheScreen(page)).toBe(true);
    await gift.getByLabel("Her email address").fill(second);
    await gift.getByLabel("The day it arrives").fill("2026-12-18");
    await gift.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, `Saved: your gift goes to ${second} on`);
    const changed = page.getByRole("region", { name: `For ${second}` });
    await changed.getByText("Arrives on").waitFor();

    await changed.getByRole("button", { name: "Refund this gift" }).click();
    // It asks first: a refund can't be undone.
    await changed.getByText("Refund €27 to you?").waitFor();
    await changed.getByRole("button", { name: "Yes, refund it" }).click();
    await expectToast(page, "Your gift is refunded.");
    await changed.getByText("Refunded to you").waitFor();
    const refund = await mailbox().latest(giver.email, /Your refund from/);
    expect(refund.text).toContain("Everything in your account stays as it is.");

    // Both its days come and go: the job runner takes each delivery, and sends nothing, to either address.
    setClock("2026-12-20T12:00:00Z");
    const deliveries = () =>
      withServerDatabase(async (db) => {
        const { id } = await db
          .selectFrom("gifts")
          .select("id")
          .where("recipient_email", "=", second)
          .executeTakeFirstOrThrow();
        const jobs = await db
          .selectFrom("jobs")
          .select(["status", "payload"])
          .where("kind", "=", "gift-delivery")
          .execute();
        return jobs.filter((job) => (JSON.parse(job.payload) as { giftId: string }).giftId === id);
      }, clocked.server);
    await expect.poll(async () => (await deliveries()).map((job) => job.status)).toEqual(["done", "done"]);
    await expect(mailbox().latest(second, /A gift for you/, 100)).rejects.toThrow();
    await expect(mailbox().latest(first, /A gift for you/, 100)).rejects.toThrow();
    const status = await withServerDatabase(
      (db) =>
        db
          .selectFrom("purchases")
          .innerJoin("gifts", "gifts.purchase_id", "purchases.id")
          .select(["purchases.status", "purchases.provider", "gifts.delivered_at"])
          .where("gifts.recipient_email", "=", second)
          .execute(),
      clocked.server,
    );
    expect(status).toEqual([{ status: "refunded", provider: "paypal", delivered_at: null }]);
  });
  it("arrives today for someone who has the course already: she is told, and its giver is offered the refund", async () => {
    setClock("2026-12-12T10:00:00Z");
    const page = await (await browser.newContext()).newPage();
    const giver = await aGiver(page);
    const hers = await (await browser.newContext()).newPage();
    const { email: ana } = await signUpThroughForm(hers, {
      name: "Ana Silva",
      origin: clocked.server.baseUrl,
      mailbox: mailbox(),
    });
    await setTier(ana, "premium", clocked.server);

    await chooseGift(page, { to: ana, message: "Thinking of you both.", day: "2026-12-12" });
    await page.getByText("Today, within a few minutes").waitFor();
    await page.getByRole("button", { name: /Card/ }).click();
    await page.getByRole("button", { name: "Pay €27" }).click();
    await page.waitForURL((url) => url.pathname === "/portal/gifts", { timeout: 10_000 });

    // "Within a few minutes": a minute on, the job runner's round (which a moved test clock starts at once)
    // finds the gift due. Without the move, the next round could be up to 15 s away.
    setClock("2026-12-12T10:01:00Z");
    const link = firstLink((await mailbox().latest(ana, /A gift for you/)).text);
    await hers.goto(link);
    await waitForHydration(hers);
    await hers.getByText("You already have the Complete Course, so this gift has nothing to add.").waitFor();
    await hers.getByRole("button", { name: "Let them know" }).click();
    await hers.getByText("We've let the person who gave it know").waitFor();
    const offer = await mailbox().latest(giver.email, /About your gift/);
    expect(offer.text).toContain("you can have it refunded in full from your gifts page");

    await page.reload();
    const gift = page.getByRole("region", { name: `For ${ana}` });
    await gift.getByText("She already had the course").waitFor();
    await gift.getByRole("button", { name: "Refund this gift" }).waitFor();
  });
});
