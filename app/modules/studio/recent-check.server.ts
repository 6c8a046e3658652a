import { redirect } from "react-router";
import { checkedJustNow, recentlyChecked } from "./gate.ts";

/**
 * A refund, a role change, a deletion, an export or a change to her passkeys
 * goes ahead only with the second factor given minutes ago (a recent check):
 * otherwise this throws the way to the check page, which brings her back
 * `here`. A page's form is redirected there; the passkey button's script,
 * which reads JSON, is told where the check is and goes there itself.
 */
export function requireRecentStudioCheck(
  owner: { checkedAt: Date | null },
  now: Date,
  here: string,
  answer: "page" | "script" = "page",
): void {
  if (recentlyChecked(owner.checkedAt, now)) return;
  toTheCheck(here, answer);
}

/**
 * New backup codes or a new authenticator go ahead only with the second
 * factor given just now (gate.ts says why): a passkey, a backup code or the
 * app's code, on the check page, then straight back `here`. A lost
 * authenticator is replaced this way with a passkey or a backup code.
 */
export function requireFreshStudioCheck(owner: { checkedAt: Date | null }, now: Date, here: string): void {
  if (checkedJustNow(owner.checkedAt, now)) return;
  toTheCheck(here, "page");
}

function toTheCheck(here: string, answer: "page" | "script"): never {
  const check = `/studio/check?again=1&next=${encodeURIComponent(here)}`;
  if (answer === "page") throw redirect(check);
  throw Response.json({ error: "Enter your authenticator's code again first.", check }, { status: 403 });
}
