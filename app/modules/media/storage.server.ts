import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where the course's media lives, behind one interface. Its two buckets,
 * `audio` and `pdfs`, are folders here (DATA_DIR/media/<bucket>), seeded from
 * content/ on first start; on S3 (s3-storage.server.ts) they are key prefixes.
 */
export type Bucket = "audio" | "pdfs";
export const BUCKETS: readonly Bucket[] = ["audio", "pdfs"];
/** What each bucket holds; anything else beside the files in content/ (a recording's captions) stays there. */
export const MEDIA_EXTENSIONS: Record<Bucket, string> = { audio: ".mp3", pdfs: ".pdf" };

export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
  /** Changes whenever the object does. */
  etag: string;
  contentType: string;
}

export interface MediaStorage {
  kind: "files" | "s3";
  info(bucket: Bucket, key: string): Promise<ObjectInfo | null>;
  read(bucket: Bucket, key: string): Promise<Buffer>;
  /** The bytes from `start` to `end` inclusive (or all of them). */
  stream(bucket: Bucket, key: string, range?: { start: number; end: number }): Readable;
  /**
   * A URL anyone holding it can GET (with Range) for a while, served by the
   * storage itself. Only S3 has it; for files the app signs its own URLs.
   */
  presignedUrl?(bucket: Bucket, key: string, expiresInSeconds: number): Promise<string>;
  /**
   * Stores `size` bytes read from `body` under a new key, streamed, never held
   * whole: all of it or nothing (a temporary file then a rename; on S3 one PUT,
   * or a multipart upload that is aborted on failure). Refuses a key already
   * there: a version once stored is never replaced.
   */
  write(bucket: Bucket, key: string, body: Readable, size: number): Promise<void>;
}

/** A write whose key is already taken. */
export class KeyTakenError extends Error {
  constructor(bucket: Bucket, key: string) {
    super(`${bucket}/${key} is already stored`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".wav": "audio/wav",
  ".pdf": "application/pdf",
};

export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** A key is one plain file name: no folders, no dots at the start, nothing to climb out with. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]{0,120}$/i.test(key) && !key.includes("..");
}

/**
 * How long a file's size and ETag are trusted before the disk is asked again:
 * every Range request of a playing track needs them, and a replaced recording
 * shows within this time.
 */
export const FILE_FACTS_TTL_MS = 2_000;

export function createFileStorage(root: string, now: () => number = Date.now): MediaStorage {
  const fullPath = (bucket: Bucket, key: string) => {
    if (!isSafeKey(key)) throw new Error("unsafe media key");
    return path.join(root, bucket, key);
  };
  const facts = new Map<string, { info: ObjectInfo; until: number }>();
  return {
    kind: "files",
    async info(bucket, key) {
      if (!isSafeKey(key)) return null;
      const cached = facts.get(`${bucket}/${key}`);
      if (cached && cached.until > now()) return cached.info;
      try {
        const stat = await fs.promises.stat(fullPath(bucket, key));
        if (!stat.isFile()) return null;
        const info = {
          size: stat.size,
          modifiedAt: stat.mtime,
          etag: `"${crypto.createHash("sha1").update(`${key}:${stat.size}:${stat.mtimeMs}`).digest("hex").slice(0, 20)}"`,
          contentType: contentTypeFor(key),
        };
        facts.set(`${bucket}/${key}`, { info, until: now() + FILE_FACTS_TTL_MS });
        return info;
      } catch {
        return null;
      }
    },
    read: (bucket, key) => fs.promises.readFile(fullPath(bucket, key)),
    stream: (bucket, key, range) => fs.createReadStream(fullPath(bucket, key), range ?? {}),
    async write(bucket, key, body, size) {
      const target = fullPath(bucket, key);
      // A dot first: no safe key names it, so a half-written file is never served.
      const partial = path.join(root, bucket, `.${key}.${crypto.randomUUID()}.part`);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: "wx" }));
        const written = (await fs.promises.stat(partial)).size;
        if (written !== size) throw new Error(`${bucket}/${key}: ${written} bytes came, not ${size}`);
        // A hard link fails when the name is taken, where a rename would replace the file.
        await fs.promises.link(partial, target).catch((error: NodeJS.ErrnoException) => {
          throw error.code === "EEXIST" ? new KeyTakenError(bucket, key) : error;
        });
      } finally {
        await fs.promises.rm(partial, { force: true });
      }
      facts.delete(`${bucket}/${key}`);
    },
  };
}

/**
 * Copies content/audio and content/pdfs into the media folders, once: a file
 * already there (a real recording, say) is never overwritten.
 */
export function seedMediaFromContent(contentDir: string, mediaRoot: string) {
  for (const bucket of BUCKETS) {
    const from = path.join(contentDir, bucket);
    const to = path.join(mediaRoot, bucket);
    fs.mkdirSync(to, { recursive: true });
    if (!fs.existsSync(from)) continue;
    for (const name of fs.readdirSync(from)) {
      if (!name.endsWith(MEDIA_EXTENSIONS[bucket]) || !isSafeKey(name)) continue;
      const target = path.join(to, name);
      if (!fs.existsSync(target)) fs.copyFileSync(path.join(from, name), target);
    }
  }
}
