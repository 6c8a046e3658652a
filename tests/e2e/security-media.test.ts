import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaSigningKeys } from "#app/modules/media/keys.server.ts";
import { signedQuery, signMediaPath } from "#app/modules/media/signing.server.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { signUpMember, type Member } from "./support/security.ts";

/**
 * Signed media URLs and Range, attacked: forged and expired signatures made
 * with the real key, traversal out of the media folder, and every odd Range.
 * Existing audio tests cover the ordinary cases; this is the hostile list.
 */
const APP_SECRET = crypto.randomBytes(32).toString("hex");
const keys = mediaSigningKeys(APP_SECRET);
const FILE = "affirmations-purpose.mp3";
const PATH = `/media/audio/${FILE}`;
const bytes = fs.readFileSync(`content/audio/${FILE}`);

describe("signed media URLs and Range", () => {
  let server: ServerProcess;
  let member: Member;
  let other: Member;
  let url: URL;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1", APP_SECRET });
    [member, other] = await Promise.all([signUpMember(server), signUpMember(server)]);
    const response = await member.client.request(`/api/audio/affirmations-purpose/signed-url`, {
      method: "POST",
    });
    url = new URL(((await response.json()) as { url: string }).url, server.baseUrl);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    member.client.request(path, { headers });
  const now = () => Math.floor(Date.now() / 1000);
  const signed = async (path: string, userId: string, issuedAt = now(), lifetime = 3600) =>
    `${path}?${signedQuery(signMediaPath(path, userId, keys, issuedAt, lifetime))}`;

  it("streams with a URL signed by the server's key for this member (the forgeries below differ in one thing)", async () => {
    const genuine = await get(await signed(PATH, member.id));
    expect(genuine.status).toBe(200);
    expect(Buffer.from(await genuine.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("refuses an expired, foreign, re-keyed or tampered URL with 403, never 500", async () => {
    const exp = url.searchParams.get("exp")!;
    const sig = url.searchParams.get("sig")!;
    const forged: Record<string, string> = {
      "expired a second ago": await signed(PATH, member.id, now() - 3601),
      "expiring now": await signed(PATH, member.id, now() - 3600),
      "signed for another member": await signed(PATH, other.id),
      "signed for another file": (await signed("/media/audio/affirmations-2.mp3", member.id)).replace(
        "affirmations-2.mp3",
        FILE,
      ),
      "an unknown key id": `${PATH}?exp=${exp}&kid=k2&sig=${sig}`,
      "an empty key id": `${PATH}?exp=${exp}&kid=&sig=${sig}`,
      "a signature for a later expiry": `${PATH}?exp=${Number(exp) + 1}&kid=k1&sig=${sig}`,
      "a far-future expiry": `${PATH}?exp=99999999999&kid=k1&sig=${sig}`,
      "an expiry too long to be a time": `${PATH}?exp=${"9".repeat(40)}&kid=k1&sig=${sig}`,
      "a negative expiry": `${PATH}?exp=-1&kid=k1&sig=${sig}`,
      "an expiry with a fraction": `${PATH}?exp=${exp}.0&kid=k1&sig=${sig}`,
      "a truncated signature": `${PATH}?exp=${exp}&kid=k1&sig=${sig.slice(0, -1)}`,
      "a longer signature": `${PATH}?exp=${exp}&kid=k1&sig=${sig}A`,
      "a signature in standard base64": `${PATH}?exp=${exp}&kid=k1&sig=${encodeURIComponent(sig.replace(/-/g, "+").replace(/_/g, "/"))}=`,
      "a signature of zeros": `${PATH}?exp=${exp}&kid=k1&sig=${"A".repeat(43)}`,
      "a signature with markup": `${PATH}?exp=${exp}&kid=k1&sig=%3Cscript%3E`,
      "the parameters twice, forged first": `${PATH}?exp=${exp}&kid=k1&sig=${"A".repeat(43)}&${url.searchParams}`,
    };
    for (const [name, path] of Object.entries(forged)) {
      const response = await get(path);
      expect(response.status, name).toBe(403);
      expect(response.headers.get("content-type"), name).toMatch(/^text\/plain/);
    }
    // The genuine URL, for someone else or nobody.
    expect((await other.client.request(url.href)).status).toBe(403);
    expect((await fetch(url)).status).toBe(403);
  });

  it("never serves a file outside the media folder, whatever the path", async () => {
    const secretFile = fs.readFileSync("package.json", "utf8");
    const traversals = [
      "..%2f..%2fpackage.json",
      "..%2F..%2F..%2Fpackage.json",
      "%2e%2e%2f%2e%2e%2fpackage.json",
      "%2e%2e/%2e%2e/package.json",
      "..%5c..%5cpackage.json",
      "%252e%252e%252fpackage.json",
      "....%2f%2fpackage.json",
      "app-secret",
      "..%2fapp-secret",
      "..%2f..%2fapp-secret",
      "%2e%2e%2fserver.log",
      "affirmations-purpose.mp3%00.txt",
      "affirmations-purpose.mp3%2f..%2f..%2fapp-secret",
      "%2fetc%2fpasswd",
      "..%2fserver%2findex.js",
      "..%2f..%2fserver%2findex.js",
      "..%2f..%2f.env",
    ];
    const bases = ["/media/audio/", "/guides/", "/assets/", "/audio/"];
    for (const base of bases) {
      for (const traversal of traversals) {
        const path = `${base}${traversal}`;
        // Signed for exactly this path, so only the path decides.
        const response = await get(await signed(path, member.id));
        const body = await response.text();
        expect(response.status, path).toBeLessThan(500);
        expect(response.status, path).not.toBe(200);
        expect(body, path).not.toContain(secretFile.slice(0, 40));
        expect(body, path).not.toContain(APP_SECRET);
        expect(body, path).not.toContain("root:x:0:0");
      }
    }
  });

  /** Every stream that honours Range: a member's signed track and the public preview. */
  const streams = () => ({
    "signed track": { path: `${url.pathname}${url.search}`, file: bytes },
    preview: { path: "/audio/preview.mp3", file: fs.readFileSync("content/audio/preview.mp3") },
  });

  it("answers odd, multiple, overlapping, suffix and inverted ranges correctly, never with 500", async () => {
    for (const [name, { path, file }] of Object.entries(streams())) {
      const size = file.length;
      /** Each Range header and what must come back: 206 with these bytes, the whole file, or 416. */
      const cases: [string, [number, number] | "whole" | 416][] = [
        ["bytes=0-0", [0, 0]],
        [`bytes=${size - 1}-`, [size - 1, size - 1]],
        ["bytes=-1", [size - 1, size - 1]],
        [`bytes=-${size * 2}`, [0, size - 1]],
        [`bytes=10-${size * 10}`, [10, size - 1]],
        ["bytes=0-99999999999999999999999", [0, size - 1]],
        ["bytes=-0", 416],
        [`bytes=${size}-`, 416],
        ["bytes=99999999999999999999999-", 416],
        // Several ranges, overlapping or not: the whole file, as the standard allows.
        ["bytes=0-1,5-9", "whole"],
        ["bytes=0-5,3-9", "whole"],
        ["bytes=0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1", "whole"],
        // Malformed or inverted: the header is ignored.
        ["bytes=9-5", "whole"],
        ["bytes=abc", "whole"],
        ["bytes=0-1-2", "whole"],
        ["bytes=--5", "whole"],
        ["bytes=-", "whole"],
        ["items=0-5", "whole"],
        [`bytes=${"1".repeat(5000)}-`, 416],
      ];
      for (const [range, expected] of cases) {
        const label = `${name} ${range.slice(0, 40)}`;
        const response = await get(path, { range });
        const body = Buffer.from(await response.arrayBuffer());
        if (expected === 416) {
          expect(response.status, label).toBe(416);
          expect(response.headers.get("content-range"), label).toBe(`bytes */${size}`);
        } else if (expected === "whole") {
          expect(response.status, label).toBe(200);
          expect(body.equals(file), label).toBe(true);
        } else {
          const [start, end] = expected;
          expect(response.status, label).toBe(206);
          expect(response.headers.get("content-range"), label).toBe(`bytes ${start}-${end}/${size}`);
          expect(body.equals(file.subarray(start, end + 1)), label).toBe(true);
        }
      }
    }
  });
});
