import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, scrubLogText, scrubUrl } from "./log.server.ts";

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
    ["/portal?view=fresh&day=3&flag", "/portal?view=fresh&day=3&flag"],
    ["/x?view=fresh&%74oken=abc", "/x?view=fresh&token=%5Bredacted%5D"],
    ["/x?view=fresh&TOKEN", "/x?view=fresh&TOKEN=%5Bredacted%5D"],
    ["/x?a=1&sig+=2", "/x?a=1&sig+=2"],
    [
      "/api/auth/reset-password/iaEmoezBZiOY44smDzXi9VNu?callbackURL=%2Fauth",
      "/api/auth/reset-password/[redacted]?callbackURL=%5Bredacted%5D",
    ],
    ["/shared/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde", "/shared/[redacted]"],
    ["/shared", "/shared"],
    ["/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/calendar/[redacted]"],
    ["/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics?x=1", "/calendar/[redacted]?x=1"],
    ["/calendar", "/calendar"],
    ["/CALENDAR/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/CALENDAR/[redacted]"],
    ["/%63alendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/calendar/[redacted]"],
    ["//calendar//AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/calendar/[redacted]"],
    ["/Shared/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/more", "/Shared/[redacted]"],
    ["/calendar/%E0%A4%A", "/calendar/[redacted]"],
    ["/partner/join/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde", "/partner/join/[redacted]"],
    ["/partner/join/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.data", "/partner/join/[redacted]"],
    ["/partner/join", "/partner/join"],
    [
      "/auth?tier=free&invitation=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde",
      "/auth?tier=free&invitation=%5Bredacted%5D",
    ],
    [
      "/__manifest?paths=%2F%2C%2Fpartner%2Fjoin%2FAbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde%2C%2Fshared%2Fx&version=1",
      "/__manifest?paths=%2F%2C%2Fpartner%2Fjoin%2F%5Bredacted%5D%2C%2Fshared%2F%5Bredacted%5D&version=1",
    ],
    ["/x?email=Ana%40Example.com&name=Ana+Rivers", "/x?email=%5Bredacted%5D&name=%5Bredacted%5D"],
    // The studio's members search, and the page the studio's check returns to with it.
    ["/studio/members?q=Ana+Rivers&tier=free", "/studio/members?q=%5Bredacted%5D&tier=free"],
    [
      "/studio/check?again=1&next=%2Fstudio%2Fmembers%3Fq%3Dana.rivers%2540example.com%26tier%3Dfree",
      "/studio/check?again=1&next=%2Fstudio%2Fmembers%3Fq%3D%255Bredacted%255D%26tier%3Dfree",
    ],
    ["/studio/check?next=%2Fstudio", "/studio/check?next=%2Fstudio"],
  ])("%s is logged as %s", (url, logged) => {
    expect(scrubUrl(url)).toBe(logged);
  });

  it("leaves no secret value behind", () => {
    expect(scrubUrl("/x?token=s3cr3t&Token=s3cr3t")).not.toContain("s3cr3t");
  });
});

describe("scrubLogText", () => {
  it.each([
    [
      "Sign-up attempt for existing email: Ana.Rivers@Example.com",
      "Sign-up attempt for existing email: [email]",
    ],
    [
      "Invalid callbackURL: https://evil.example/x?name=Ana%20Rivers",
      "Invalid callbackURL: https://evil.example/x?[redacted]",
    ],
    ["Invalid origin: /portal?e=ana%40example.com", "Invalid origin: /portal?[redacted]"],
    ["ÉLODIE@exemple.fr wrote", "[email] wrote"],
    ["Reset Password: User not found", "Reset Password: User not found"],
    ["Is this right? Yes", "Is this right? Yes"],
  ])("%j is logged as %j", (message, logged) => {
    expect(scrubLogText(message)).toBe(logged);
  });
});

describe("createLogger", () => {
  const capture = () => {
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
    return { logger, written: () => lines.join("") };
  };

  it("never writes passwords, tokens or cookies", () => {
    const { logger, written } = capture();
    logger.info(
      {
        password: "hunter2",
        user: { token: "tok_123" },
        req: { headers: { cookie: "session=abc", authorization: "Bearer xyz" } },
      },
      "signing in",
    );
    expect(written()).toContain("signing in");
    expect(written()).not.toMatch(/hunter2|tok_123|session=abc|Bearer xyz/);
  });

  it("writes no email address, wherever a caller or an error puts one, and no row a database quotes", () => {
    const { logger, written } = capture();
    const error = Object.assign(new Error("duplicate key for ana.rivers@example.com"), {
      detail: "Failing row contains (42, Ana Rivers, ana.rivers@example.com).",
    });
    logger.info(
      { to: "Ana.Rivers@Example.com", url: "/x?e=ana.rivers%40example.com" },
      "sent to ana.rivers@example.com",
    );
    logger.child({ request: 1 }).error({ err: error }, "could not store");
    const text = written();
    expect(text).not.toMatch(/ana\.rivers|Ana Rivers/i);
    expect(text).toContain("[email]");
    expect(text).toContain('"detail":"[redacted]"');
    expect(text).toContain("could not store");
  });
});
