import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { makeWav } from "../support/wav.ts";
import { signedInPage, withServerDatabase } from "./support/accounts.ts";
import { baseUrl, expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";

const SESSION = { id: "fear-release", title: "Fear Release", file: "fear-release.mp3" };
const GUIDE = {
  id: "hospital-bag-checklist",
  title: "Hospital Bag Checklist",
  file: "hospital-bag-checklist.pdf",
};

/** The signed URL the player would be given for the session, for the member whose page this is. */
async function signedUrl(page: Page) {
  const answer = await page.request.post(`/api/audio/${SESSION.id}/signed-url`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { url: string }).url;
}

/** A guide of three pages, made here: not the one seeded. */
async function threePagePdf() {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage().drawText(`A new page ${i + 1}`);
  return Buffer.from(await doc.save());
}

/** Publishes (or restores) a version from the content page and waits for the page to say so. */
async function publish(
  owner: Page,
  title: string,
  version: number,
  button: "Publish" | "Restore",
  said: RegExp,
) {
  await owner
    .getByRole("region", { name: `Versions of ${title}` })
    .getByRole("button", { name: `${button} version ${version} of ${title}` })
    .click();
  await owner.getByText(said).waitFor();
}

describe("the owner replaces media in the studio", () => {
  const browser = useBrowser();

  it("replaces a recording and a guide, publishes them, and members get them; a fake MP3 changes nothing", async () => {
    const { page: member } = await signedInPage(browser, { premium: true, at: "/portal/library" });
    const seededSize = fs.statSync(path.resolve("content/audio", SESSION.file)).size;
    const oldUrl = await signedUrl(member);
    expect(oldUrl).toMatch(new RegExp(`^/media/audio/${SESSION.file}\\?`));

    const { page: owner } = await enrolledOwner(browser);
    await owner.goto("/studio/content");
    await waitForHydration(owner);

    // A text file called .mp3 is refused for what it is, and nothing is listed.
    await owner.getByLabel(`Replace recording: ${SESSION.title}`).setInputFiles({
      name: "new-take.mp3",
      mimeType: "audio/mpeg",
      buffer: Buffer.from("This is not a recording at all.\n".repeat(200)),
    });
    await owner.getByText(/That file isn't a recording we can play/).waitFor();
    expect(await owner.getByRole("region", { name: `Versions of ${SESSION.title}` }).count()).toBe(0);

    // A new recording (3 min 7 s of WAV), sent slowly enough that its progress shows.
    const cdp = await owner.context().newCDPSession(owner);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    const wav = makeWav(187);
    await owner.getByLabel(`Replace recording: ${SESSION.title}`).setInputFiles({
      name: "fear-release-new.wav",
      mimeType: "audio/wav",
      buffer: wav,
    });
    await owner.getByRole("progressbar", { name: `Uploading ${SESSION.title}` }).waitFor();
    await owner.getByText(/Uploading… \d+%/).waitFor();
    await owner
      .getByText(`Version 2 of ${SESSION.title} (3 min) is uploaded. Members get it once you publish it.`)
      .waitFor();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const versions = owner.getByRole("region", { name: `Versions of ${SESSION.title}` });
    await versions.getByText(/^Version 2: 3 min/).waitFor();
    await versions.getByText("Members get this one").waitFor();
    await expectAccessible(owner);

    // Not published yet: members still get the first.
    expect(await signedUrl(member)).toMatch(new RegExp(`^/media/audio/${SESSION.file}\\?`));

    await publish(
      owner,
      SESSION.title,
      2,
      "Publish",
      /Published: members now get the new recording of Fear Release \(3 min\)/,
    );

    // The member's player gets the new version, and her library its length.
    const newUrl = await signedUrl(member);
    expect(newUrl).toMatch(/^\/media\/audio\/fear-release\.v2\.wav\?/);
    const played = await member.request.get(newUrl);
    expect(played.status()).toBe(200);
    expect(played.headers()["content-type"]).toBe("audio/wav");
    expect(Number(played.headers()["content-length"])).toBe(wav.length);
    await member.goto("/portal/library");
    await member.getByRole("listitem").filter({ hasText: SESSION.title }).getByText("3 min").waitFor();

    // The member who started the old one keeps playing it.
    const kept = await member.request.get(oldUrl, { headers: { Range: "bytes=0-" } });
    expect([200, 206]).toContain(kept.status());
    expect((await kept.body()).length).toBe(seededSize);

    // A guide: replaced, published, and a premium member's download is the new file.
    const pdf = await threePagePdf();
    await owner.getByLabel(`Replace guide: ${GUIDE.title}`).setInputFiles({
      name: "checklist.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await owner
      .getByText(`Version 2 of ${GUIDE.title} (3 pages) is uploaded. Members get it once you publish it.`)
      .waitFor();
    await publish(
      owner,
      GUIDE.title,
      2,
      "Publish",
      /Published: members now get the new guide of Hospital Bag Checklist/,
    );
    const download = await member.request.get(`/guides/${GUIDE.file}`, { maxRedirects: 0 });
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(pdf)).toBe(true);

    // The log says it in her words.
    await owner.goto("/studio/audit");
    await owner.getByText("Published a new recording of Fear Release (3 min)").waitFor();
    await owner.getByText("Published a new guide: Hospital Bag Checklist (3 pages)").waitFor();

    // Both restored: the seeded files are what members get again, as before this test.
    await owner.goto("/studio/content");
    await waitForHydration(owner);
    await publish(owner, SESSION.title, 1, "Restore", /Restored: members now get version 1 of Fear Release/);
    await publish(
      owner,
      GUIDE.title,
      1,
      "Restore",
      /Restored: members now get version 1 of Hospital Bag Checklist/,
    );
    expect(await signedUrl(member)).toMatch(new RegExp(`^/media/audio/${SESSION.file}\\?`));
    const seededGuide = await member.request.get(`/guides/${GUIDE.file}`, { maxRedirects: 0 });
    expect((await seededGuide.body()).equals(fs.readFileSync(path.resolve("content/pdfs", GUIDE.file)))).toBe(
      true,
    );
  });

  it("refuses the upload to a member or a visitor, and stores nothing", async () => {
    const stored = () => fs.readdirSync(path.join(inject("dataDir"), "media", "audio")).sort();
    const before = stored();
    const { page: member } = await signedInPage(browser, { premium: true });
    const body = makeWav(1);
    const asMember = await member.request.post(`/studio/media/recording/${SESSION.id}`, {
      data: body,
      headers: { "Content-Type": "audio/wav", Origin: baseUrl() },
    });
    expect(asMember.status()).toBe(403);
    const visitor = await browser.newPage();
    const asVisitor = await visitor.request.post(`${baseUrl()}/studio/media/recording/${SESSION.id}`, {
      data: body,
      headers: { "Content-Type": "audio/wav", Origin: baseUrl() },
    });
    expect(asVisitor.status()).toBe(401);
    // From another site, even the owner's cookies would not do.
    const crossSite = await member.request.post(`/studio/media/recording/${SESSION.id}`, {
      data: body,
      headers: { "Content-Type": "audio/wav", Origin: "https://elsewhere.example" },
    });
    expect(crossSite.status()).toBe(403);
    expect(stored()).toEqual(before);
  });

  it("asks the owner for her second factor again before an upload or a publish, ten minutes on", async () => {
    const stored = () => fs.readdirSync(path.join(inject("dataDir"), "media", "audio")).sort();
    const before = stored();
    const { page: owner, email } = await enrolledOwner(browser);
    await withServerDatabase((db) =>
      db
        .updateTable("studio_checks")
        .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", (eb) => eb.selectFrom("user").select("id").where("email", "=", email))
        .execute(),
    );
    const upload = await owner.request.post(`/studio/media/recording/${SESSION.id}`, {
      data: makeWav(1),
      headers: { "Content-Type": "audio/wav", Origin: baseUrl() },
    });
    expect(upload.status()).toBe(403);
    expect(await upload.json()).toMatchObject({ check: "/studio/check?again=1&next=%2Fstudio%2Fcontent" });
    expect(stored()).toEqual(before);

    const publishing = await owner.request.post("/studio/content", {
      form: { intent: "publish", kind: "recording", id: SESSION.id, version: "1" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(publishing.status()).toBe(302);
    expect(publishing.headers()["location"]).toBe("/studio/check?again=1&next=%2Fstudio%2Fcontent");
  });
});
