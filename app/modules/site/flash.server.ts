import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { KEEPING_HEADER } from "#app/modules/offline/protocol.ts";

/**
 * A message for the next page: set before a redirect, shown once (as a toast,
 * or as a banner when JavaScript is off), then cleared.
 */
const flashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(300),
  description: z.string().max(300).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

const FLASH_COOKIE_NAME = "tidewell_flash";

/** Any request carrying a flash message (the cookie's name has no prefix). */
export const FLASH_COOKIE = new RegExp(`(^|;\\s*)${FLASH_COOKIE_NAME}=`);

export function createFlashCookie(secret: string, secure: boolean) {
  return createCookie(FLASH_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: 60,
    secrets: [secret],
  });
}

export type FlashCookie = ReturnType<typeof createFlashCookie>;

/**
 * The pending message, if any, and the header that clears it. The service worker's own fetch of a
 * page to keep shows nobody anything: the message waits for the page she is opening.
 */
export async function takeFlash(
  cookie: FlashCookie,
  request: Request,
): Promise<{ flash: Flash | null; clear?: string }> {
  if (request.headers.has(KEEPING_HEADER)) return { flash: null };
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null };
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that carries a message for the next page, and any other cookies (a new session, say). */
export async function redirectWithFlash(
  cookie: FlashCookie,
  to: string,
  flash: Flash,
  cookies: string[] = [],
): Promise<Response> {
  const headers = new Headers();
  for (const value of cookies) headers.append("Set-Cookie", value);
  headers.append("Set-Cookie", await cookie.serialize(flash));
  return redirect(to, { headers });
}
