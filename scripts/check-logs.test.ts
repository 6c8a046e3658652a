import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../tests/e2e/support/accounts.ts";
import { checkLogDirectory, findSecrets, TEST_PASSWORDS } from "./check-logs.ts";

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1, ...fields });

describe("the server log check", () => {
  it("passes a log of ordinary requests, with secret query values redacted", () => {
    const log = [
      line({ req: { method: "GET", url: "/portal" }, res: { statusCode: 200 }, msg: "request completed" }),
      line({ req: { url: "/api/auth/magic-link/verify?token=[redacted]&callbackURL=[redacted]" } }),
      line({ req: { url: "/api/auth/reset-password/[redacted]?callbackURL=[redacted]" } }),
      line({ url: "http://localhost:3000", database: "sqlite", msg: "Tidewell is listening" }),
      line({ msg: "payment intent pi_3Pabc123 created", intent: "pi_3Pabc123" }),
      line({ headers: { cookie: "[redacted]" }, msg: "cross-origin request refused" }),
    ].join("\n");
    expect(findSecrets("server.log", log, ["a-very-secret-app-key-0123456789"])).toEqual([]);
  });

  it.each([
    ["a known secret", line({ msg: "config", value: "a-very-secret-app-key-0123456789" })],
    ["a test password", line({ body: { password: "calm-waters-rise" } })],
    ["a Stripe key", line({ msg: "using sk_test_demo_0123456789abcdef" })],
    ["a webhook secret", line({ secret: "whsec_demo_abcdef0123456789" })],
    ["a client secret", line({ clientSecret: "pi_123abc_secret_456def" })],
    ["a session cookie", line({ cookie: "tidewell.session_token=abcDEF123456.sig" })],
    ["a magic-link token", line({ req: { url: "/api/auth/magic-link/verify?token=AbCdEf123456&x=1" } })],
    ["a sign-in code", line({ url: "/auth?otp=123456" })],
    ["a reset token", line({ req: { url: "/api/auth/reset-password/AbCdEf123456789xyz?callbackURL=%2F" } })],
    ["a partner link", line({ req: { url: `/shared/${"a".repeat(43)}` } })],
    ["a bearer token", line({ authorization: "Bearer abcdefghijklmnop" })],
  ])("fails on %s, naming the file and line but not the value", (_name, secretLine) => {
    const findings = findSecrets("server.log", `${line({ msg: "ok" })}\n${secretLine}`, [
      "a-very-secret-app-key-0123456789",
    ]);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]).toMatchObject({ file: "server.log", line: 2 });
    for (const finding of findings) expect(finding.what).not.toMatch(/calm-waters|a-very-secret|sk_test/);
  });

  it("reads each log's own list of secrets from beside it", () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-logs-"));
    fs.writeFileSync(path.join(directory, "one.log"), line({ msg: "value s3cr3t-for-one-only" }));
    fs.writeFileSync(path.join(directory, "one.secrets.json"), JSON.stringify(["s3cr3t-for-one-only"]));
    fs.writeFileSync(path.join(directory, "two.log"), line({ msg: "nothing here" }));
    const result = checkLogDirectory(directory);
    expect(result.files).toBe(2);
    expect(result.findings).toEqual([
      { file: path.join(directory, "one.log"), line: 1, what: "a secret the server was given" },
    ]);
  });

  it("knows the password the end-to-end tests sign in with", () => {
    expect(TEST_PASSWORDS).toContain(PASSWORD);
  });

  it("ignores known values too short to be secrets", () => {
    expect(findSecrets("server.log", line({ msg: "port 3000" }), ["3000", ""])).toEqual([]);
  });
});
