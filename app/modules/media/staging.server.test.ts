import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { INTERRUPTED_AFTER_MS, removeInterruptedUploads, stageUpload } from "./staging.server.ts";

describe("what an upload cut short leaves behind", () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"));
    made.push(dir);
    return dir;
  };
  const file = (dir: string, name: string, hoursAgo: number) => {
    const at = new Date(Date.now() - hoursAgo * 3_600_000);
    fs.writeFileSync(path.join(dir, name), "bytes");
    fs.utimesSync(path.join(dir, name), at, at);
  };

  it("removes a staged upload and a half-written media file older than any upload takes, and nothing else", async () => {
    const staging = folder();
    const audio = folder();
    file(staging, "2c9d.upload", 7);
    file(staging, "8e1f.upload", 1); // perhaps still coming in
    file(audio, ".fear-release.v3.mp3.51aa.part", 7);
    file(audio, "fear-release.v2.mp3", 7); // a stored version
    file(audio, "fear-release.mp3", 400);
    const removed = await removeInterruptedUploads(
      [staging, audio, path.join(staging, "missing")],
      new Date(Date.now() - INTERRUPTED_AFTER_MS),
    );
    expect(removed).toBe(2);
    expect(fs.readdirSync(staging)).toEqual(["8e1f.upload"]);
    expect(fs.readdirSync(audio).sort()).toEqual(["fear-release.mp3", "fear-release.v2.mp3"]);
  });

  it("keeps nothing of an upload past its limit", async () => {
    const staging = folder();
    const staged = await stageUpload(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), staging, 1000);
    expect(staged).toEqual({ ok: false, reason: "too-large" });
    expect(fs.readdirSync(staging)).toEqual([]);
  });
});
