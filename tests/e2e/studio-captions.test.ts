import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, signedInPage, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";
import { parseVtt } from "#app/modules/transcripts/vtt.ts";

/** A premium session no other browser test reads the words of: its captions are changed here, then put back. */
const SESSION = { id: "positive-caesarean", title: "Positive Caesarean Birth" };
const CAPTIONS_PAGE = `/studio/content/${SESSION.id}/captions`;

/** The session's cues as the site ships them. */
function bundledCues() {
  const reading = parseVtt(fs.readFileSync(`content/audio/${SESSION.id}.vtt`, "utf8"));
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.cues;
}

const SHOTS = path.resolve("test-results/studio-captions");

const cueBox = (page: Page, number: number) => page.getByLabel(new RegExp(`^Cue ${number}\\b`));

const revisions = () =>
  withServerDatabase(
    async (db) =>
      (
        await db
          .selectFrom("caption_revisions")
          .select("number")
          .where("recording_id", "=", SESSION.id)
          .execute()
      ).length,
  );

describe("the owner fixes a session's captions", () => {
  const browser = useBrowser();

  it("plays a cue, fixes its words and publishes them to members' transcripts, captions and search; a bad file changes nothing", async () => {
    const cues = bundledCues();
    const { page: member } = await signedInPage(browser, { premium: true });
    const { page: owner } = await enrolledOwner(browser);

    // From the content list to the session's captions.
    await owner.goto("/studio/content");
    await owner.getByRole("link", { name: `Fix captions: ${SESSION.title}` }).click();
    await owner.getByRole("heading", { name: `Captions: ${SESSION.title}`, level: 1 }).waitFor();
    await waitForHydration(owner);
    await owner.getByText("Members read the captions that came with the site.").waitFor();
    expect(await cueBox(owner, 2).inputValue()).toBe(cues[1]!.text);

    // The first cue's stretch of the recording plays, and stops at its end.
    await owner.getByRole("button", { name: "Play this cue (cue 1)", exact: true }).click();
    await owner.getByRole("button", { name: "Stop (cue 1)", exact: true }).waitFor();
    await owner.getByRole("status").filter({ hasText: "Cue 1 played." }).waitFor();

    // Her words: one fixed, one with a script planted in it, which members must only ever read.
    const fixed = "Whether your caesarean is planned or comes on the day, it is a marigold birth.";
    const planted = `<script>window.planted = true</script> It can be calm, and it can be yours.`;
    await cueBox(owner, 2).fill(fixed);
    await cueBox(owner, 3).fill(planted);
    await expectAccessible(owner);
    await owner.getByRole("button", { name: "Publish" }).click();
    await expectToast(owner, "Published: members read the new words now.");
    await owner.getByText(/^Members read these captions, published /).waitFor();
    fs.mkdirSync(SHOTS, { recursive: true });
    await owner.evaluate(() => window.scrollTo(0, 0));
    await owner.screenshot({ path: path.join(SHOTS, "captions-desktop.png") });

    // The member's transcript shows them, the script as text, never run.
    await member.goto(`/portal/library/${SESSION.id}/transcript`);
    await waitForHydration(member);
    await member.getByText(fixed, { exact: false }).waitFor();
    await member.getByText("<script>window.planted = true</script>", { exact: false }).waitFor();
    expect(await member.evaluate(() => (window as { planted?: boolean }).planted)).toBeUndefined();
    // The player's captions track reads the same words, escaped as WebVTT text.
    const track = await (await member.request.get(`/captions/${SESSION.id}.vtt`)).text();
    expect(track).toContain(fixed);
    expect(track).toContain("&lt;script&gt;");
    // And the library's search finds the session by them.
    await member.goto("/portal/library?q=marigold");
    await expect
      .poll(() =>
        member
          .getByRole("status")
          .filter({ hasText: /found for/ })
          .textContent(),
      )
      .toBe("1 session found for “marigold”");
    await member.getByRole("link", { name: SESSION.title }).first().waitFor();

    // A file with a mistake on line 6: the page says so with its name and line, and nothing changes.
    const kept = await revisions();
    await owner.getByLabel("Caption file (.vtt)").setInputFiles({
      name: "positive-caesarean.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from(
        "WEBVTT\n\n00:00:03.000 --> 00:00:06.000\nWelcome.\n\n00:00:06.000 -> 00:00:09.000\nOops.\n",
      ),
    });
    await owner.getByRole("button", { name: "Upload" }).click();
    await owner
      .getByRole("alert")
      .getByText(
        'positive-caesarean.vtt, line 6: expected a cue timing such as "00:00:01.000 --> 00:00:04.000"',
      )
      .waitFor();
    expect(await revisions()).toBe(kept);
    expect(await cueBox(owner, 2).inputValue()).toBe(fixed);
    expect(await (await member.request.get(`/captions/${SESSION.id}.vtt`)).text()).toBe(track);

    // On a phone the page fits the screen.
    await owner.setViewportSize(viewports.phone);
    await owner.goto(CAPTIONS_PAGE);
    await waitForHydration(owner);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The whole page, the upload form at its foot included.
    await owner.screenshot({ path: path.join(SHOTS, "captions-phone.png"), fullPage: true });

    // The words put back as the site ships them, for every other test that reads this session.
    await cueBox(owner, 2).fill(cues[1]!.text);
    await cueBox(owner, 3).fill(cues[2]!.text);
    await owner.getByRole("button", { name: "Publish" }).click();
    await expectToast(owner, "Published: members read the new words now.");
    // (Her kept portal pages follow the content version through the member page cache, not tested here.)
    expect(await (await member.request.get(`/captions/${SESSION.id}.vtt`)).text()).toContain(cues[1]!.text);
    await member.goto("/portal/library?q=marigold");
    await expect
      .poll(() =>
        member
          .getByRole("status")
          .filter({ hasText: /found for/ })
          .textContent(),
      )
      .toBe("0 sessions found for “marigold”");
  });
});
