import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { CheckoutSources } from "#app/modules/payments/checkout-config.ts";
import { PODCAST } from "#app/modules/site/podcast.ts";

export interface SecurityHeaderOptions {
  /** Send HSTS: only when the public origin is https. */
  hsts: boolean;
  /** Vite's dev server needs a websocket and eval for hot reloading. */
  dev: boolean;
  /** Where audio may come from besides this site (the S3 endpoint, when media is on S3). */
  mediaOrigins?: string[];
  /** The payment providers' hosts, when live keys are configured. */
  checkout?: CheckoutSources;
  /** The sign-in providers' pages, where a social sign-in form's answer sends the browser. */
  signInOrigins?: string[];
}

/**
 * CSP nonces of 16 random bytes each, drawn from a pool the system's random source fills
 * `perFill` at a time: one call into it per 256 responses instead of one per response, which cost
 * 1–2% of a fresh page's CPU time (docs/performance.md). No byte is handed out twice.
 */
export function nonceSource(perFill = 256): () => string {
  const pool = Buffer.alloc(16 * perFill);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      crypto.randomFillSync(pool);
      next = 0;
    }
    next += 16;
    return pool.toString("base64", next - 16, next);
  };
}

const noCheckout: CheckoutSources = { script: [], frame: [], connect: [], img: [], popups: false };

/**
 * Helmet with a fresh CSP nonce per request. Inline scripts run only with the
 * nonce; nothing is loaded from another host but the media store and the
 * payment providers that are configured.
 */
export function securityHeaders({
  hsts,
  dev,
  mediaOrigins = [],
  checkout = noCheckout,
  signInOrigins = [],
}: SecurityHeaderOptions): RequestHandler[] {
  const freshNonce = nonceSource();
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = freshNonce();
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          // Our own scripts by address: kept pages' links carry no nonce (page-cache.ts).
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          ...(dev ? ["'unsafe-eval'"] : []),
          ...checkout.script,
        ],
        // Style attributes are set by components at run time; no script can ride on them.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...checkout.img],
        "font-src": ["'self'"],
        "media-src": ["'self'", "blob:", ...mediaOrigins],
        // The media store too: a session downloaded for offline listening is fetched, not streamed.
        "connect-src": ["'self'", ...(dev ? ["ws:"] : []), ...mediaOrigins, ...checkout.connect],
        // The podcast player, once a visitor asks for it, and the card and PayPal forms.
        "frame-src": [PODCAST.embedOrigin, ...checkout.frame],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        // Without JavaScript, "Continue with Google" is a form whose answer redirects to Google.
        "form-action": ["'self'", ...signInOrigins],
        "frame-ancestors": ["'none'"],
        ...(hsts ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: hsts ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: checkout.popups ? "same-origin-allow-popups" : "same-origin" },
  });
  return [nonce, headers];
}
