import { deriveKey } from "#app/platform/secret.server.ts";
import type { SigningKey } from "./signing.server.ts";

/**
 * The keys media URLs are signed with. MEDIA_SIGNING_KEYS ("id:secret,…",
 * newest first) allows rotation: sign with the first, accept every one listed.
 * Unset, one key is derived from the app secret.
 */
export function mediaSigningKeys(appSecret: string, configured?: string): SigningKey[] {
  if (!configured) return [{ id: "k1", secret: new Uint8Array(deriveKey(appSecret, "media-url:k1")) }];
  return configured.split(",").map((entry) => {
    const [id = "", ...rest] = entry.trim().split(":");
    return { id, secret: new Uint8Array(deriveKey(rest.join(":"), "media-url")) };
  });
}
