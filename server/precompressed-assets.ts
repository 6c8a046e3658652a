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

/**
 * The build's scripts, styles and sprite, compressed once at the strongest
 * levels (brotli 11, gzip 9) on their first request and kept: their names
 * carry their content's hash, so they never change while the server runs, and
 * a visitor's phone downloads each in its smallest form. Other files (fonts,
 * already compressed) go on to the static files.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const kept = new Map<string, Promise<Encoded | null>>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // One plain file name: no folders, nothing to climb out with.
    const name = /^\/([\w-]+(?:\.[\w-]+)*\.(?:js|css|svg))$/.exec(req.path)?.[1];
    if (!name) return next();
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

async function encode(file: string): Promise<Encoded | null> {
  const identity = await fs.readFile(file).catch(() => null);
  if (!identity) return null;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}
