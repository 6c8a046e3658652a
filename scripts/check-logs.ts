/**
 * Fails if any server log of a test run holds a secret: a key or password the
 * server was started with (listed beside each log in `<log>.secrets.json`), a
 * password the tests sign in with, a payment provider's secret, a session
 * cookie, or a sign-in, reset or magic-link token.
 *
 *   node scripts/check-logs.ts [directory]   (default: test-results/server-logs)
 */
import fs from "node:fs";
import path from "node:path";

/** The passwords the test suites use for their accounts. */
export const TEST_PASSWORDS = ["calm-waters-rise", "quiet-harbour-light", "another-calm-tide-9"];

/** Shapes of secrets whatever their value; a "[redacted]" value is what the logger writes instead. */
export const SECRET_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: "Stripe secret key", pattern: /\b[sr]k_(live|test)_[A-Za-z0-9_]{6,}/ },
  { name: "Stripe webhook secret", pattern: /\bwhsec_[A-Za-z0-9_]{6,}/ },
  { name: "payment client secret", pattern: /\b(pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/ },
  { name: "session cookie", pattern: /session_token=(?!\[redacted\])[^;\s"'\\]{8,}/ },
  {
    name: "token in a URL",
    pattern: /[?&](token|otp|code)=(?!\[redacted\]|%5Bredacted%5D)[A-Za-z0-9._~%-]{6,}/,
  },
  { name: "password reset token", pattern: /\/reset-password\/(?!\[redacted\])[A-Za-z0-9_-]{12,}/ },
  { name: "partner link token", pattern: /\/shared\/(?!\[redacted\])[A-Za-z0-9_-]{43}/ },
  { name: "bearer token", pattern: /\bBearer\s+(?!\[redacted\])[A-Za-z0-9._~+/-]{12,}/ },
  { name: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
];

export interface Finding {
  file: string;
  line: number;
  what: string;
}

/** Secrets found in one log's text: the known values (never shown) and the patterns. */
export function findSecrets(file: string, text: string, knownValues: string[]): Finding[] {
  const known = [...new Set([...knownValues, ...TEST_PASSWORDS])].filter((value) => value.length >= 8);
  const findings: Finding[] = [];
  text.split("\n").forEach((line, index) => {
    for (const value of known) {
      if (line.includes(value))
        findings.push({ file, line: index + 1, what: "a secret the server was given" });
    }
    for (const { name, pattern } of SECRET_PATTERNS) {
      if (pattern.test(line)) findings.push({ file, line: index + 1, what: `a ${name}` });
    }
  });
  return findings;
}

/** The secrets listed beside a log: `<name>.log` → `<name>.secrets.json` (a JSON array of strings). */
function knownSecretsFor(logFile: string): string[] {
  const sidecar = logFile.replace(/\.log$/, ".secrets.json");
  if (!fs.existsSync(sidecar)) return [];
  return (JSON.parse(fs.readFileSync(sidecar, "utf8")) as unknown[]).filter(
    (value): value is string => typeof value === "string",
  );
}

export function checkLogDirectory(directory: string): { files: number; findings: Finding[] } {
  if (!fs.existsSync(directory)) return { files: 0, findings: [] };
  const logs = fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".log"))
    .map((name) => path.join(directory, name));
  const findings = logs.flatMap((file) =>
    findSecrets(file, fs.readFileSync(file, "utf8"), knownSecretsFor(file)),
  );
  return { files: logs.length, findings };
}

if (import.meta.main) {
  const directory = process.argv[2] ?? "test-results/server-logs";
  const { files, findings } = checkLogDirectory(directory);
  if (files === 0) {
    process.stderr.write(`No server logs in ${directory}: run the end-to-end tests first.\n`);
    process.exit(1);
  }
  for (const finding of findings) {
    process.stderr.write(`${finding.file}:${finding.line}: ${finding.what}\n`);
  }
  if (findings.length > 0) {
    process.stderr.write(`\n${findings.length} secret(s) in the server logs. Logs must never hold them.\n`);
    process.exit(1);
  }
  process.stdout.write(`No secrets in ${files} server log(s).\n`);
}
