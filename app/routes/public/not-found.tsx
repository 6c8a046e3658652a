import { Home } from "#app/components/ui/icons.tsx";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "#app/components/ui/button.tsx";
import { requestLog } from "#app/request.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";

/** Any path no route matches: a real 404 status, logged, with a way home. */
export function loader(args: Route.LoaderArgs) {
  requestLog(args).warn({ path: new URL(args.request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `Page not found · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="font-serif text-7xl font-semibold text-plum" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-3xl font-semibold md:text-4xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-lg text-ink-soft">
        This page may have moved, or the link may have a typo in it.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" /> Return to Home
        </Link>
      </Button>
    </section>
  );
}
