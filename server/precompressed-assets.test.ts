import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressBuild, precompressedAssets } from "./precompressed-assets.ts";

/** A raw GET (fetch would decompress): status, headers and the bytes as sent. */
function get(base: string, target: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request(`${base}${target}`, { headers, method }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject)
        .end();
    },
  );
}

describe("precompressed build assets", () => {
  let dir: string;
  let base: string;
  let server: http.Server;
  const script = Buffer.from(
    Array.from(
      { length: 400 },
      (_, i) => `export const calm${i} = () => "breathe in, breathe out ${i % 7}";`,
    ).join("\n"),
  );
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-assets-"));
    fs.writeFileSync(path.join(dir, "entry-AbC123.js"), script);
    fs.writeFileSync(path.join(os.tmpdir(), "outside.js"), "secret");
    const app = express();
    app.use("/assets", precompressedAssets(dir));
    app.use((_req, res) => void res.status(404).send("not here"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends brotli at its strongest to a browser that takes it, gzip to one that doesn't, the file to anyone else", async () => {
    const br = await get(base, "/assets/entry-AbC123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).equals(script)).toBe(true);
    const quick = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } });
    expect(br.body.length).toBeLessThan(quick.length);

    const gz = await get(base, "/assets/entry-AbC123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(script)).toBe(true);

    const plain = await get(base, "/assets/entry-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);

    const head = await get(base, "/assets/entry-AbC123.js", { "accept-encoding": "br" }, "HEAD");
    expect([head.status, head.headers["content-length"], head.body.length]).toEqual([
      200,
      String(br.body.length),
      0,
    ]);
  });

  it("compresses once for many first requests at the same time, all answered alike", async () => {
    fs.writeFileSync(path.join(dir, "chunk-Zz9.js"), script);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(base, "/assets/chunk-Zz9.js", { "accept-encoding": "br" })),
    );
    for (const answer of answers) expect(answer.body.equals(answers[0]!.body)).toBe(true);
  });

  it("sends the forms the build wrote beside a file, as the build wrote them", async () => {
    fs.writeFileSync(path.join(dir, "built-Qq1.js"), script);
    fs.writeFileSync(path.join(dir, "sprite-Ww2.svg"), "<svg/>");
    fs.writeFileSync(path.join(dir, "font-Ee3.woff2"), "not compressed again");
    expect(await precompressBuild(dir)).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(dir, "sprite-Ww2.svg.br"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "font-Ee3.woff2.br"))).toBe(false);
    const built = fs.readFileSync(path.join(dir, "built-Qq1.js.br"));
    expect(zlib.brotliDecompressSync(built).equals(script)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "built-Qq1.js.gz"))).equals(script)).toBe(true);

    // What the build wrote is what is sent: here a weaker form than the server would make itself.
    const weaker = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    fs.writeFileSync(path.join(dir, "built-Qq1.js.br"), weaker);
    const br = await get(base, "/assets/built-Qq1.js", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(weaker)).toBe(true);
  });

  it("passes on names that are not one of its files: folders, climbing out, missing files, other kinds", async () => {
    for (const target of [
      "/assets/..%2foutside.js",
      "/assets/sub/entry.js",
      "/assets/missing-1.js",
      "/assets/font.woff2",
    ]) {
      const answer = await get(base, target, { "accept-encoding": "br" });
      expect([target, answer.status, answer.body.toString()]).toEqual([target, 404, "not here"]);
    }
  });
});
