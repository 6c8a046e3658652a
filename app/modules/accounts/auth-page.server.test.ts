import { describe, expect, it } from "vitest";
import { createFlashCookie } from "#app/modules/site/flash.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import type { Payments } from "#app/modules/payments/payments.server.ts";
import type { Auth } from "./auth.server.ts";
import { answerAuthForm, authPageData } from "./auth-page.server.ts";
import { createDeviceCookies } from "./device-cookie.server.ts";
import { authFormSchema } from "./forms.ts";
import type { Member } from "./session.server.ts";
import type { SocialSignIn } from "./social-sign-in.server.ts";

// Only the answers that never reach Better Auth: those are covered end to end in accounts.server.test.ts.
const flash = createFlashCookie("test-secret", false);
const socialSignIn = { providers: ["google", "facebook", "apple"] } as SocialSignIn;
const deps = {
  auth: {} as Auth,
  flash,
  socialSignIn: { providers: ["apple"] } as SocialSignIn,
  devices: createDeviceCookies(Buffer.alloc(32), false),
};
const payments = { mode: "demo", price: { amountMinor: 2700, currency: "EUR" } } as Payments;
const member = { email: "amara@example.com", hasPremium: false } as Member;

function submit(fields: Record<string, string>) {
  const formData = new URLSearchParams(fields);
  return answerAuthForm(deps, new Headers(), parseSubmission(formData, authFormSchema), fields.intent ?? "");
}

describe("answerAuthForm", () => {
  it("answers an invalid form with its errors, for that form, without the password", async () => {
    const answer = await submit({
      intent: "sign-up",
      name: "Amara",
      email: "amara@example.com",
      password: "short",
    });
    expect(answer).toMatchObject({ init: { status: 400 }, data: { intent: "sign-up" } });
    if (!answer || answer instanceof Response) throw new Error("expected data");
    expect(answer.data).toHaveProperty("result.error.password", [
      "Your password needs at least 8 characters",
    ]);
    expect(answer.data).not.toHaveProperty("result.initialValue.password");
  });

  it("turns away a provider that is not offered", async () => {
    expect(await submit({ intent: "social", provider: "google" })).toMatchObject({
      init: { status: 503 },
      data: {
        intent: "social",
        provider: "google",
        error: "Google login is not available at the moment. Please try another sign-in method.",
      },
    });
  });
});

describe("authPageData", () => {
  const load = (query: string, who: Member | null) =>
    authPageData(
      { payments, flash, socialSignIn },
      who,
      new URL(`https://tidewell.example/auth?${query}`),
      "€27",
    );

  it("gives a visitor the tab, the mode and any error the address came back with", async () => {
    expect(await load("tier=free&mode=magic&error=access_denied", null)).toEqual({
      tab: "free",
      mode: "magic",
      member: null,
      fromSocial: false,
      checkout: null,
      price: "€27",
      providers: ["google", "facebook", "apple"],
      queryError: "Authentication failed: You cancelled the sign-in.",
    });
  });

  it("sends a signed-in member to the portal, unless she came to buy the Complete Course", async () => {
    expect((await redirected(load("tier=free", member))).headers.get("Location")).toBe("/portal");
    expect(await load("tier=premium", member)).toMatchObject({ tab: "premium", checkout: { mode: "demo" } });
  });

  it("welcomes a newly confirmed member on to the payment she chose", async () => {
    const response = await redirected(load("tier=premium&welcome=1", member));
    expect(response.headers.get("Location")).toBe("/auth?tier=premium");
    expect(await flash.parse(response.headers.get("Set-Cookie"))).toEqual({
      type: "success",
      message: "Welcome to Tidewell! Your account is ready.",
    });
  });

  it("welcomes a newly confirmed member back to the page that sent her to sign up, and nowhere off the site", async () => {
    const toGift = await redirected(load("tier=free&welcome=1&next=%2Fportal%2Fgifts%2Fnew", member));
    expect(toGift.headers.get("Location")).toBe("/portal/gifts/new");
    const offSite = await redirected(load("tier=free&welcome=1&next=https%3A%2F%2Fevil.example", member));
    expect(offSite.headers.get("Location")).toBe("/portal");
  });
});

/** The response a loader threw to redirect. */
function redirected(loading: Promise<unknown>): Promise<Response> {
  return loading.then(
    () => Promise.reject(new Error("expected a redirect")),
    (thrown: Response) => {
      expect(thrown.status).toBe(302);
      return thrown;
    },
  );
}
