import { describe, expect, it } from "vitest";
import { signMediaPath, verifyMediaPath, type SigningKey } from "./signing.server.ts";

const key = (id: string, fill: number): SigningKey => ({ id, secret: new Uint8Array(32).fill(fill) });
const current = key("k2", 2);
const previous = key("k1", 1);
const path = "/media/audio/fear-release.mp3";
const now = 1_800_000_000;

describe("signed media URLs", () => {
  it("sign and verify for the same member, path and time, valid for an hour", () => {
    const signed = signMediaPath(path, "user-1", [current], now);
    expect(signed.exp).toBe(now + 3600);
    expect(signed.kid).toBe("k2");
    expect(verifyMediaPath(path, "user-1", { ...signed, exp: String(signed.exp) }, [current], now)).toBe(
      "valid",
    );
  });

  it("refuses the same signature spelled another way (the last character's spare bits set)", () => {
    const signed = signMediaPath(path, "user-1", [current], now);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signed.sig.at(-1)!);
    for (const spare of [1, 2, 3]) {
      const sig = `${signed.sig.slice(0, -1)}${alphabet[last | spare]}`;
      // The same 32 bytes once decoded, so only the spelling rule can refuse it.
      expect(Buffer.from(sig, "base64url").equals(Buffer.from(signed.sig, "base64url"))).toBe(true);
      expect(
        verifyMediaPath(path, "user-1", { ...signed, exp: String(signed.exp), sig }, [current], now),
      ).toBe("invalid");
    }
  });

  it("expires exactly at the boundary", () => {
    const signed = signMediaPath(path, "user-1", [current], now);
    const params = { ...signed, exp: String(signed.exp) };
    expect(verifyMediaPath(path, "user-1", params, [current], signed.exp - 1)).toBe("valid");
    expect(verifyMediaPath(path, "user-1", params, [current], signed.exp)).toBe("expired");
  });

  it.each([
    ["another member", { userId: "user-2" }],
    ["another file", { path: "/media/audio/prepare-for-birth.mp3" }],
    ["a later expiry", { exp: String(now + 7200) }],
    ["an unknown key id", { kid: "k9" }],
    ["a signature with one character changed", { flip: true }],
    ["a truncated signature", { sig: "abc" }],
    ["no signature", { sig: "" }],
    ["a non-numeric expiry", { exp: "soon" }],
    ["a signature that isn't base64url", { sig: "!".repeat(43) }],
  ])(
    "refuses %s",
    (
      _case,
      change: { userId?: string; path?: string; exp?: string; kid?: string; sig?: string; flip?: boolean },
    ) => {
      const signed = signMediaPath(path, "user-1", [current], now);
      let sig = change.sig ?? signed.sig;
      if (change.flip) sig = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
      const verdict = verifyMediaPath(
        change.path ?? path,
        change.userId ?? "user-1",
        { exp: change.exp ?? String(signed.exp), kid: change.kid ?? signed.kid, sig },
        [current, previous],
        now,
      );
      expect(verdict).toBe("invalid");
    },
  );

  it("keeps URLs made with a previous key working after rotation, and stops them once that key is dropped", () => {
    const old = signMediaPath(path, "user-1", [previous], now);
    const params = { ...old, exp: String(old.exp) };
    expect(verifyMediaPath(path, "user-1", params, [current, previous], now)).toBe("valid");
    expect(verifyMediaPath(path, "user-1", params, [current], now)).toBe("invalid");
    const fresh = signMediaPath(path, "user-1", [current, previous], now);
    expect(fresh.kid).toBe("k2");
  });

  it("refuses a signature made with another key under the same id", () => {
    const forged = signMediaPath(path, "user-1", [key("k2", 9)], now);
    expect(verifyMediaPath(path, "user-1", { ...forged, exp: String(forged.exp) }, [current], now)).toBe(
      "invalid",
    );
  });
});

describe("signed media URLs across versions", () => {
  it("accepts a URL signed with Web Crypto's HMAC, as URLs already in players were", async () => {
    const exp = now + 600;
    const webKey = await crypto.subtle.importKey(
      "raw",
      current.secret as BufferSource,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = await crypto.subtle.sign(
      "HMAC",
      webKey,
      new TextEncoder().encode(`k2\n${path}\n${exp}\nuser-1`),
    );
    const sig = Buffer.from(mac).toString("base64url");
    expect(verifyMediaPath(path, "user-1", { exp: String(exp), kid: "k2", sig }, [current], now)).toBe(
      "valid",
    );
    expect(signMediaPath(path, "user-1", [current], now, 600).sig).toBe(sig);
  });
});
