import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32LengthOperator, gzipWithNonce, nonceTemplate, withNonce } from "./nonce-gzip.ts";

// As the page cache uses it: a nonce's length, in a character no page contains.
const PLACEHOLDER = "\u0001".repeat(24);

/** Varied text, like a page's: words picked by a fixed pseudo-random sequence. */
function prose(length: number) {
  const words = [
    "breathe",
    "calm",
    "birth",
    "partner",
    "wave",
    "rest",
    "practice",
    "gentle",
    "body",
    "trust",
  ];
  let text = "";
  for (let seed = 7; text.length < length; seed = (seed * 48271) % 2147483647) text += `${words[seed % 10]} `;
  return text;
}

describe("gzip with a fresh nonce", () => {
  const page = [
    "<!DOCTYPE html><html><head>",
    `<link rel="modulepreload" href="/a.js" nonce="${PLACEHOLDER}"/>`,
    `<body>${prose(40_000)}`,
    `<script nonce="${PLACEHOLDER}">window.__ctx = {"é": "ü"};</script>`,
    `<script nonce="${PLACEHOLDER}" type="module">import("/a.js")</script></body></html>`,
  ].join("");
  const template = nonceTemplate(page, PLACEHOLDER);

  it("decompresses, with any gzip reader, to the page with the nonce in every place", () => {
    // Nonces made of the page's own characters, which a match must never have copied.
    for (const nonce of [
      "Kxl4JSjZCMk6spnhURBCNA==",
      "breathe calm birth parts",
      '/assets/a.js"><script>xy',
    ]) {
      const expected = page.replaceAll(PLACEHOLDER, nonce);
      expect(zlib.gunzipSync(gzipWithNonce(template, nonce)).toString()).toBe(expected);
      expect(withNonce(template, nonce).toString()).toBe(expected);
    }
  });

  it("compresses the page as well as gzip does on its own", () => {
    const spliced = gzipWithNonce(template, "Kxl4JSjZCMk6spnhURBCNA==").length;
    const whole = zlib.gzipSync(page.replaceAll(PLACEHOLDER, "Kxl4JSjZCMk6spnhURBCNA==")).length;
    // A few bytes per nonce for the stored blocks and flush markers, nothing more.
    expect(spliced - whole).toBeLessThan(100);
  });

  it("handles a page with no nonce at all", () => {
    const plain = nonceTemplate("<p>no scripts</p>", PLACEHOLDER);
    expect(zlib.gunzipSync(gzipWithNonce(plain, "Kxl4JSjZCMk6spnhURBCNA==")).toString()).toBe(
      "<p>no scripts</p>",
    );
  });

  it("refuses a nonce of another length, which would break the compressed page", () => {
    expect(() => gzipWithNonce(template, "short")).toThrow(/as long as the placeholder/);
  });

  it("holds its compressed page in memory, not the text nor zlib's working buffers", () => {
    const manyNonces = Array.from(
      { length: 34 },
      (_, i) => `${prose(1500)}<script nonce="${PLACEHOLDER}">${i}</script>`,
    ).join("");
    const template = nonceTemplate(manyNonces, PLACEHOLDER);
    const heldBytes = template.deflated.buffer.byteLength + template.parts.buffer.byteLength;
    expect(heldBytes).toBeLessThan(gzipWithNonce(template, "Kxl4JSjZCMk6spnhURBCNA==").length);
  });
});

describe("CRC-32 of two texts joined", () => {
  it("is the CRC-32 of the joined text, whatever the lengths", () => {
    const text = Buffer.from(prose(70_000));
    for (const [a, b] of [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [13, 24],
      [4096, 65_537],
      [70_000, 0],
    ] as const) {
      const first = text.subarray(0, a);
      const second = text.subarray(a, a + b);
      expect(crc32Combine(zlib.crc32(first), zlib.crc32(second), crc32LengthOperator(b))).toBe(
        zlib.crc32(Buffer.concat([first, second])),
      );
    }
  });
});
