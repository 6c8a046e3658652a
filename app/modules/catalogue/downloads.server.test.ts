import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFileStorage,
  seedMediaFromContent,
  type MediaStorage,
} from "#app/modules/media/storage.server.ts";
import { ANONYMOUS, viewerOf, type Viewer } from "./access.ts";
import {
  decideGuideDownload,
  guideFileResponse,
  guideHref,
  inlineDisposition,
  listGuideCards,
} from "./downloads.server.ts";
import { GUIDES } from "./guides.ts";

const visitor: Viewer = ANONYMOUS;
const freeMember: Viewer = { signedIn: true, hasPremium: false };
const premiumMember: Viewer = { signedIn: true, hasPremium: true };

const freeGuide = GUIDES.find((g) => g.id === "hospital-bag-checklist")!;
const premiumGuide = GUIDES.find((g) => g.id === "book-summary")!;

describe("decideGuideDownload", () => {
  it.each([
    ["a visitor", visitor, freeGuide.filename, { outcome: "redirect", location: "/auth?tier=free" }],
    ["a visitor", visitor, premiumGuide.filename, { outcome: "redirect", location: "/auth?tier=free" }],
    ["a free member", freeMember, freeGuide.filename, { outcome: "serve", guide: freeGuide }],
    [
      "a free member",
      freeMember,
      premiumGuide.filename,
      { outcome: "redirect", location: "/auth?tier=premium" },
    ],
    ["a premium member", premiumMember, freeGuide.filename, { outcome: "serve", guide: freeGuide }],
    ["a premium member", premiumMember, premiumGuide.filename, { outcome: "serve", guide: premiumGuide }],
  ] as const)("%s asking for %s: %o", (_who, viewer, file, expected) => {
    expect(decideGuideDownload(viewer, file)).toEqual(expected);
  });

  it.each([
    "missing-guide.pdf",
    "../package.json",
    "..%2f..%2fpackage.json",
    "../../content/pdfs/book-summary.pdf",
    "book-summary.pdf/../../.env",
    "./book-summary.pdf",
    "book-summary",
    "book-summary.PDF",
    "BOOK-SUMMARY.pdf",
    "book-summary.pdf.txt",
    "book-summary.txt",
    " book-summary.pdf",
    "book-summary.pdf\0",
    "x.txt",
    "",
  ])("treats %j as unknown for everyone", (file) => {
    for (const viewer of [visitor, freeMember, premiumMember]) {
      expect(decideGuideDownload(viewer, file)).toEqual({ outcome: "not-found" });
    }
  });

  it("serves every guide to a premium member, and exactly the free ones to a free member", () => {
    const served = (viewer: Viewer) =>
      GUIDES.filter((g) => decideGuideDownload(viewer, g.filename).outcome === "serve").map((g) => g.id);
    expect(served(premiumMember)).toEqual(GUIDES.map((g) => g.id));
    expect(served(freeMember)).toEqual(GUIDES.filter((g) => g.isFree).map((g) => g.id));
    expect(served(visitor)).toEqual([]);
  });
});

describe("viewerOf", () => {
  it("reads the member from the session, or none", () => {
    expect(viewerOf(null)).toEqual(visitor);
    expect(viewerOf({ hasPremium: false })).toEqual({
      ...freeMember,
      partnerPremium: false,
      isPartner: false,
      isOwner: false,
    });
    expect(viewerOf({ hasPremium: true })).toEqual({
      ...premiumMember,
      partnerPremium: false,
      isPartner: false,
      isOwner: false,
    });
    expect(viewerOf({ hasPremium: false, partnerPremium: true, isPartner: true })).toEqual({
      ...freeMember,
      partnerPremium: true,
      isPartner: true,
      isOwner: false,
    });
  });
});

