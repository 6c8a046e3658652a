import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  decodeBase64Url,
  encodeBase64Url,
  isP256PublicKey,
  VAPID_PRIVATE_KEY_BYTES,
} from "./push-subscription.ts";

/**
 * The app's VAPID keys (RFC 8292): the P-256 key pair that signs every push
 * request, so a push service knows the requests come from the server its
 * subscriptions were made for. A browser subscribes with the public key; the
 * push services refuse pushes signed with another, so the keys stay the same
 * for as long as the subscriptions should work.
 */

export const VAPID_KEYS_FILE = "vapid-keys.json";

export interface VapidKeys {
  /** The uncompressed P-256 public key, URL-safe base64 (the browser's `applicationServerKey`). */
  publicKey: string;
  /** The private scalar, URL-safe base64: never logged, never sent anywhere. */
  privateKey: string;
  /** How a push service can reach the site's owner: a mailto: address or an https URL. */
  subject: string;
}

/** What is wrong with a key pair, in words, or null when the private key is the public key's. */
export function vapidKeysProblem(publicKey: string, privateKey: string): string | null {
  if (!isP256PublicKey(publicKey))
    return "the public key must be 65 bytes of URL-safe base64 (87 characters)";
  const scalar = decodeBase64Url(privateKey);
  if (scalar?.length !== VAPID_PRIVATE_KEY_BYTES)
    return "the private key must be 32 bytes of URL-safe base64 (43 characters)";
  try {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(scalar));
    if (encodeBase64Url(ecdh.getPublicKey()) !== publicKey.replace(/=+$/, ""))
      return "the public key is not the private key's (they must be made together)";
  } catch {
    return "the private key is not a P-256 key";
  }
  return null;
}

/** Whether a subject is one the push services accept: a mailto: address or an https URL. */
export function isVapidSubject(subject: string): boolean {
  try {
    const url = new URL(subject);
    return (url.protocol === "mailto:" && url.pathname.includes("@")) || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The subject when VAPID_SUBJECT is unset: the public https origin, else the owner's address. */
export function defaultVapidSubject({
  baseUrl,
  ownerEmail,
}: {
  baseUrl: string;
  ownerEmail: string;
}): string {
  return new URL(baseUrl).protocol === "https:" ? baseUrl : `mailto:${ownerEmail}`;
}

/** A new key pair, as the Push API and VAPID write them. */
export function generateVapidKeys(): Pick<VapidKeys, "publicKey" | "privateKey"> {
  const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(jwk.x!, "base64url"),
    Buffer.from(jwk.y!, "base64url"),
  ]);
  return { publicKey: encodeBase64Url(point), privateKey: jwk.d! };
}

/**
 * The keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set (both
 * or neither), otherwise a pair generated on first start and kept (readable by
 * the owner only) in the data directory, as the app secret is: two processes
 * starting together write it once ("wx") and both read the one that won.
 */
export function loadVapidKeys({
  dataDir,
  publicKey,
  privateKey,
  subject = defaultVapidSubject({ baseUrl: "http://localhost", ownerEmail: "hello@tidewell.example" }),
}: {
  dataDir: string;
  publicKey?: string;
  privateKey?: string;
  subject?: string;
}): VapidKeys & { source: "environment" | "data directory" } {
  if (!isVapidSubject(subject))
    throw new Error("The VAPID subject must be a mailto: address or an https URL.");
  if (publicKey !== undefined || privateKey !== undefined) {
    if (publicKey === undefined || privateKey === undefined)
      throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.");
    const problem = vapidKeysProblem(publicKey, privateKey);
    if (problem) throw new Error(`VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: ${problem}.`);
    return { publicKey: publicKey.replace(/=+$/, ""), privateKey, subject, source: "environment" };
  }
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) createOnce(file, `${JSON.stringify(generateVapidKeys())}\n`);
  const kept = readKeysFile(file);
  return { ...kept, subject, source: "data directory" };
}

/**
 * Writes `content` to `file` unless another process has written it first. The
 * content goes to a file of this process's own and is then linked into place,
 * which fails if the name exists ("wx" would do, but a process that lost could
 * read the winner's file before its content is written); where the file
 * system has no hard links, "wx" does it.
 */
function createOnce(file: string, content: string) {
  const own = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  try {
    fs.writeFileSync(own, content, { flag: "wx", mode: 0o600 });
    try {
      fs.linkSync(own, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") return;
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV") throw error;
      fs.writeFileSync(file, content, { flag: "wx", mode: 0o600 });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(own, { force: true });
  }
}

function readKeysFile(file: string): Pick<VapidKeys, "publicKey" | "privateKey"> {
  const broken = (why: string) =>
    new Error(
      `${file} ${why}. Restore it from a backup, or delete it to make new keys (every device then has to turn its reminders on again).`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    throw broken("is not the JSON the app wrote");
  }
  const { publicKey, privateKey } = (parsed ?? {}) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof publicKey !== "string" || typeof privateKey !== "string")
    throw broken("has no publicKey and privateKey");
  const problem = vapidKeysProblem(publicKey, privateKey);
  if (problem) throw broken(`holds keys that don't work: ${problem}`);
  return { publicKey, privateKey };
}
