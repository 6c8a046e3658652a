import * as z from "zod/mini";

/**
 * A browser's push subscription as the Push API gives it (RFC 8030, RFC 8291):
 * the push service's address for this browser (`endpoint`, an unguessable
 * capability URL), the browser's P-256 public key (`p256dh`) and its 16-byte
 * auth secret, both URL-safe base64. Pure: the same rules in the browser and
 * on the server (push.server.ts adds the curve check node:crypto can do).
 */

/** Where the device's subscription is sent (POST), or taken back (POST with `unsubscribe: true`). */
export const PUSH_SUBSCRIPTION_URL = "/api/push-subscription";

/** An uncompressed P-256 point: 0x04, then x and y of 32 bytes each. */
const P256DH_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
/** The push services' endpoints are a few hundred characters; anything longer is not one. */
const ENDPOINT_MAX_LENGTH = 2048;
/** A VAPID private key: a P-256 scalar of 32 bytes. */
export const VAPID_PRIVATE_KEY_BYTES = 32;

/** The subscription as the server keeps it. */
export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * URL-safe base64 (RFC 4648 §5) without padding, as the Push API writes it;
 * padding is tolerated. Null for anything else.
 */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  const bare = text.replace(/={1,2}$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  const binary = atob(bare.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes as unpadded URL-safe base64. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether `text` is an uncompressed P-256 public key in URL-safe base64 (shape only). */
export function isP256PublicKey(text: string): boolean {
  const bytes = decodeBase64Url(text);
  return bytes !== null && bytes.length === P256DH_BYTES && bytes[0] === 0x04;
}

/** Whether `text` is `bytes` bytes of URL-safe base64. */
function isBase64UrlOfLength(text: string, bytes: number): boolean {
  return decodeBase64Url(text)?.length === bytes;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|lan|home|arpa)$/i;

/**
 * The browsers' push services (Chrome, Edge, Samsung and Opera: Google's; Firefox: Mozilla's;
 * Safari: Apple's; older Edge: Windows'). The server sends to these only, so an endpoint can't
 * be a name of someone's that leads to an address inside our network.
 */
const PUSH_SERVICE_DOMAINS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
] as const;

const isPushService = (host: string) =>
  PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** Where a local run may also send: the local push service's origin (LOCAL_PUSH_SERVICE), or none. */
export interface EndpointOptions {
  localPushService: string | null;
}

/**
 * Why an endpoint is not one the server will send to, or null when it is: an
 * https URL on a public host name and the usual port (never an address, never
 * this machine or a private name, never with a user or password), so a member
 * can't easily point the server at something it should not call. A local
 * run may also take its local push service stand-in, at its own origin only:
 * no other port on this machine.
 */
export function endpointProblem(endpoint: string, { localPushService }: EndpointOptions) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The endpoint must be a URL.";
  }
  if (url.username || url.password) return "The endpoint must not carry a user name or password.";
  if (localPushService && url.origin === localPushService) return null;
  const host = url.hostname.toLowerCase();
  if (localPushService && LOOPBACK_HOST.test(host))
    return `The only push service on this computer is the local one, at ${localPushService}.`;
  if (url.protocol !== "https:") return "The endpoint must be an https URL.";
  // Push services listen on https's own port; another port is another kind of server.
  if (IP_LITERAL.test(host) || !host.includes(".") || PRIVATE_NAME.test(host) || url.port !== "")
    return "The endpoint must be a push service's public address.";
  if (!isPushService(host)) return "The endpoint must be a browser's push service.";
  return null;
}

/**
 * What the device sends: `{ endpoint, keys: { p256dh, auth } }` to save its
 * subscription (PushSubscription.toJSON(); other fields are ignored), or
 * `{ endpoint, unsubscribe: true }` to take it back.
 */
function pushSubscriptionSchemas(options: EndpointOptions) {
  const endpoint = z.string({ error: "Send the subscription's endpoint." }).check(
    z.trim(),
    z.minLength(1, "Send the subscription's endpoint."),
    z.maxLength(ENDPOINT_MAX_LENGTH, `The endpoint can have at most ${ENDPOINT_MAX_LENGTH} characters.`),
    z.superRefine((value, ctx) => {
      const problem = endpointProblem(value, options);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: value });
    }),
  );
  const keyText = (max: number, message: string) =>
    z.string({ error: message }).check(z.trim(), z.maxLength(max, message));
  const p256dhMessage = "keys.p256dh must be the browser's P-256 public key: 65 bytes in URL-safe base64.";
  const authMessage = "keys.auth must be the browser's auth secret: 16 bytes in URL-safe base64.";
  return {
    subscribe: z.object({
      endpoint,
      keys: z.object(
        {
          p256dh: keyText(100, p256dhMessage).check(z.refine(isP256PublicKey, p256dhMessage)),
          auth: keyText(40, authMessage).check(
            z.refine((value) => isBase64UrlOfLength(value, AUTH_SECRET_BYTES), authMessage),
          ),
        },
        { error: "Send keys: { p256dh, auth }, as the browser's subscription gives them." },
      ),
    }),
    unsubscribe: z.object({ endpoint, unsubscribe: z.literal(true) }),
  };
}

export type PushSubscriptionRequest =
  { endpoint: string; unsubscribe: true } | { endpoint: string; keys: { p256dh: string; auth: string } };

const SHAPE = "Send { endpoint, keys: { p256dh, auth } }, or { endpoint, unsubscribe: true }.";

/** What a body asks for, or its first problem in words. */
export function readPushSubscriptionBody(
  body: unknown,
  options: EndpointOptions,
): { ok: true; value: PushSubscriptionRequest } | { ok: false; error: string } {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return { ok: false, error: SHAPE };
  const schemas = pushSubscriptionSchemas(options);
  const result =
    (body as { unsubscribe?: unknown }).unsubscribe === true
      ? z.safeParse(schemas.unsubscribe, body)
      : z.safeParse(schemas.subscribe, body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? SHAPE };
}
