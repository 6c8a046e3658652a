/**
 * The production build the test suites run, made with a recognisable fake of
 * every secret in the environment, so the check for secrets in the browser's
 * bundle (tests/e2e/security-secrets.test.ts) reads the very build the other
 * suites use rather than building a second one. The fakes, and a fingerprint of
 * the client build they went into, are kept in build/test-secrets.json: outside
 * build/client, so never served.
 *
 *   node scripts/test-build.ts
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const CLIENT_DIR = path.join(root, "build/client");
export const TEST_SECRETS_FILE = path.join(root, "build/test-secrets.json");

export interface TestSecrets {
  /** Each secret's name and the fake value the build ran with. */
  secrets: Record<string, string>;
  /** The client build they went into (clientFingerprint): a later build without them differs. */
  fingerprint: string;
}

/** Every file under a directory, recursively, in a stable order. */
export function filesUnder(directory: string): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of every file's path and bytes in the client build. */
export function clientFingerprint(dir = CLIENT_DIR): string {
  const hash = crypto.createHash("sha256");
  for (const file of filesUnder(dir))
    hash.update(path.relative(dir, file)).update("\0").update(fs.readFileSync(file));
  return hash.digest("hex");
}

/** Recognisable fakes, one for each kind of secret the app is configured with. */
function fakeSecrets(): Record<string, string> {
  const random = (bytes: number) => crypto.randomBytes(bytes).toString("hex");
  return {
    STRIPE_SECRET_KEY: `sk_test_leakcheck${random(8)}`,
    STRIPE_WEBHOOK_SECRET: `whsec_leakcheck${random(8)}`,
    PAYPAL_CLIENT_SECRET: `paypal-secret-leakcheck-${random(8)}`,
    APP_SECRET: `app-secret-leakcheck-${random(16)}`,
    GOOGLE_CLIENT_SECRET: `google-secret-leakcheck-${random(8)}`,
    S3_SECRET_ACCESS_KEY: `s3-secret-leakcheck-${random(8)}`,
    SMTP_PASSWORD: `smtp-pass-leakcheck-${random(8)}`,
  };
}

if (import.meta.main) {
  const secrets = fakeSecrets();
  // React Router's command on this very Node, whatever Node is first on the PATH.
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...secrets,
      STRIPE_PUBLISHABLE_KEY: "pk_test_leakcheck",
      PAYPAL_CLIENT_ID: "paypal-client-leakcheck",
      SMTP_URL: `smtp://tidewell:${secrets.SMTP_PASSWORD}@127.0.0.1:2525`,
      DATABASE_URL: `postgres://tidewell:${secrets.SMTP_PASSWORD}db@127.0.0.1:5432/tidewell`,
      VITE_APP_SECRET: secrets.APP_SECRET,
    },
  });
  const record: TestSecrets = { secrets, fingerprint: clientFingerprint() };
  fs.writeFileSync(TEST_SECRETS_FILE, JSON.stringify(record, null, 2));
}
