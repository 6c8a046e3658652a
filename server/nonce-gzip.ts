import zlib from "node:zlib";

/**
 * Gzip for a page that is the same for every visitor except its CSP nonce.
 * The text between the nonces is compressed once; each response then only
 * adds its nonce as a stored (uncompressed) block, the end of the stream and
 * the checksum. The result is an ordinary gzip stream, so serving a rendered
 * page costs a copy and a few checksum sums, not a compression.
 *
 * Each part is deflated with the page before it as its dictionary, so it
 * compresses as well as the whole page would. That is sound because a nonce
 * has the placeholder's length (so distances hold) and the placeholder's
 * characters appear nowhere else (so no match can copy from where a nonce
 * will be).
 */
export interface NonceTemplate {
  /** The page's text between the nonces, each part deflated and ending on a byte boundary, one after another. */
  deflated: Buffer;
  /** For each part: where its deflated bytes end, its CRC-32, and the CRC operator for its length. */
  parts: Uint32Array;
  /** The page's length in bytes, with its nonces. */
  size: number;
  nonceLength: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty stored block: the end of the deflate stream.
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const WINDOW = 32 * 1024;
// Entries per part in NonceTemplate.parts: end, CRC-32, length operator.
const FIELDS = 3;

/**
 * Only the compressed page is kept (about a fifth of its text), with each
 * part's checksum, so the gzip trailer can be made without the text: the
 * rare client that takes no gzip gets the page inflated on demand.
 */
export function nonceTemplate(page: string, placeholder: string): NonceTemplate {
  const glue = Buffer.from(placeholder);
  const texts = page.split(placeholder).map((part) => Buffer.from(part));
  let before = Buffer.alloc(0);
  const blocks = texts.map((part, i) => {
    if (i > 0) before = Buffer.concat([before, glue]).subarray(-WINDOW);
    const block = zlib.deflateRawSync(part, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(before.length > 0 ? { dictionary: before } : {}),
    });
    before = Buffer.concat([before, part]).subarray(-WINDOW);
    return block;
  });
  // Each deflated block is a slice of zlib's 64 KB output buffer, which it would keep alive:
  // copied into one allocation of its own, a kept page holds its compressed size.
  const deflated = Buffer.allocUnsafeSlow(blocks.reduce((sum, block) => sum + block.length, 0));
  const parts = new Uint32Array(texts.length * FIELDS);
  let end = 0;
  texts.forEach((text, i) => {
    end += blocks[i]!.copy(deflated, end);
    parts.set([end, zlib.crc32(text), crc32LengthOperator(text.length)], i * FIELDS);
  });
  const size = texts.reduce((sum, text) => sum + text.length, glue.length * (texts.length - 1));
  return { deflated, parts, size, nonceLength: glue.length };
}

/** The page with `nonce` in every placeholder's place, as text. */
export function withNonce(template: NonceTemplate, nonce: string): Buffer {
  return zlib.gunzipSync(gzipWithNonce(template, nonce));
}

/** The page with `nonce` (as long as the placeholder) in every placeholder's place, gzipped. */
export function gzipWithNonce(template: NonceTemplate, nonce: string): Buffer {
  return Buffer.concat(gzipPartsWithNonce(template, nonce));
}

/**
 * The same gzip stream as pieces to write one after another: mostly views of
 * the kept page, so a response allocates a few dozen bytes rather than a copy
 * of the page (at thousands of pages a second, those copies were the server's
 * largest churn of memory outside V8's heap, and the C allocator kept it).
 */
export function gzipPartsWithNonce(template: NonceTemplate, nonce: string): Buffer[] {
  const glue = Buffer.from(nonce);
  if (glue.length !== template.nonceLength) throw new Error("the nonce must be as long as the placeholder");
  const nonceCrc = zlib.crc32(glue);
  const nonceOperator = crc32LengthOperator(glue.length);
  const { deflated, parts } = template;
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let start = 0;
  for (let at = 0; at < parts.length; at += FIELDS) {
    if (at > 0) {
      chunks.push(storedBlockHeader(glue.length), glue);
      crc = crc32Combine(crc, nonceCrc, nonceOperator);
    }
    const end = parts[at]!;
    chunks.push(deflated.subarray(start, end));
    crc = crc32Combine(crc, parts[at + 1]!, parts[at + 2]!);
    start = end;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(template.size >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return chunks;
}

/*
 * CRC-32 of two texts joined, from each one's CRC-32 and the second's length,
 * as zlib's crc32_combine does it: polynomial arithmetic modulo the CRC's
 * generator, in its reflected bit order.
 */
const POLYNOMIAL = 0xedb88320;
const X_TO_THE_0 = 0x80000000;

/** a × b modulo the generator. */
function multiplyModP(a: number, b: number): number {
  let m = X_TO_THE_0;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

// x^(2^n) modulo the generator, for n = 0..31.
const X_TO_THE_2_TO_THE = (() => {
  const table = [X_TO_THE_0 >>> 1];
  for (let n = 1; n < 32; n += 1) table.push(multiplyModP(table[n - 1]!, table[n - 1]!));
  return table;
})();

/** x^(8 × length) modulo the generator: what a CRC is multiplied by when `length` bytes follow it. */
export function crc32LengthOperator(length: number): number {
  let operator = X_TO_THE_0;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n & 1) operator = multiplyModP(X_TO_THE_2_TO_THE[k % 32]!, operator);
  }
  return operator;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and crc32LengthOperator(B's length). */
export function crc32Combine(crcA: number, crcB: number, lengthOperatorB: number): number {
  return (multiplyModP(lengthOperatorB, crcA) ^ crcB) >>> 0;
}

/** A non-final stored block of `length` bytes; the stream is byte-aligned after a flush. */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}
