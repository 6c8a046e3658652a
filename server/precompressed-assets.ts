import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler } from "express";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The files a build compresses: scripts, styles and the sprite (fonts and images come compressed). */
const COMPRESSIBLE = /\.(?:js|css|svg)$/;

/**
 * The build's scripts, styles and sprite at the strongest levels (brotli 11,
 * gzip 9), so a visitor's phone downloads each in its smallest form. The build
 * writes them beside each file (`precompressBuild`), which takes the strongest
 * levels' CPU time off every server's first requests; a file without them is
 * compressed on its first request. Either way they are kept: the names carry
 * their content's hash, so they never change while the server runs. Other
 * files go on to the static files.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const kept = new Map<string, Promise<Encoded | null>>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // One plain file name: no folders, nothing to climb out with.
    const name = /^\/([\w-]+(?:\.[\w-]+)*)$/.exec(req.path)?.[1];
    if (!name || !COMPRESSIBLE.test(name)) return next();
    let encoded = kept.get(name);
    if (!encoded) {
      encoded = encode(path.join(dir, name));
      kept.set(name, encoded);
    }
    encoded.then((files) => {
      // Names that are not files are not kept, so asking for many costs nothing lasting.
      if (!files) {
        kept.delete(name);
        return next();
      }
      // Browsers list gzip before br at equal weight; the smaller one is ours to prefer.
      const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
      const body = files[encoding];
      res.type(path.extname(name));
      res.set({
        "Cache-Control": "public, max-age=31536000, immutable",
        Vary: "Accept-Encoding",
        "Content-Length": String(body.length),
      });
      if (encoding !== "identity") res.set("Content-Encoding", encoding);
      res.end(req.method === "HEAD" ? undefined : body);
    }, next);
  };
}

/** The file and its two compressed forms: those the build wrote beside it, or made now. */
async function encode(file: string): Promise<Encoded | null> {
  const identity = await fs.readFile(file).catch(() => null);
  if (!identity) return null;
  const [br, gz] = await Promise.all([
    fs.readFile(`${file}.br`).catch(() => compress.br(identity)),
    fs.readFile(`${file}.gz`).catch(() => compress.gzip(identity)),
  ]);
  return { identity, br, gzip: gz };
}

const compress = {
  br: (identity: Buffer) =>
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  gzip: (identity: Buffer) => gzip(identity, { level: 9 }),
};

/** Writes each compressible file's brotli and gzip forms beside it (`name.js.br`, `name.js.gz`). */
export async function precompressBuild(dir: string): Promise<number> {
  const names = (await fs.readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const identity = await fs.readFile(file);
      const [br, gz] = await Promise.all([compress.br(identity), compress.gzip(identity)]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return names.length;
}
