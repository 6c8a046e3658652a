import zlib from "node:zlib";

/**
 * Gzip for a page that is the same for every visitor except its CSP nonce.
 * The text between the nonces is compressed once; each response then only
 * adds its nonce as a stored (uncompressed) block, the end of the stream and
 * the checksum. The result is an ordinary gzip stream, so serving a rendered
 * page costs a copy and a CRC, not a compression.
 *
 * Each part is deflated with the page before it as its dictionary, so it
 * compresses as well as the whole page would. That is sound because a nonce
 * has the placeholder's length (so distances hold) and the placeholder's
 * characters appear nowhere else (so no match can copy from where a nonce
 * will be).
 */
export interface NonceTemplate {
  /** The page's text between the nonces. */
  parts: Buffer[];
  /** Each part, deflated, ending on a byte boundary. */
  deflated: Buffer[];
  nonceLength: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty stored block: the end of the deflate stream.
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const WINDOW = 32 * 1024;

export function nonceTemplate(page: string, placeholder: string): NonceTemplate {
  const glue = Buffer.from(placeholder);
  const parts = page.split(placeholder).map((part) => Buffer.from(part));
  let before = Buffer.alloc(0);
  const deflated = parts.map((part, i) => {
    if (i > 0) before = Buffer.concat([before, glue]).subarray(-WINDOW);
    const block = zlib.deflateRawSync(part, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(before.length > 0 ? { dictionary: before } : {}),
    });
    before = Buffer.concat([before, part]).subarray(-WINDOW);
    return block;
  });
  // Each deflated block is a slice of zlib's 64 KB output buffer, which it would keep alive: a
  // page with thirty nonces would hold almost a megabyte. Packed, a kept page holds its own size.
  return { parts: packed(parts), deflated: packed(deflated), nonceLength: glue.length };
}

/** The buffers copied into one, each a view of its own span. */
function packed(buffers: Buffer[]): Buffer[] {
  // Its own allocation, not a slice of Node's shared pool.
  const whole = Buffer.allocUnsafeSlow(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
  let at = 0;
  return buffers.map((buffer) => {
    buffer.copy(whole, at);
    return whole.subarray(at, (at += buffer.length));
  });
}

/** The page with `nonce` in every placeholder's place, as text. */
export function withNonce(template: NonceTemplate, nonce: string): Buffer {
  const glue = Buffer.from(nonce);
  return Buffer.concat(template.parts.flatMap((part, i) => (i === 0 ? [part] : [glue, part])));
}

/** The page with `nonce` (as long as the placeholder) in every placeholder's place, gzipped. */
export function gzipWithNonce(template: NonceTemplate, nonce: string): Buffer {
  const glue = Buffer.from(nonce);
  if (glue.length !== template.nonceLength) throw new Error("the nonce must be as long as the placeholder");
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(storedBlockHeader(glue.length), glue);
      crc = zlib.crc32(glue, crc);
      size += glue.length;
    }
    chunks.push(template.deflated[i]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** A non-final stored block of `length` bytes; the stream is byte-aligned after a flush. */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}
