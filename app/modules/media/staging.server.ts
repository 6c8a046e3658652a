import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * An upload's bytes, streamed to a file of their own on this server's disk
 * (`DATA_DIR/uploads`) and counted on the way: past `maxBytes` the stream is
 * stopped. Checked there by content, the file then goes to the media storage,
 * and is removed either way (`discard`).
 */
export type Staged =
  | { ok: true; file: string; size: number; discard: () => Promise<void> }
  | { ok: false; reason: "too-large" | "empty" | "broken" };

class TooLarge extends Error {}

/** Where this server stages uploads: on its own disk, beside its data. */
export function stagingDirIn(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** Longer than any upload takes: what is older than this was left by an upload that never finished. */
export const INTERRUPTED_AFTER_MS = 6 * 60 * 60 * 1000;

/** A staged upload, or a media file half-written (storage.server.ts names those `.<key>.<id>.part`). */
const isLeftover = (name: string) => name.endsWith(".upload") || /^\..+\.part$/.test(name);

/**
 * Removes what uploads cut short by a crash or a restart left in `dirs` (the
 * staging folder and the media folders), written before `before`: the server
 * removes its own leftovers when an upload fails, but not when it stops
 * mid-way. Returns how many it removed.
 */
export async function removeInterruptedUploads(dirs: readonly string[], before: Date): Promise<number> {
  let removed = 0;
  for (const dir of dirs) {
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter(isLeftover)) {
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile() || stat.mtime >= before) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

export async function stageUpload(body: Readable, dir: string, maxBytes: number): Promise<Staged> {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${crypto.randomUUID()}.upload`);
  const discard = () => fs.promises.rm(file, { force: true });
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLarge());
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, fs.createWriteStream(file, { flags: "wx" }));
  } catch (error) {
    await discard();
    return { ok: false, reason: error instanceof TooLarge ? "too-large" : "broken" };
  }
  if (size === 0) {
    await discard();
    return { ok: false, reason: "empty" };
  }
  return { ok: true, file, size, discard };
}
