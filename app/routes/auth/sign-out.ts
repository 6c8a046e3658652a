import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { authMessages } from "#app/modules/accounts/providers.ts";
import { signOut } from "#app/modules/accounts/sign-in.server.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { services } from "#app/request.server.ts";

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
