import { describe, expect, it } from "vitest";
import { checkoutSources } from "./checkout-config.ts";

describe("checkoutSources", () => {
  it("opens nothing to another host for the demo checkout or when payments are unavailable", () => {
    for (const mode of ["demo", "unavailable"] as const) {
      expect(checkoutSources({ mode, card: true, paypal: true })).toEqual({
        script: [],
        frame: [],
        connect: [],
        img: [],
        popups: false,
      });
    }
  });

  it("lets in Stripe's hosts only when live card payments are configured", () => {
    const sources = checkoutSources({ mode: "live", card: true, paypal: false });
    expect(sources.script).toContain("https://js.stripe.com");
    expect(sources.frame).toContain("https://hooks.stripe.com");
    expect(sources.connect).toEqual(["https://api.stripe.com"]);
    expect(sources.script.some((s) => s.includes("paypal"))).toBe(false);
    expect(sources.popups).toBe(false);
  });

  it("lets in PayPal's hosts and its approval popup only when live PayPal is configured", () => {
    const sources = checkoutSources({ mode: "live", card: false, paypal: true });
    expect(sources.script).toEqual(["https://*.paypal.com", "https://*.paypalobjects.com"]);
    expect(sources.script.some((s) => s.includes("stripe"))).toBe(false);
    expect(sources.popups).toBe(true);
  });
});
