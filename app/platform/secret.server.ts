import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SECRET_FILE = "app-secret";

/**
 * The app's signing secret: APP_SECRET when set, otherwise one generated on
 * first start and kept (readable by the owner only) in the data directory, so
 * sessions and signed links survive restarts with no configuration.
 */
export function loadAppSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // "wx" fails if another process created the file first; then we read theirs.
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one.`);
  }
  return secret;
}

/** A key for one purpose, derived from the app secret, so no two uses share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "tidewell", purpose, 32));
}
