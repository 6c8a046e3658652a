/** What the browser needs to show the right checkout: never a secret. */
export interface CheckoutConfig {
  mode: "live" | "demo" | "unavailable";
  card: boolean;
  paypal: boolean;
  stripePublishableKey: string | null;
  paypalClientId: string | null;
  currency: string;
}

/**
 * The hosts the browser must reach for a live checkout, as each provider
 * documents for a Content Security Policy. The demo checkout needs none: it
 * talks only to this site.
 */
export interface CheckoutSources {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
  /** PayPal's approval window talks back to the page that opened it. */
  popups: boolean;
}

const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: [],
};

const PAYPAL = {
  script: ["https://*.paypal.com", "https://*.paypalobjects.com"],
  frame: ["https://*.paypal.com"],
  connect: ["https://*.paypal.com"],
  img: ["https://*.paypal.com", "https://*.paypalobjects.com"],
};

export function checkoutSources(checkout: Pick<CheckoutConfig, "mode" | "card" | "paypal">): CheckoutSources {
  const live = checkout.mode === "live";
  const providers = [live && checkout.card ? STRIPE : null, live && checkout.paypal ? PAYPAL : null].filter(
    (p) => p !== null,
  );
  return {
    script: providers.flatMap((p) => p.script),
    frame: providers.flatMap((p) => p.frame),
    connect: providers.flatMap((p) => p.connect),
    img: providers.flatMap((p) => p.img),
    popups: live && checkout.paypal,
  };
}
