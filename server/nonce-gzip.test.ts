import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipWithNonce, nonceTemplate, withNonce } from "./nonce-gzip.ts";

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

  it("holds about its own page's size in memory, not zlib's working buffers", () => {
    const manyNonces = Array.from(
      { length: 34 },
      (_, i) => `${prose(1500)}<script nonce="${PLACEHOLDER}">${i}</script>`,
    ).join("");
    const template = nonceTemplate(manyNonces, PLACEHOLDER);
    const held = new Set([...template.parts, ...template.deflated].map((buffer) => buffer.buffer));
    const heldBytes = [...held].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(heldBytes).toBeLessThan(2 * Buffer.byteLength(manyNonces));
  });
});
