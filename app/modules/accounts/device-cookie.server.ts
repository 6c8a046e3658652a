import crypto from "node:crypto";
import { normalizeEmail } from "#app/modules/people/email-address.ts";

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device
 * cookies"): a browser where she signed in with her password carries a
 * long-lived cookie naming her account, and its password guesses are counted
 * against that browser's own allowance, not her account's. Guesses from
 * anywhere else share the account's, so a stranger who spends it keeps the
 * password out for unknown browsers only, never for her on her own device.
 *
 * The cookie holds a random id and an HMAC of the id with her normalised
 * address, under a key of the server's: nothing in it names her, and it counts
 * for her account alone (a cookie from someone's own account is no help
 * against hers). It is no proof of anything but an earlier sign-in: the
 * password is still asked for, and the browser's own allowance is limited too.
 */

export const DEVICE_COOKIE_DAYS = 365;

export interface DeviceCookies {
  /** The Set-Cookie header that makes this browser one she signed in on, with a new id. */
  issue(email: string): string;
  /** The browser's device id when its cookie was issued for this address, else null. */
  recognise(cookieHeader: string | null | undefined, email: string): string | null;
}

export function createDeviceCookies(key: Buffer, secure: boolean): DeviceCookies {
  // "__Host-": only this origin, over https, may set it. Not "tidewell." or "tidewell_": such a
  // cookie makes a page personal, and a signed-out visitor's public pages stay shared.
  const name = secure ? "__Host-tidewell-device" : "tidewell-device";
  const mac = (id: string, email: string) =>
    crypto
      .createHmac("sha256", key)
      .update(`${id}:${normalizeEmail(email)}`)
      .digest("base64url");
  return {
    issue(email) {
      const id = crypto.randomBytes(16).toString("hex");
      return [
        `${name}=${id}.${mac(id, email)}`,
        "Path=/",
        `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}`,
        "HttpOnly",
        "SameSite=Strict",
        ...(secure ? ["Secure"] : []),
      ].join("; ");
    },
    recognise(cookieHeader, email) {
      const value = cookieValue(cookieHeader ?? "", name);
      const [id, signature] = value?.split(".") ?? [];
      if (!id || !signature || !/^[0-9a-f]{32}$/.test(id)) return null;
      const given = Buffer.from(signature);
      const expected = Buffer.from(mac(id, email));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
    },
  };
}

function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}
