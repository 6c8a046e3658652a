import { PassThrough } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPage, pageEncoding, readWhole } from "./whole-page.ts";

const page = Buffer.from(
  `<!DOCTYPE html><html><body>${"<p>Breathe in for four, out for six.</p>".repeat(400)}</body></html>`,
);
const accepting =
  (...offered: string[]) =>
  (...encodings: string[]) =>
    encodings.find((encoding) => offered.includes(encoding)) ?? false;

describe("a page rendered afresh", () => {
  it("is sent in gzip when the browser takes it, else brotli, else as it is", () => {
    expect(pageEncoding(page.length, accepting("gzip", "deflate", "br", "zstd"))).toBe("gzip");
    expect(pageEncoding(page.length, accepting("br"))).toBe("br");
    expect(pageEncoding(page.length, accepting("identity"))).toBe("identity");
    expect(pageEncoding(page.length, () => false)).toBe("identity");
    // Whatever order the browser lists them in.
    const inClientOrder = (...encodings: string[]) =>
      ["br", "gzip"].find((e) => encodings.includes(e)) ?? false;
    expect(pageEncoding(page.length, inClientOrder)).toBe("gzip");
  });

  it("is sent as it is when it is too small to gain from compression", () => {
    expect(pageEncoding(600, accepting("br", "gzip"))).toBe("identity");
  });

  it("decompresses to the same bytes, and smaller than it was", () => {
    const br = compressPage(page, "br");
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 10);
    const gzip = compressPage(page, "gzip");
    expect(zlib.gunzipSync(gzip).equals(page)).toBe(true);
    expect(gzip.length).toBeLessThan(page.length / 10);
    expect(compressPage(page, "identity")).toBe(page);
  });

  it("is read whole from the stream React writes it to, however it is cut", async () => {
    const stream = new PassThrough();
    const read = readWhole(stream);
    for (let at = 0; at < page.length; at += 1000) stream.write(page.subarray(at, at + 1000));
    stream.end();
    expect((await read).equals(page)).toBe(true);
  });
});
