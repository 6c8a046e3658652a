import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaFacts } from "#app/modules/media/facts.server.ts";
import { createFileStorage, seedMediaFromContent } from "#app/modules/media/storage.server.ts";
import { createPublishedMedia } from "#app/modules/media/versions.server.ts";
import { contentVersionReader, readContentVersion } from "#app/platform/content-version.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { makeWav } from "../../../tests/support/wav.ts";
import { AUDIT_LABELS, auditHeadline } from "./audit-labels.ts";
import { auditEntries } from "./audit.server.ts";
import {
  answerMediaForm,
  MEDIA_UPLOADS_PER_HOUR,
  mediaItem,
  receiveMediaUpload,
  studioMediaVersions,
  type MediaDeps,
} from "./media.server.ts";
import type { StudioOwner } from "./studio.server.ts";

const PREVIEW = fs.readFileSync(path.resolve("content/audio/preview.mp3"));
const CHECKLIST = fs.readFileSync(path.resolve("content/pdfs/hospital-bag-checklist.pdf"));

describe.each(testDialects)("the owner replaces a recording or a guide, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const now = new Date("2026-11-28T14:05:00Z");
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  let root: string;
  let deps: MediaDeps;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-studio-media-"));
    seedMediaFromContent(path.resolve("content"), path.join(root, "media"));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  function setUp(maxBytes = 10 * 1024 * 1024) {
    const media = createFileStorage(path.join(root, "media"));
    const published = createPublishedMedia(database.db, contentVersionReader(database.db));
    deps = {
      db: database.db,
      media,
      published,
      facts: createMediaFacts(media, Date.now, published),
      stagingDir: path.join(root, "uploads"),
      maxBytes,
    };
    return deps;
  }
  async function anOwner(): Promise<StudioOwner> {
    const account = await aMember(database.db, { name: "Olive Owner" });
    return { ...account, sessionId: "a-session", checkedAt: now, ip: "203.0.113.7" };
  }
  const bodyOf = (bytes: Buffer) => Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]);
  const stored = (bucket: string) => fs.readdirSync(path.join(root, "media", bucket)).sort();
  const staging = () =>
    fs.existsSync(path.join(root, "uploads")) ? fs.readdirSync(path.join(root, "uploads")) : [];

  it("stores a new recording as a version, members still get the old one until she publishes", async () => {
    const deps = setUp();
    const owner = await anOwner();
    const session = mediaItem("recording", "fear-release")!;
    const before = await deps.facts.audioDuration(session.item);
    const answer = await receiveMediaUpload(deps, owner, session, bodyOf(PREVIEW), now);
    expect(answer).toMatchObject({ ok: true, version: 2, pages: null });
    expect(answer.ok && answer.message).toBe(
      "Version 2 of Fear Release (1 min) is uploaded. Members get it once you publish it.",
    );
    expect(stored("audio")).toContain("fear-release.v2.mp3");
    expect(await deps.published.key("audio", session.item)).toBe("fear-release.mp3");
    expect(await deps.facts.audioDuration(session.item)).toBe(before);
    expect((await studioMediaVersions(database.db))["recording/fear-release"]).toMatchObject([
      { version: 2, live: false },
      { version: 1, live: true },
    ]);
    expect(staging()).toEqual([]);

    const version = await readContentVersion(database.db);
    const published = await answerMediaForm(
      deps,
      owner,
      { intent: "publish", kind: "recording", id: "fear-release", version: 2 },
      later(1),
    );
    expect(published).toEqual({
      ok: true,
      message: "Published: members now get the new recording of Fear Release (1 min).",
    });
    expect(await readContentVersion(database.db)).toBe(version + 1);
    expect(await deps.published.key("audio", session.item)).toBe("fear-release.v2.mp3");
    expect(await deps.facts.audioDuration(session.item)).toBeCloseTo(81.4, 0);

    const restored = await answerMediaForm(
      deps,
      owner,
      { intent: "publish", kind: "recording", id: "fear-release", version: 1 },
      later(2),
    );
    expect(restored.ok && restored.message).toMatch(/^Restored: members now get version 1 of Fear Release/);
    expect(await deps.published.key("audio", session.item)).toBe("fear-release.mp3");
    // Nothing is deleted: the member who started version 2 keeps it.
    expect(stored("audio")).toContain("fear-release.v2.mp3");

    const log = (await auditEntries(database.db)).filter((e) => e.actorId === owner.id);
    expect(log.map((e) => auditHeadline(e.action, e.detail))).toEqual([
      expect.stringMatching(/^Restored an earlier recording of Fear Release \(\d+ min\)$/),
      "Published a new recording of Fear Release (1 min)",
      "Uploaded a new recording of Fear Release (1 min)",
    ]);
    expect(AUDIT_LABELS["recording.published"]).toBe("Published a new recording");
  });

  it("takes a WAV as a WAV and a guide's PDF with its pages", async () => {
    const deps = setUp();
    const owner = await anOwner();
    const wav = await receiveMediaUpload(
      deps,
      owner,
      mediaItem("recording", "pregnancy-relaxation")!,
      bodyOf(makeWav(2)),
      now,
    );
    expect(wav).toMatchObject({ ok: true, seconds: 2 });
    expect(stored("audio").filter((name) => name.startsWith("pregnancy-relaxation.v"))).toEqual([
      "pregnancy-relaxation.v2.wav",
    ]);

    const guide = mediaItem("guide", "hospital-bag-checklist")!;
    const pdf = await receiveMediaUpload(deps, owner, guide, bodyOf(CHECKLIST), now);
    expect(pdf).toMatchObject({ ok: true, version: 2, pages: 4 });
    await answerMediaForm(
      deps,
      owner,
      { intent: "publish", kind: "guide", id: guide.id, version: 2 },
      later(60),
    );
    expect(await deps.published.key("pdfs", guide.item)).toBe("hospital-bag-checklist.v2.pdf");
    const [entry] = await auditEntries(database.db);
    expect(auditHeadline(entry!.action, entry!.detail)).toBe(
      "Published a new guide: Hospital Bag Checklist (4 pages)",
    );
  });

  it("refuses a renamed text file, a file too large and an empty one, and changes nothing", async () => {
    const deps = setUp(64 * 1024);
    const owner = await anOwner();
    const session = mediaItem("recording", "breathing-bonding")!;
    const files = stored("audio");
    const fake = await receiveMediaUpload(
      deps,
      owner,
      session,
      bodyOf(Buffer.from("not audio\n".repeat(500))),
      now,
    );
    expect(fake).toEqual({
      ok: false,
      status: 400,
      message: expect.stringContaining("isn't a recording we can play"),
    });
    expect(await receiveMediaUpload(deps, owner, session, bodyOf(PREVIEW), now)).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(await receiveMediaUpload(deps, owner, session, Readable.from([]), now)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await receiveMediaUpload(
        deps,
        owner,
        mediaItem("guide", "hospital-bag-checklist")!,
        bodyOf(Buffer.from("plain words, not a PDF")),
        now,
      ),
    ).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("isn't a PDF") });
    expect(stored("audio")).toEqual(files);
    expect((await studioMediaVersions(database.db))["recording/breathing-bonding"]).toBeUndefined();
    expect(staging()).toEqual([]);
  });

  it("gives uploads sent at once a version each, and publishes made at once leave one published", async () => {
    const deps = setUp();
    const owner = await anOwner();
    const session = mediaItem("recording", "affirmations-purpose")!;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => receiveMediaUpload(deps, owner, session, bodyOf(PREVIEW), now)),
    );
    expect(answers.map((a) => a.ok && a.version).sort()).toEqual([2, 3, 4, 5]);
    await Promise.all(
      [2, 3, 4, 5, 1].map((version) =>
        answerMediaForm(deps, owner, { intent: "publish", kind: "recording", id: session.id, version }, now),
      ),
    );
    const versions = (await studioMediaVersions(database.db))[`recording/${session.id}`]!;
    expect(versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(versions.filter((v) => v.live)).toHaveLength(1);
  });

  it("holds each owner to her hourly uploads", async () => {
    const deps = setUp();
    const owner = await anOwner();
    const session = mediaItem("recording", "fear-release")!;
    for (let i = 0; i < MEDIA_UPLOADS_PER_HOUR; i++) {
      await receiveMediaUpload(deps, owner, session, Readable.from([Buffer.from("x")]), now);
    }
    expect(await receiveMediaUpload(deps, owner, session, bodyOf(PREVIEW), now)).toMatchObject({
      ok: false,
      status: 429,
    });
  });

  it("knows only the course's sessions and guides", () => {
    expect(mediaItem("recording", "no-such-session")).toBeNull();
    expect(mediaItem("video", "fear-release")).toBeNull();
    expect(mediaItem("guide", "hospital-bag-checklist")).toMatchObject({
      bucket: "pdfs",
      item: "hospital-bag-checklist.pdf",
    });
  });
});
