import crypto from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { localOutbox } from "../support/mailbox.ts";
import { expectToast, signedInPage, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";

describe("the studio's contact inbox", () => {
  const browser = useBrowser();

  it("shows a visitor's message unread, sends the owner's reply by email, keeps it in the thread, and archives it", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const name = `Amara ${tag}`;
    const email = `visitor-${tag}@example.com`;
    const message = `Can my partner join the video consultation? (${tag})`;
    const reply = `Yes, of course: your partner is very welcome. (${tag})`;

    // A visitor writes through the public contact form.
    const visitorPage = await browser.newPage();
    await visitorPage.goto("/contact");
    await waitForHydration(visitorPage);
    await visitorPage.getByLabel("Your name").fill(name);
    await visitorPage.getByLabel("Email", { exact: false }).first().fill(email);
    await visitorPage.getByLabel("Your message").fill(message);
    await visitorPage.getByRole("button", { name: "Send message" }).click();
    await visitorPage
      .getByRole("status")
      .filter({ hasText: "Thank you! We'll get back to you soon." })
      .waitFor();

    // The owner finds it unread in her inbox.
    const { page: owner } = await enrolledOwner(browser);
    await owner.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Inbox" }).click();
    await owner.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    const conversations = owner.getByRole("list", { name: "Conversations" });
    const item = conversations.getByRole("listitem").filter({ hasText: email });
    await item
      .filter({ hasText: "Unread" })
      .filter({ hasText: message })
      .filter({ hasText: "Not confirmed" })
      .waitFor();
    await expectAccessible(owner);

    // She opens it: her message, and the way to answer.
    await item.getByRole("link", { name, exact: true }).click();
    await owner.getByRole("heading", { name, level: 1 }).waitFor();
    // The thread's address in the studio is not the visitor's.
    expect(owner.url()).not.toContain(tag);
    const thread = owner.getByRole("list", { name: "Messages and replies" });
    await thread.getByRole("listitem").filter({ hasText: message }).waitFor();
    await expectAccessible(owner);

    // She replies: it is in the thread, and the email to the visitor is in the outbox.
    await owner.getByLabel("Your reply").fill(reply);
    await owner.getByRole("button", { name: "Send Reply" }).click();
    await expectToast(owner, "Reply sent.");
    await thread.getByRole("listitem").filter({ hasText: reply }).filter({ hasText: "Your reply" }).waitFor();
    // The box is empty again, for the next reply; the one sent is in the thread once.
    await expect.poll(() => owner.getByLabel("Your reply").inputValue()).toBe("");
    expect(await thread.getByRole("listitem").filter({ hasText: reply }).count()).toBe(1);
    const mail = await localOutbox(inject("dataDir")).latest(email, /A reply to your message to Tidewell/);
    expect(mail.text).toContain(reply);
    // Sent without signing in, so nobody confirmed the address: the reply quotes none of it.
    expect(mail.text).not.toContain(message);

    // Back in the inbox it is read, and answered.
    await owner.goto("/studio/inbox");
    await item.filter({ hasText: "Replied" }).waitFor();
    expect(await item.filter({ hasText: "Unread" }).count()).toBe(0);

    // Archived, it leaves the inbox and waits under Archived.
    await item.getByRole("link", { name, exact: true }).click();
    await owner.getByRole("button", { name: "Archive" }).click();
    await expectToast(owner, "Archived.");
    await owner.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    expect(await owner.getByRole("listitem").filter({ hasText: email }).count()).toBe(0);
    await owner
      .getByRole("navigation", { name: "Inbox views" })
      .getByRole("link", { name: "Archived" })
      .click();
    await owner
      .getByRole("list", { name: "Archived conversations" })
      .getByRole("listitem")
      .filter({ hasText: email })
      .waitFor();
    await expectAccessible(owner);
  });

  it("keeps a message typed in a member's address apart from her conversation: not confirmed, not linked, not quoted", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const name = `Nadia ${tag}`;
    const own = `Is week 30 too late to start? (${tag})`;
    const forged = `Security alert: your payment failed. Update your card at https://evil.example/${tag}`;

    // She writes from her portal, signed in: the form has her name and address already.
    const { page: member, email } = await signedInPage(browser, {
      name,
      email: uniqueEmail(`nadia-${tag}`),
      at: "/portal/contact",
    });
    await member.getByLabel("Your message").fill(own);
    await member.getByRole("button", { name: "Send message" }).click();
    await member.getByRole("status").filter({ hasText: "Thank you! We'll get back to you soon." }).waitFor();

    // Someone else types her name and address into the public form.
    const stranger = await browser.newPage();
    await stranger.goto("/contact");
    await waitForHydration(stranger);
    await stranger.getByLabel("Your name").fill(name);
    await stranger.getByLabel("Email", { exact: false }).first().fill(email);
    await stranger.getByLabel("Your message").fill(forged);
    await stranger.getByRole("button", { name: "Send message" }).click();
    await stranger
      .getByRole("status")
      .filter({ hasText: "Thank you! We'll get back to you soon." })
      .waitFor();

    // The owner sees two conversations for the address: hers, linked to her, and one not confirmed, linked to no one.
    const { page: owner } = await enrolledOwner(browser);
    await owner.goto("/studio/inbox");
    const conversations = owner.getByRole("list", { name: "Conversations" }).getByRole("listitem");
    const hers = conversations.filter({ hasText: own });
    const notHers = conversations.filter({ hasText: forged });
    await hers.waitFor();
    await notHers.filter({ hasText: "Not confirmed" }).waitFor();
    expect(await hers.filter({ hasText: "Not confirmed" }).count()).toBe(0);
    expect(await hers.getByRole("link", { name: `Member: ${name}` }).count()).toBe(1);
    expect(await notHers.getByRole("link", { name: /^Member/ }).count()).toBe(0);
    expect(await hers.filter({ hasText: forged }).count()).toBe(0);
    await expectAccessible(owner);

    // Her conversation holds her own words alone, and leads to her member page.
    await hers.getByRole("link", { name, exact: true }).click();
    const thread = owner.getByRole("list", { name: "Messages and replies" });
    await thread.getByRole("listitem").filter({ hasText: own }).waitFor();
    expect(await thread.getByRole("listitem").count()).toBe(1);
    expect(await owner.getByText(forged).count()).toBe(0);
    await owner.getByRole("link", { name: "Member page" }).click();
    await owner.getByRole("heading", { name, level: 1 }).waitFor();
    expect(await owner.getByText(forged).count()).toBe(0);

    // The other says so; the owner's reply to it reaches her address without a word of it.
    await owner.goto("/studio/inbox");
    await notHers.getByRole("link", { name, exact: true }).click();
    await owner.getByRole("status").filter({ hasText: "Not confirmed." }).waitFor();
    expect(await owner.getByRole("link", { name: "Member page" }).count()).toBe(0);
    await expectAccessible(owner);
    await owner.getByLabel("Your reply").fill(`We have no record of a payment. (${tag})`);
    await owner.getByRole("button", { name: "Send Reply" }).click();
    await expectToast(owner, "Reply sent.");
    const mail = await localOutbox(inject("dataDir")).latest(email, /A reply to your message to Tidewell/);
    expect(mail.text).toContain(`We have no record of a payment. (${tag})`);
    expect(mail.text.startsWith("Hello,")).toBe(true);
    expect(mail.text).not.toMatch(/Security alert|evil\.example|payment failed/);
  });
});
