import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { authMessages } from "~/modules/accounts/providers.ts";
import { signOut } from "~/modules/accounts/sign-in.server.ts";
import { redirectWithFlash } from "~/modules/site/flash.server.ts";
import { services } from "~/request.server.ts";

/** POST only: ends the session, says so, and goes home. */
export async function action(args: Route.ActionArgs) {
  const { auth, flash } = services(args);
  const outcome = await signOut(auth, args.request.headers);
  if (!outcome.ok)
    return data({ error: outcome.message || authMessages.signOutFailed }, { status: outcome.status });
  return redirectWithFlash(flash, "/", { type: "success", message: authMessages.signedOut }, outcome.cookies);
}

export function loader() {
  return redirect("/");
}
