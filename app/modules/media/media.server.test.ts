import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { TRACKS } from "#app/modules/catalogue/tracks.ts";
import { createMediaFacts, RECHECK_MS } from "./facts.server.ts";
import {
  createFileStorage,
  FILE_FACTS_TTL_MS,
  isSafeKey,
  KeyTakenError,
  seedMediaFromContent,
} from "./storage.server.ts";

describe("media storage on files", () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-media-"));
    seedMediaFromContent(path.resolve("content"), root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("seeds every track, the preview and every guide from content/", async () => {
    const storage = createFileStorage(root);
    for (const track of TRACKS) expect(await storage.info("audio", track.audioFile), track.id).not.toBeNull();
    expect(await storage.info("audio", "preview.mp3")).not.toBeNull();
    for (const guide of GUIDES)
      expect((await storage.info("pdfs", guide.filename))?.contentType).toBe("application/pdf");
  });

  it("never overwrites a file already in place", () => {
    const target = path.join(root, "audio", "preview.mp3");
    fs.writeFileSync(target, "a real recording");
    seedMediaFromContent(path.resolve("content"), root);
    expect(fs.readFileSync(target, "utf8")).toBe("a real recording");
    fs.copyFileSync(path.resolve("content/audio/preview.mp3"), target);
  });

  it.each(["../secret", "..", ".env", "a/b.mp3", "%2e%2e", "", "x".repeat(200)])(
    "refuses the key %j",
    async (key) => {
      expect(isSafeKey(key)).toBe(false);
      expect(await createFileStorage(root).info("audio", key)).toBeNull();
    },
  );

  it("reads durations and page counts from the files, and notices a replaced file within a minute", async () => {
    let clock = 0;
    const storage = createFileStorage(root, () => clock);
    const facts = createMediaFacts(storage, () => clock);
    const seconds = await facts.audioDuration("affirmations-purpose.mp3");
    expect(seconds).toBeGreaterThan(60);
    expect(await facts.pdfPageCount("hospital-bag-checklist.pdf")).toBe(4);
    expect(await facts.pdfPageCount("birth-affirmations-and-scripts.pdf")).toBe(15);
    expect(await facts.audioDuration("missing.mp3")).toBeNull();

    // Swap in a different recording: the duration follows the file.
    const target = path.join(root, "audio", "affirmations-purpose.mp3");
    fs.copyFileSync(path.resolve("content/audio/preview.mp3"), target);
    fs.utimesSync(target, new Date(), new Date(Date.now() + 5000));
    expect(await facts.audioDuration("affirmations-purpose.mp3")).toBe(seconds);
    clock += RECHECK_MS;
    const replaced = await facts.audioDuration("affirmations-purpose.mp3");
    expect(replaced).not.toBeCloseTo(seconds!, 0);
  });

  it("asks the disk for a file's size and ETag at most once per moment, and sees a replaced file after it", async () => {
    let clock = 0;
    const storage = createFileStorage(root, () => clock);
    const target = path.join(root, "audio", "preview.mp3");
    const before = await storage.info("audio", "preview.mp3");
    fs.writeFileSync(target, "a shorter recording");
    expect(await storage.info("audio", "preview.mp3")).toEqual(before);
    clock += FILE_FACTS_TTL_MS;
    const after = await storage.info("audio", "preview.mp3");
    expect(after?.size).toBe("a shorter recording".length);
    expect(after?.etag).not.toBe(before?.etag);
    fs.copyFileSync(path.resolve("content/audio/preview.mp3"), target);
  });

  it("writes a new file whole, from a stream, and never over one already there", async () => {
    const storage = createFileStorage(root);
    const bytes = fs.readFileSync(path.resolve("content/audio/preview.mp3"));
    await storage.write(
      "audio",
      "preview.v2.mp3",
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      bytes.length,
    );
    expect(fs.readFileSync(path.join(root, "audio", "preview.v2.mp3")).equals(bytes)).toBe(true);
    expect((await storage.info("audio", "preview.v2.mp3"))?.size).toBe(bytes.length);

    await expect(
      storage.write("audio", "preview.v2.mp3", Readable.from([Buffer.from("other")]), 5),
    ).rejects.toThrow(KeyTakenError);
    expect(fs.readFileSync(path.join(root, "audio", "preview.v2.mp3")).equals(bytes)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it("leaves nothing behind when the stream fails or comes short", async () => {
    const storage = createFileStorage(root);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error("the connection dropped");
      })(),
    );
    await expect(storage.write("audio", "dropped.mp3", failing, 1_000_000)).rejects.toThrow("dropped");
    await expect(storage.write("audio", "short.mp3", Readable.from([Buffer.alloc(10)]), 20)).rejects.toThrow(
      "10 bytes came, not 20",
    );
    expect(fs.existsSync(path.join(root, "audio", "dropped.mp3"))).toBe(false);
    expect(fs.existsSync(path.join(root, "audio", "short.mp3"))).toBe(false);
    expect(leftovers()).toEqual([]);
    await expect(storage.write("audio", "../out.mp3", Readable.from([]), 0)).rejects.toThrow("unsafe");
  });

  const leftovers = () => fs.readdirSync(path.join(root, "audio")).filter((name) => name.startsWith("."));
});
