import crypto from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeOAuth, type FakeOAuth, type FakeOAuthClient } from "./oauth.ts";

const CALLBACK = "http://localhost:3000/api/auth/callback/google";
const verifier = crypto.randomBytes(32).toString("base64url");
const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");

describe("the sign-in stand-in", () => {
  let fake: FakeOAuth;
  let google: FakeOAuthClient;

  beforeEach(async () => {
    fake = await startFakeOAuth({
      providers: ["google", "apple"],
      redirectUriFor: (provider) => `http://localhost:3000/api/auth/callback/${provider}`,
    });
    google = fake.clients.find((client) => client.provider === "google")!;
  });
  afterEach(() => fake.close());

  const authorizeParams = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: CALLBACK,
      response_type: "code",
      state: "state-1",
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...overrides,
    });

  /** The consent form, as the browser posts it; answers the redirect's address. */
  async function consent(person: Record<string, string>, overrides: Record<string, string> = {}) {
    const response = await fetch(google.authorizationUrl, {
      method: "POST",
      body: new URLSearchParams({ ...Object.fromEntries(authorizeParams(overrides)), ...person }),
      redirect: "manual",
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  }

  const exchange = (fields: Record<string, string>) =>
    fetch(google.tokenUrl, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        redirect_uri: CALLBACK,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        code_verifier: verifier,
        ...fields,
      }),
    });

  const codeFrom = (location: string | null) => new URL(location!).searchParams.get("code")!;

  it("signs a person in: consent, code for token, token for the same id each time", async () => {
    const page = await fetch(`${google.authorizationUrl}?${authorizeParams()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign in with Google");

    const ids = [];
    for (let i = 0; i < 2; i++) {
      const { status, location } = await consent({ name: "Amara Obi", email: "amara@example.com" });
      expect(status).toBe(302);
      expect(new URL(location!).searchParams.get("state")).toBe("state-1");
      const token = await exchange({ code: codeFrom(location) });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      const profile = await fetch(google.userInfoUrl, {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      const person = (await profile.json()) as Record<string, unknown>;
      expect(person).toMatchObject({ name: "Amara Obi", email: "amara@example.com", email_verified: true });
      ids.push(person.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it("sends nothing to an address it does not know, and says so", async () => {
    const page = await fetch(
      `${google.authorizationUrl}?${authorizeParams({ redirect_uri: "https://attacker.example/steal" })}`,
      { redirect: "manual" },
    );
    expect(page.status).toBe(400);
    expect(page.headers.get("location")).toBeNull();
    const otherClient = await consent({ name: "A", email: "a@example.com" }, { client_id: "someone-else" });
    expect(otherClient.status).toBe(400);
  });

  it("answers a cancel and a bad form as the providers do", async () => {
    const cancelled = await consent({ choice: "cancel" });
    expect(new URL(cancelled.location!).searchParams.get("error")).toBe("access_denied");
    const noEmail = await consent({ name: "Amara", email: "not-an-email" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.text).toContain("Enter an email address");
    const plain = await consent(
      { name: "Amara", email: "a@example.com" },
      { code_challenge_method: "plain" },
    );
    expect(new URL(plain.location!).searchParams.get("error")).toBe("invalid_request");
  });

  it("gives a token only for a fresh code, once, with the right verifier and client secret", async () => {
    const issue = async () => codeFrom((await consent({ name: "A", email: "a@example.com" })).location);

    expect((await exchange({ code: await issue(), code_verifier: "wrong-verifier" })).status).toBe(400);
    expect((await exchange({ code: await issue(), client_secret: "guess" })).status).toBe(401);
    expect((await exchange({ code: await issue(), redirect_uri: "https://attacker.example/" })).status).toBe(
      400,
    );
    const apple = fake.clients.find((client) => client.provider === "apple")!;
    const crossProvider = await fetch(apple.tokenUrl, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: await issue(),
        redirect_uri: CALLBACK,
        client_id: apple.clientId,
        client_secret: apple.clientSecret,
        code_verifier: verifier,
      }),
    });
    expect(crossProvider.status).toBe(400);

    // Raced twice at once, a code still yields one token.
    const code = await issue();
    const answers = await Promise.all([exchange({ code }), exchange({ code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("refuses a profile without a token it gave", async () => {
    const response = await fetch(google.userInfoUrl, { headers: { Authorization: "Bearer made-up" } });
    expect(response.status).toBe(401);
  });
});
