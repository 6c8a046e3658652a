import crypto from "node:crypto";
import { deriveKey } from "~/platform/secret.server.ts";

const derived = new Map<string, Buffer>();

/**
 * The opaque key a member's pages are kept under on her device: stable for
 * her, unlike anyone else's, and not her account id.
 */
export function offlineMemberKey(secret: string, memberId: string): string {
  let key = derived.get(secret);
  if (!key) {
    key = deriveKey(secret, "offline-member-key");
    derived.set(secret, key);
  }
  return crypto.createHmac("sha256", key).update(memberId).digest("base64url").slice(0, 22);
}
