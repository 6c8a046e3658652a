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
 * millisecond for a 44 KB portal page (docs/performance.md).
 *
 * Gzip first, at level 3 with a 16 KB window and a small hash (memLevel 6):
 * its buffers are at most 32 KB, which the production allocator mostly finds
 * room for in its heap. That allocator maps a block of 32 KB or more on its own
 * when its heap has no room (decision 0026), so such a block is mapped, faulted
 * in page by page and unmapped again for every page sent: brotli quality 3 made
 * four such mappings a page (one of 8 MB), zlib's defaults four, these settings
 * none to two (strace). For the 45 KB portal page under that allocator: brotli
 * 1.4 ms of the main thread, gzip at zlib's defaults 1.1 ms, these 0.44 ms, for
 * 8% more bytes than brotli (10.0 KB against 9.2 KB). Brotli, with the page's
 * size as its hint, is for a client that takes no gzip.
 */
export function compressPage(html: Buffer, encoding: PageEncoding): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(html, { level: 3, windowBits: 14, memLevel: 6 });
  if (encoding === "br") {
    return zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  }
  return html;
}

/** The encoding a page of `size` bytes is sent in, from what the client accepts (gzip first). */
export function pageEncoding(
  size: number,
  accepts: (...encodings: string[]) => string | false,
): PageEncoding {
  if (size < SMALLEST_COMPRESSED) return "identity";
  // Asked one at a time: given several, content negotiation keeps the client's order.
  if (accepts("gzip") === "gzip") return "gzip";
  return accepts("br") === "br" ? "br" : "identity";
}

/** Everything a stream gives, as one buffer. */
export async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | Uint8Array>) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
