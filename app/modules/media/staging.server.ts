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
