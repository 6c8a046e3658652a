import crypto from "node:crypto";
import { deriveKey } from "#app/platform/secret.server.ts";

const derived = new Map<string, Buffer>();
/** Keys already made, by secret and member: every page a member is sent carries hers. */
const made = new Map<string, string>();
const MOST_KEPT = 10_000;

/**
 * The opaque key a member's pages are kept under on her device: stable for
 * her, unlike anyone else's, and not her account id.
 */
export function offlineMemberKey(secret: string, memberId: string): string {
  const cacheKey = `${secret.length}:${secret}\0${memberId}`;
  const known = made.get(cacheKey);
  if (known) return known;
  let key = derived.get(secret);
  if (!key) {
    key = deriveKey(secret, "offline-member-key");
    derived.set(secret, key);
  }
  const memberKey = crypto.createHmac("sha256", key).update(memberId).digest("base64url").slice(0, 22);
  if (made.size >= MOST_KEPT) made.clear();
  made.set(cacheKey, memberKey);
  return memberKey;
}
