import { data } from "react-router";
import type { Route } from "./+types/error";
import { isLocalDemoVisitor } from "#app/request.server.ts";

/** The screens a visitor meets only when something is refused or breaks, on demand. */
const SHOWN = new Set(["401", "403", "500"]);

/**
 * `/dev/error/401`, `/403` and `/500`: the app's own error screen for that
 * status, so it can be looked at and tested. Only on a demo run and to a
 * visitor on this machine, as the local outbox; a plain 404 anywhere else.
 */
export function loader(args: Route.LoaderArgs) {
  if (!isLocalDemoVisitor(args) || !SHOWN.has(args.params.status)) throw data(null, { status: 404 });
  throw data(null, { status: Number(args.params.status) });
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** A page route (not a resource route), so what its loader throws is shown by the app's error screens. */
export default function ErrorOnDemand() {
  return null;
}
