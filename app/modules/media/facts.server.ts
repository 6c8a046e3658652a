import type * as MusicMetadata from "music-metadata";
import type * as PdfLib from "pdf-lib";
import { contentTypeFor, type Bucket, type MediaStorage } from "./storage.server.ts";
import type { PublishedVersion } from "./versions.server.ts";

/** Which version of an item members get (versions.server.ts's `createPublishedMedia`). */
export interface PublishedReader {
  of(bucket: Bucket, item: string): Promise<PublishedVersion | null>;
}
/** Before anything is uploaded, or in a test without a database: the seeded files. */
const SEEDED_ONLY: PublishedReader = { of: async () => null };

// Both readers are large and only run when a file is first measured: they load then, not at boot.
let musicMetadata: Promise<typeof MusicMetadata> | undefined;
const loadMusicMetadata = () => (musicMetadata ??= import("music-metadata"));
let pdfLib: Promise<typeof PdfLib> | undefined;
const loadPdfLib = () => (pdfLib ??= import("pdf-lib"));

/**
 * Facts read from the media files themselves, never written by hand (decision 0006): a track's
 * length and a guide's page count. Replacing a file changes what the site
 * shows. Each answer is remembered until the file changes, which is checked
 * at most once a minute per file (on S3 a check is a request).
 */
export const RECHECK_MS = 60_000;

export function createMediaFacts(
  storage: MediaStorage,
  now: () => number = Date.now,
  published: PublishedReader = SEEDED_ONLY,
) {
  const cache = new Map<string, number | null>();
  const checked = new Map<string, { at: number; value: number | null }>();

  async function remembered(bucket: Bucket, key: string, measure: (bytes: Buffer) => Promise<number>) {
    const recent = checked.get(`${bucket}/${key}`);
    if (recent && now() - recent.at < RECHECK_MS) return recent.value;
    const value = await measured(bucket, key, measure);
    if (value !== null) checked.set(`${bucket}/${key}`, { at: now(), value });
    return value;
  }

  async function measured(bucket: Bucket, key: string, measure: (bytes: Buffer) => Promise<number>) {
    const info = await storage.info(bucket, key);
    if (!info) return null;
    const cacheKey = `${bucket}/${key}/${info.etag}`;
    if (cache.has(cacheKey)) return cache.get(cacheKey)!;
    // A storage failure is not remembered (the next page asks again); an unreadable file is.
    const bytes = await storage.read(bucket, key).catch(() => null);
    if (!bytes) return null;
    const value = await measure(bytes).catch(() => null);
    cache.set(cacheKey, value);
    return value;
  }

  // Each fact is of the item's published version: read when it was uploaded, or from the seeded file.
  return {
    /** Seconds, or null when the file is missing or unreadable. */
    audioDuration: async (file: string) =>
      (await published.of("audio", file))?.seconds ??
      remembered("audio", file, async (bytes) => {
        const { parseBuffer } = await loadMusicMetadata();
        const { format } = await parseBuffer(bytes, { mimeType: contentTypeFor(file) }, { duration: true });
        if (!format.duration) throw new Error("no duration");
        return format.duration;
      }),
    /** A recording's size, for what downloading it will take; null when the file is missing. */
    audioBytes: async (file: string) =>
      (await published.of("audio", file))?.bytes ?? (await storage.info("audio", file))?.size ?? null,
    pdfPageCount: async (file: string) =>
      (await published.of("pdfs", file))?.pages ??
      remembered("pdfs", file, async (bytes) => {
        const { PDFDocument } = await loadPdfLib();
        return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
      }),
  };
}

export type MediaFacts = ReturnType<typeof createMediaFacts>;