describe("inlineDisposition", () => {
  it.each([
    ["book-summary.pdf", 'inline; filename="book-summary.pdf"'],
    ['a"b\\c.pdf', 'inline; filename="a\\"b\\\\c.pdf"'],
    ["naïve.pdf", `inline; filename="na_ve.pdf"; filename*=UTF-8''na%C3%AFve.pdf`],
    ["line\r\nbreak.pdf", `inline; filename="line__break.pdf"; filename*=UTF-8''line%0D%0Abreak.pdf`],
  ])("quotes %j safely", (name, header) => {
    expect(inlineDisposition(name)).toBe(header);
  });
});

describe("guideFileResponse", () => {
  let root: string;
  let storage: MediaStorage;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-guides-"));
    seedMediaFromContent(path.resolve("content"), root);
    storage = createFileStorage(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const get = (headers: Record<string, string> = {}, method = "GET") =>
    new Request("http://localhost/guides/x", { method, headers });

  it("streams the PDF with its type, name, length, version and a private cache policy", async () => {
    const response = await guideFileResponse(storage, freeGuide, get());
    expect(response?.status).toBe(200);
    const bytes = Buffer.from(await response!.arrayBuffer());
    const onDisk = fs.readFileSync(path.join(root, "pdfs", freeGuide.filename));
    expect(bytes.equals(onDisk)).toBe(true);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Object.fromEntries(response!.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${freeGuide.filename}"`,
      "content-length": String(onDisk.length),
      "cache-control": "private, no-cache",
      vary: "Cookie",
    });
    expect(response!.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
  });

  it("answers 304 when the browser already has this version, and 200 for another", async () => {
    const etag = (await storage.info("pdfs", freeGuide.filename))!.etag;
    const fresh = await guideFileResponse(storage, freeGuide, get({ "If-None-Match": `"old", W/${etag}` }));
    expect(fresh?.status).toBe(304);
    expect(fresh?.body).toBeNull();
    expect(fresh?.headers.get("cache-control")).toBe("private, no-cache");
    const stale = await guideFileResponse(storage, freeGuide, get({ "If-None-Match": '"old"' }));
    expect(stale?.status).toBe(200);
    await stale?.body?.cancel();
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await guideFileResponse(storage, premiumGuide, get({}, "HEAD"));
    expect(response?.status).toBe(200);
    expect(response?.body).toBeNull();
    expect(response?.headers.get("content-length")).toBe(
      String(fs.statSync(path.join(root, "pdfs", premiumGuide.filename)).size),
    );
  });

  it("gives null when the file is missing from storage", async () => {
    const empty = createFileStorage(path.join(root, "nowhere"));
    expect(await guideFileResponse(empty, freeGuide, get())).toBeNull();
  });
});

describe("listGuideCards", () => {
  const pageCounts: Record<string, number | null> = Object.fromEntries(
    GUIDES.map((g, index) => [g.filename, index === 0 ? null : index + 1]),
  );
  const facts = { pdfPageCount: async (file: string) => pageCounts[file] ?? null };

  it.each([
    ["a visitor", visitor, { free: "sign-up", premium: "sign-up" }],
    ["a free member", freeMember, { free: "download", premium: "upgrade" }],
    ["a premium member", premiumMember, { free: "download", premium: "download" }],
  ] as const)("offers %s the right action on each card", async (_who, viewer, expected) => {
    const cards = await listGuideCards(viewer, facts);
    expect(cards.map((c) => c.id)).toEqual(GUIDES.map((g) => g.id));
    for (const card of cards) {
      const access = card.isFree ? expected.free : expected.premium;
      expect(card.access, card.id).toBe(access);
      expect(card.href, card.id).toBe(
        access === "download"
          ? guideHref(GUIDES.find((g) => g.id === card.id)!)
          : access === "sign-up"
            ? "/auth?tier=free"
            : "/auth?tier=premium",
      );
    }
  });

  it("shows the page count read from each file, and nothing when it can't be read", async () => {
    const cards = await listGuideCards(visitor, facts);
    expect(cards.map((c) => c.pages)).toEqual([null, "2 pages", "3 pages", "4 pages", "5 pages", "6 pages"]);
  });

  it("links downloads to /guides/<file>", () => {
    expect(guideHref(freeGuide)).toBe("/guides/hospital-bag-checklist.pdf");
  });
});
