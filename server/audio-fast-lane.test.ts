import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_BETTER_AUTH, type Member, type SessionReader } from "#app/modules/accounts/session.server.ts";
import { AUDIO_MESSAGES } from "#app/modules/media/audio.server.ts";
import { signedQuery, signMediaPath, type SigningKey } from "#app/modules/media/signing.server.ts";
import {
  createFileStorage,
  seedMediaFromContent,
  type MediaStorage,
} from "#app/modules/media/storage.server.ts";
import { audioFastLane } from "./audio-fast-lane.ts";

const FILE = "affirmations-purpose.mp3";
const PREMIUM_FILE = "fear-release.mp3";
const keys: SigningKey[] = [{ id: "k1", secret: new Uint8Array(32).fill(7) }];
const member = (id: string, hasPremium = false) => ({ id, hasPremium }) as Member;

/** Sessions by cookie: "free", "premium", "refresh" (one Better Auth must look at), or none. */
const sessions: SessionReader = {
  read: async (cookie) => {
    if (cookie === "s=refresh") return ASK_BETTER_AUTH;
    if (cookie === "s=free") return { member: member("free-member"), version: "1.0" };
    if (cookie === "s=premium") return { member: member("premium-member", true), version: "1.0" };
    return null;
  },
};

describe("the audio fast lane", () => {
  let root: string;
  let base: string;
  let close: () => void;
  let bytes: Buffer;
  /** Every file stream the lane opened, to check none is left open. */
  const opened: ReturnType<MediaStorage["stream"]>[] = [];
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-audio-lane-"));
    seedMediaFromContent(path.resolve("content"), root);
    bytes = fs.readFileSync(path.join(root, "audio", FILE));
    const app = express();
    app.get(
      "/media/audio/:file",
      audioFastLane({ sessions, media: watched(createFileStorage(root)), mediaKeys: keys }),
    );
    app.use((_req, res) => void res.status(299).send("the app's route"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const watched = (storage: MediaStorage): MediaStorage => ({
    ...storage,
    stream: (...args) => {
      const stream = storage.stream(...args);
      opened.push(stream);
      return stream;
    },
  });
  const url = (file: string, userId: string) => {
    const filePath = `/media/audio/${file}`;
    return `${base}${filePath}?${signedQuery(signMediaPath(filePath, userId, keys, Math.floor(Date.now() / 1000)))}`;
  };
  const get = (target: string, cookie: string, headers: Record<string, string> = {}) =>
    fetch(target, { headers: { cookie, ...headers } });

  it("sends the bytes asked for to the member the URL was signed for", async () => {
    const response = await get(url(FILE, "free-member"), "s=free", { range: "bytes=100-65635" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-65635/${bytes.length}`);
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=(3600|3599)$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(100, 65636))).toBe(true);

    const whole = await get(url(FILE, "free-member"), "s=free");
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("refuses another member's URL, no session, and a free member's premium track, with the app's words", async () => {
    const foreign = await get(url(FILE, "premium-member"), "s=free");
    expect([foreign.status, await foreign.text()]).toEqual([403, AUDIO_MESSAGES.badLink]);
    const nobody = await get(url(FILE, "free-member"), "");
    expect([nobody.status, await nobody.text()]).toEqual([403, AUDIO_MESSAGES.badLink]);
    const premium = await get(url(PREMIUM_FILE, "free-member"), "s=free");
    expect([premium.status, await premium.text()]).toEqual([403, AUDIO_MESSAGES.premium]);
    expect(premium.headers.get("cache-control")).toBe("no-store");
    const unknown = await get(url("nothing.mp3", "free-member"), "s=free");
    expect([unknown.status, await unknown.text()]).toEqual([404, AUDIO_MESSAGES.notFound]);
  });

  it("leaves a session Better Auth must refresh to the app's route", async () => {
    const response = await get(url(FILE, "free-member"), "s=refresh");
    expect([response.status, await response.text()]).toEqual([299, "the app's route"]);
  });

  it("answers HEAD with the length and no body, and a listener who leaves mid-file does not stop the lane", async () => {
    const head = await fetch(url(FILE, "premium-member"), {
      method: "HEAD",
      headers: { cookie: "s=premium" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    const controller = new AbortController();
    const left = await fetch(url(FILE, "premium-member"), {
      headers: { cookie: "s=premium" },
      signal: controller.signal,
    });
    controller.abort();
    await left.body?.cancel().catch(() => {});
    const next = await get(url(FILE, "premium-member"), "s=premium", { range: "bytes=0-9" });
    expect(Buffer.from(await next.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    // The file she left is no longer read or held open.
    expect(opened.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => opened.filter((stream) => !stream.destroyed).length).toBe(0);
  });
});
