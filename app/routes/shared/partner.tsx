import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/partner";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { Logo } from "#app/components/logo.tsx";
import { PartnerSummary } from "#app/components/partner/partner-summary.tsx";
import { PartnerTips } from "#app/components/partner/partner-tips.tsx";
import { PartnerWeek } from "#app/components/partner/partner-week.tsx";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { partnerView } from "#app/modules/partner/share.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { PRIVATE_PAGE_HEADERS } from "#app/modules/site/private-page.ts";
import { db, now } from "#app/request.server.ts";

/** The birth partner's read-only view: unknown or turned-off links are simply not found. */
export async function loader(args: Route.LoaderArgs) {
  const view = await partnerView(db(args), args.params.token, {
    now: now(args),
    clientIp: args.request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
  });
  if (view === "limited") throw data(null, { status: 429, headers: PRIVATE_PAGE_HEADERS });
  if (!view) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  return data({ view }, { headers: PRIVATE_PAGE_HEADERS });
}

/** For the page and for a dead link's 404 alike (rendered by this route's own boundary below). */
export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

/** A dead link stays on this route, so its 404 keeps the headers above: the token never leaks as a Referer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main">
      {isRouteErrorResponse(error) && error.status === 404 ? (
        // A birth partner opening a link that was turned off: say so kindly, not "page not found".
        <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
          <Logo />
          <h1 className="mt-8 text-3xl font-semibold md:text-4xl">This link isn't active</h1>
          <p className="mt-3 max-w-md text-lg text-ink-soft">
            The person who shared it may have turned it off. Ask them for a new link to follow along.
          </p>
        </section>
      ) : (
        <RouteErrorScreen error={error} />
      )}
    </main>
  );
}

export function meta() {
  return [
    { title: `Following along · ${BRAND.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function PartnerPage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <div className="min-h-screen">
      <header className="border-b border-line">
        <div className="container-page flex h-16 items-center">
          <Logo />
        </div>
      </header>
      <main id="main" className="container-page grid max-w-3xl gap-6 py-10">
        <div>
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">
            For the birth partner
          </p>
          <h1 className="mt-2 text-3xl font-semibold md:text-4xl">
            Following {view.firstName}'s preparation
          </h1>
          <p className="mt-2 text-lg text-ink-soft">
            {view.firstName} shared this page so you can see how the practice is going and how to help. It
            updates each time they practise.
          </p>
          {view.babyArrived ? (
            <p className="mt-3 text-lg">
              {view.firstName}'s baby has arrived. Congratulations. Rest when you can, and take these early
              days gently, one at a time.
            </p>
          ) : null}
        </div>

        <PartnerSummary view={view} />

        <PartnerWeek week={view.week} days={view.thisWeek} />
        <PartnerTips />
      </main>
    </div>
  );
}
