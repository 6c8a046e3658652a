import { describe, expect, it } from "vitest";
import { signedInPage, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * An offer from end to end: the owner makes a code in the studio, a member
 * enters it at checkout, sees the new price, pays it by the demo card, and the
 * studio shows the one use and what it brought in.
 */
describe("an offer, from the studio to the checkout", () => {
  const browser = useBrowser();

  it("lets the owner make a code that a member pays less with, and shows its use and revenue", async () => {
    const { page: owner } = await enrolledOwner(browser);
    const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
    await owner.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Offers" }).click();
    await owner.getByRole("heading", { name: "Offers", level: 1 }).waitFor();
    await waitForHydration(owner);
    await owner.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await owner.getByLabel("Takes off").selectOption("percent");
    await owner.getByLabel("How much").fill("20");
    await owner.getByLabel("First day").fill(day(-1));
    await owner.getByLabel("Last day").fill(day(30));
    await owner.getByLabel("Most uses").fill("3");
    await owner.getByRole("button", { name: "Make the code" }).click();
    await owner.getByText(`${code} is ready: 20% off.`).waitFor();
    const row = owner.getByRole("row").filter({ hasText: code });
    await expect.poll(() => row.textContent()).toContain("0 of 3");
    await expectAccessible(owner);

    const { page: member, email } = await signedInPage(browser, { at: "/auth?tier=premium" });
    await member.getByLabel("Have a code?").fill("NO-SUCH-CODE");
    await member.getByRole("button", { name: "Apply" }).click();
    await member.getByText("We don't know that code").waitFor();
    await member.getByLabel("Have a code?").fill(code.toLowerCase());
    await member.getByRole("button", { name: "Apply" }).click();
    await member.getByText("This code gives €5.40 off").waitFor();
    await expectAccessible(member);
    await member.getByRole("button", { name: /Card/ }).click();
    await member.getByRole("button", { name: "Pay €21.60" }).click();
    await member.waitForURL((url) => url.pathname === "/portal", { timeout: 10_000 });

    await expect
      .poll(() =>
        withServerDatabase((db) =>
          db
            .selectFrom("purchases")
            .innerJoin("user", "user.id", "purchases.user_id")
            .select(["purchases.status", "purchases.amount_minor"])
            .where("user.email", "=", email)
            .execute(),
        ),
      )
      .toEqual([{ status: "succeeded", amount_minor: 2160 }]);
    await owner.reload();
    await expect.poll(() => row.textContent()).toContain("1 of 3");
    expect(await row.textContent()).toContain("€21.60");
  });
});
