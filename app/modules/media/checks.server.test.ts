import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { makeWav } from "../../../tests/support/wav.ts";
import { audioFormat, CHECK_MESSAGES, checkGuide, checkRecording } from "./checks.server.ts";
import { stageUpload } from "./staging.server.ts";
import { isVersionOf, versionKey } from "./version-keys.ts";
import { isSafeKey } from "./storage.server.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-checks-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const fileOf = (name: string, bytes: Buffer | string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};

describe("an upload is checked by its content", () => {
  it("reads an MP3's real length", async () => {
    const checked = await checkRecording(path.resolve("content/audio/preview.mp3"));
    expect(checked).toMatchObject({ ok: true, extension: ".mp3" });
    expect(checked.ok && checked.seconds).toBeCloseTo(81.4, 0);
  });

  it("reads a WAV's length, whatever it is called", async () => {
    const checked = await checkRecording(fileOf("tone.mp3", makeWav(3)));
    expect(checked).toEqual({ ok: true, extension: ".wav", seconds: 3, pages: null });
  });

  it.each([
    ["a text file called .mp3", "fake.mp3", "hello, this is not a recording\n".repeat(100)],
    [
      "a PDF called .mp3",
      "guide.mp3",
      fs.readFileSync(path.resolve("content/pdfs/hospital-bag-checklist.pdf")),
    ],
    ["an empty file", "empty.wav", ""],
  ])("refuses %s as a recording", async (_, name, bytes) => {
    expect(await checkRecording(fileOf(name, bytes))).toEqual({
      ok: false,
      message: CHECK_MESSAGES.notAudio,
    });
  });

  it("knows the formats browsers play by container and codec", () => {
    expect(audioFormat("MPEG", "MPEG 1 Layer 3")).toBe(".mp3");
    expect(audioFormat("MPEG", "MPEG 1 Layer 2")).toBeNull();
    expect(audioFormat("M4A/isom/iso2", "MPEG-4/AAC")).toBe(".m4a");
    expect(audioFormat("WAVE", "PCM")).toBe(".wav");
    expect(audioFormat("FLAC", "FLAC")).toBeNull();
    expect(audioFormat(undefined, undefined)).toBeNull();
  });

  it("reads a guide's pages, and refuses what is not a PDF", async () => {
    expect(await checkGuide(path.resolve("content/pdfs/hospital-bag-checklist.pdf"))).toEqual({
      ok: true,
      extension: ".pdf",
      seconds: null,
      pages: 4,
    });
    expect(await checkGuide(fileOf("notes.pdf", "just some words"))).toEqual({
      ok: false,
      message: CHECK_MESSAGES.notPdf,
    });
    expect(await checkGuide(fileOf("broken.pdf", "%PDF-1.7\nnot really"))).toEqual({
      ok: false,
      message: CHECK_MESSAGES.unreadablePdf,
    });
  });
});

describe("staging an upload", () => {
  const staging = path.join(dir, "uploads");

  it("streams the bytes to a file of their own and counts them", async () => {
    const staged = await stageUpload(Readable.from([Buffer.from("abc"), Buffer.from("def")]), staging, 10);
    expect(staged).toMatchObject({ ok: true, size: 6 });
    if (!staged.ok) return;
    expect(fs.readFileSync(staged.file, "utf8")).toBe("abcdef");
    await staged.discard();
    expect(fs.readdirSync(staging)).toEqual([]);
  });

  it("stops past the limit, and keeps nothing of a broken or empty upload", async () => {
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i++) yield Buffer.alloc(1000);
      })(),
    );
    expect(await stageUpload(big, staging, 10_000)).toEqual({ ok: false, reason: "too-large" });
    const broken = Readable.from(
      (async function* () {
        yield Buffer.alloc(100);
        throw new Error("aborted");
      })(),
    );
    expect(await stageUpload(broken, staging, 10_000)).toEqual({ ok: false, reason: "broken" });
    expect(await stageUpload(Readable.from([]), staging, 10_000)).toEqual({ ok: false, reason: "empty" });
    expect(fs.readdirSync(staging)).toEqual([]);
  });
});

describe("a version's key", () => {
  it("is the seeded name with its number and the extension its content says, and a safe key", () => {
    expect(versionKey("fear-release.mp3", 3, ".m4a")).toBe("fear-release.v3.m4a");
    expect(versionKey("hospital-bag-checklist.pdf", 2, ".pdf")).toBe("hospital-bag-checklist.v2.pdf");
    expect(isSafeKey(versionKey("fear-release.mp3", 999, ".wav"))).toBe(true);
    expect(() => versionKey("x.mp3", 0, ".mp3")).toThrow(RangeError);
  });

  it("names its item's versions and no other item's", () => {
    expect(isVersionOf("fear-release.mp3", "fear-release.mp3")).toBe(true);
    expect(isVersionOf("fear-release.mp3", "fear-release.v12.wav")).toBe(true);
    expect(isVersionOf("fear-release.mp3", "fear-release-2.v2.mp3")).toBe(false);
    expect(isVersionOf("fear-release.mp3", "fear-release.v2.txt")).toBe(false);
    expect(isVersionOf("fear-release.mp3", "fear-release.vx.mp3")).toBe(false);
    expect(isVersionOf("fear.mp3", "fear-release.v2.mp3")).toBe(false);
  });
});
