import { beforeEach, describe, expect, it } from "vitest";
import { contentVersionReader, readContentVersion } from "#app/platform/content-version.server.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import {
  completeVersion,
  createPublishedMedia,
  dropVersion,
  mediaVersions,
  publishVersion,
  recordSeedVersion,
  reserveVersion,
} from "./versions.server.ts";

describe.each(testDialects)("versions of a recording or guide, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const now = new Date("2026-11-28T14:05:00Z");
  // The database lasts the block: each test has an item of its own.
  let ITEM = "fear-release.mp3";
  let n = 0;
  beforeEach(() => {
    ITEM = `fear-release-${++n}.mp3`;
  });

  async function upload(extension = ".mp3", seconds = 1440) {
    const reserved = await reserveVersion(db(), "audio", ITEM, extension, now);
    await completeVersion(db(), reserved.id, { bytes: 1000, seconds });
    return reserved;
  }

  it("has none until something is uploaded: the seeded file is the published one", async () => {
    const published = createPublishedMedia(db(), contentVersionReader(db()));
    expect(await published.key("audio", ITEM)).toBe(ITEM);
    expect(await published.of("audio", ITEM)).toBeNull();
    expect(await mediaVersions(db(), "audio", ITEM)).toEqual([]);
  });

  it("numbers uploads from 2, keys them by their content's extension, and lists only stored ones", async () => {
    const first = await reserveVersion(db(), "audio", ITEM, ".wav", now);
    expect(first).toMatchObject({ version: 2, key: `fear-release-${n}.v2.wav` });
    // Still under way: not listed, and not publishable.
    expect(await mediaVersions(db(), "audio", ITEM)).toEqual([]);
    expect(await publishVersion(db(), "audio", ITEM, 2, now)).toBeNull();
    await completeVersion(db(), first.id, { bytes: 5000, seconds: 61.5 });
    const second = await reserveVersion(db(), "audio", ITEM, ".mp3", now);
    expect(second).toMatchObject({ version: 3, key: `fear-release-${n}.v3.mp3` });
    await dropVersion(db(), second.id);
    expect(await mediaVersions(db(), "audio", ITEM)).toMatchObject([
      {
        version: 2,
        key: `fear-release-${n}.v2.wav`,
        bytes: 5000,
        seconds: 61.5,
        live: false,
        publishedAt: null,
      },
    ]);
    // A dropped number is taken again; a stored one never.
    expect(await reserveVersion(db(), "audio", ITEM, ".mp3", now)).toMatchObject({ version: 3 });
  });

  it("gives uploads made at once each a number of its own", async () => {
    const reserved = await Promise.all(
      Array.from({ length: 5 }, () => reserveVersion(db(), "audio", ITEM, ".mp3", now)),
    );
    expect(reserved.map((r) => r.version).sort()).toEqual([2, 3, 4, 5, 6]);
  });

  it("keeps the seeded file as version 1, published, once anything is uploaded", async () => {
    await recordSeedVersion(db(), "audio", ITEM, { bytes: 900, seconds: 1200 }, now);
    await recordSeedVersion(db(), "audio", ITEM, { bytes: 900, seconds: 1200 }, now);
    await recordSeedVersion(db(), "audio", "missing.mp3", null, now);
    expect(await mediaVersions(db(), "audio", ITEM)).toMatchObject([{ version: 1, key: ITEM, live: true }]);
    // Uploads count on after it.
    expect(await reserveVersion(db(), "audio", ITEM, ".mp3", now)).toMatchObject({ version: 2 });
    expect(await mediaVersions(db(), "audio", "missing.mp3")).toEqual([]);
  });

  it("publishes one version, moves the content version on, and restores an earlier one", async () => {
    await recordSeedVersion(db(), "audio", ITEM, { bytes: 900, seconds: 1200 }, now);
    await upload(".mp3", 1440);
    const published = createPublishedMedia(db(), contentVersionReader(db()));
    expect(await published.key("audio", ITEM)).toBe(ITEM);
    const before = await readContentVersion(db());

    const v2 = await publishVersion(db(), "audio", ITEM, 2, now);
    expect(v2).toMatchObject({ version: 2, live: true, publishedAt: now.toISOString() });
    expect(await readContentVersion(db())).toBe(before + 1);
    published.changed();
    expect(await published.of("audio", ITEM)).toEqual({
      key: `fear-release-${n}.v2.mp3`,
      bytes: 1000,
      seconds: 1440,
      pages: null,
    });
    expect((await mediaVersions(db(), "audio", ITEM)).map((v) => [v.version, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);

    await publishVersion(db(), "audio", ITEM, 1, now);
    published.changed();
    expect(await published.key("audio", ITEM)).toBe(ITEM);
    expect(await publishVersion(db(), "audio", ITEM, 9, now)).toBeNull();
    // Other items are untouched.
    expect(await published.key("pdfs", "hospital-bag-checklist.pdf")).toBe("hospital-bag-checklist.pdf");
  });

  it("keeps one version published when several publishes come at once", async () => {
    await recordSeedVersion(db(), "audio", ITEM, { bytes: 900, seconds: 1200 }, now);
    for (let i = 0; i < 3; i++) await upload();
    await Promise.all([2, 3, 4, 1, 3, 2].map((version) => publishVersion(db(), "audio", ITEM, version, now)));
    const live = (await mediaVersions(db(), "audio", ITEM)).filter((v) => v.live);
    expect(live).toHaveLength(1);
  });

  it("is read again by another instance within a second", async () => {
    await upload();
    let clock = 0;
    const elsewhere = createPublishedMedia(
      db(),
      contentVersionReader(db(), () => clock),
    );
    expect(await elsewhere.key("audio", ITEM)).toBe(ITEM);
    await publishVersion(db(), "audio", ITEM, 2, now);
    expect(await elsewhere.key("audio", ITEM)).toBe(ITEM);
    clock += 1000;
    expect(await elsewhere.key("audio", ITEM)).toBe(`fear-release-${n}.v2.mp3`);
  });
});
