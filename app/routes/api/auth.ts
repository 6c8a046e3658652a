import type { Route } from "./+types/auth";
import { services } from "#app/request.server.ts";

/** Better Auth's own endpoints (/api/auth/*): sign-in links, OAuth callbacks and the rest. */
export function loader(args: Route.LoaderArgs) {
  return services(args).auth.handler(args.request);
}

export function action(args: Route.ActionArgs) {
  return services(args).auth.handler(args.request);
}
