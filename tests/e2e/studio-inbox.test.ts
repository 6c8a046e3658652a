import crypto from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { localOutbox } from "../support/mailbox.ts";
import { expectToast } from "./support/accounts.ts";
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
    await item.filter({ hasText: "Unread" }).filter({ hasText: message }).waitFor();
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
    const mail = await localOutbox(inject("dataDir")).latest(email, /A reply to your message to Tidewell/);
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(`> ${message}`);

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
});
