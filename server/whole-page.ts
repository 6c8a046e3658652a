import type { Readable } from "node:stream";
import zlib from "node:zlib";

/** Below this size a page is sent as it is: compressing it would save less than a packet. */
const SMALLEST_COMPRESSED = 1024;

export type PageEncoding = "br" | "gzip" | "identity";

/**
 * A page rendered afresh, compressed in one call once it is whole. React
 * writes a page in a few turns of the event loop (no route streams deferred
 * data), so a compression stream bought nothing but its cost: a stream, a
 * thread-pool task per flush and a window allocated per response took about a
 * millisecond for a 44 KB portal page; one brotli call takes a fifth of that
 * (docs/performance.md). Brotli quality 3 and gzip level 3, with the page's
 * size as brotli's hint so its window is no larger than the page.
 */
export function compressPage(html: Buffer, encoding: PageEncoding): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  }
  if (encoding === "gzip") return zlib.gzipSync(html, { level: 3 });
  return html;
}

/** The encoding a page of `size` bytes is sent in, from what the client accepts (brotli first). */
export function pageEncoding(
  size: number,
  accepts: (...encodings: string[]) => string | false,
): PageEncoding {
  if (size < SMALLEST_COMPRESSED) return "identity";
  // Asked one at a time: given several, content negotiation keeps the client's order (gzip first).
  if (accepts("br") === "br") return "br";
  return accepts("gzip") === "gzip" ? "gzip" : "identity";
}

/** Everything a stream gives, as one buffer. */
export async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | Uint8Array>) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
