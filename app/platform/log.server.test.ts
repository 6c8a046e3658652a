import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, scrubUrl } from "./log.server.ts";

describe("scrubUrl", () => {
  it.each([
    ["/portal", "/portal"],
    [
      "/api/auth/magic-link/verify?token=abc123&callbackURL=%2Fportal",
      "/api/auth/magic-link/verify?token=%5Bredacted%5D&callbackURL=%5Bredacted%5D",
    ],
    ["/media/audio/a.mp3?exp=1&sig=deadbeef&kid=1", "/media/audio/a.mp3?exp=1&sig=%5Bredacted%5D&kid=1"],
    ["/reset?password=hunter2", "/reset?password=%5Bredacted%5D"],
    ["/auth?tier=free", "/auth?tier=free"],
    [
      "/api/auth/reset-password/iaEmoezBZiOY44smDzXi9VNu?callbackURL=%2Fauth",
      "/api/auth/reset-password/[redacted]?callbackURL=%5Bredacted%5D",
    ],
    ["/shared/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde", "/shared/[redacted]"],
    ["/shared", "/shared"],
  ])("%s is logged as %s", (url, logged) => {
    expect(scrubUrl(url)).toBe(logged);
  });

  it("leaves no secret value behind", () => {
    expect(scrubUrl("/x?token=s3cr3t&Token=s3cr3t")).not.toContain("s3cr3t");
  });
});

describe("createLogger", () => {
  it("never writes passwords, tokens or cookies", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write: (chunk, _encoding, done) => {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    logger.info(
      {
        password: "hunter2",
        user: { token: "tok_123" },
        req: { headers: { cookie: "session=abc", authorization: "Bearer xyz" } },
      },
      "signing in",
    );
    const written = lines.join("");
    expect(written).toContain("signing in");
    expect(written).not.toMatch(/hunter2|tok_123|session=abc|Bearer xyz/);
  });
});
