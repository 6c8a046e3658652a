import { createCookie } from "react-router";
import { deviceAfter, type SessionChange } from "./device.ts";

/**
 * What the browser clears when the device must keep nothing of anyone's: its
 * HTTP cache (and pages kept for the back button), and the site's storage:
 * Cache Storage (the worker's kept pages and downloads), localStorage,
 * IndexedDB (the outbox), and the service worker itself, which the next
 * portal page registers again. Cookies stay: the response sets the ones it
 * means to (a new session, a message for the next page).
 */
const CLEAR_SITE_DATA = '"cache", "storage"';

/** The browser's own limit for a cookie's life (400 days). */
const DEVICE_COOKIE_DAYS = 400;

/**
 * The member whose things the device keeps (her member key), for the server
 * only. Not signed: it is read on every member request, and a forged one can
 * only ask for the device to be cleared, or name a member key the forger would
 * have to have been sent.
 */
export function createDeviceCookie(secure: boolean) {
  return createCookie("tidewell_holder", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export type DeviceCookie = ReturnType<typeof createDeviceCookie>;

/** The member key the device holds things for, or null. */
export async function deviceHolder(cookie: DeviceCookie, cookieHeader: string | null | undefined) {
  const value: unknown = await cookie.parse(cookieHeader ?? null);
  return typeof value === "string" ? value : null;
}

/**
 * Tells the browser, on the response, what its device keeps from now on: the
 * site's data cleared when it held (or may hold) anyone else's things
 * (`deviceAfter`), and the holder cookie set or removed to match.
 */
export async function markDevice(
  cookie: DeviceCookie,
  request: Headers,
  response: Headers,
  after: { member: string | null; event: SessionChange },
): Promise<void> {
  const holder = await deviceHolder(cookie, request.get("cookie"));
  const next = deviceAfter({ holder, ...after });
  if (next.clear) response.set("Clear-Site-Data", CLEAR_SITE_DATA);
  if (next.holder === undefined) return;
  response.append(
    "Set-Cookie",
    next.holder === null ? await cookie.serialize("", { maxAge: 0 }) : await cookie.serialize(next.holder),
  );
}
