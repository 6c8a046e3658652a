import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url&no-inline";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url&no-inline";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { AppCrashScreen, RouteErrorScreen } from "./components/error-screens.tsx";
import { FlashMessage, SessionWatcher } from "./components/session-messages.tsx";
import { useRootData } from "./root-data.ts";
import { Toaster } from "./components/ui/toaster.tsx";
import { loadMember, memberAfter } from "./modules/accounts/session.server.ts";
import { markDevice } from "./modules/offline/device.server.ts";
import { offlineMemberKey } from "./modules/offline/member-key.server.ts";
import { MEMBER_HEADER, SIGNED_OUT } from "./modules/offline/protocol.ts";
import { BRAND } from "./modules/site/brand.ts";
import { takeFlash } from "./modules/site/flash.server.ts";
import { notAfterPreview } from "./modules/site/preview.ts";
import { memberContext, requestContext, services, servicesContext } from "./request.server.ts";
import "./app.css";

/** A request the server turned away (server/request-gate.ts) gets the error page for its status. */
const refusalMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  const { refusal } = context.get(requestContext);
  if (refusal) throw data(null, { status: refusal });
  return next();
};

/** The owner's session settings as published now, applied to the catalogue before any loader or action reads it. */
const catalogueMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  await context.get(servicesContext).sessionSettings.current();
  return next();
};

/**
 * Reads the session once per request; every loader below can ask for the member. The response says
 * whose session it leaves (signing in and out change it), and tells the browser to clear whatever the
 * device keeps when that is no longer the member it kept it for.
 */
const sessionMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const appServices = context.get(servicesContext);
  const { member, setCookies } = await loadMember(appServices, request.headers);
  context.set(memberContext, member);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  const after = await memberAfter(appServices, member, response.headers);
  const memberKey = after.member ? offlineMemberKey(appServices.secret, after.member.id) : null;
  // Whose page this is, for the service worker that keeps a member's pages on her device.
  response.headers.set(MEMBER_HEADER, memberKey ?? SIGNED_OUT);
  await markDevice(appServices.device, request.headers, response.headers, {
    member: memberKey,
    event: after.change,
  });
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [
  refusalMiddleware,
  catalogueMiddleware,
  sessionMiddleware,
];

/**
 * The two font files every page's text is set in, asked for with the page
 * rather than once the stylesheet is read: they arrive before first paint,
 * so the text does not reflow when they swap in (layout shift).
 */
export const links: Route.LinksFunction = () =>
  [interLatin, frauncesLatin].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous",
  }));

/** Not after a preview (preview.ts): its read would take the message a save left for the page. */
export const shouldRevalidate = notAfterPreview;

export async function loader(args: Route.LoaderArgs) {
  const { env, flash: flashCookie } = services(args);
  const { flash, clear } = await takeFlash(flashCookie, args.request);
  return data(
    {
      member: args.context.get(memberContext),
      flash,
      supportEmail: env.SUPPORT_EMAIL,
      baseUrl: env.BASE_URL,
      partnerCourse: env.PARTNER_COURSE,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf7f1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-cream focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <FlashMessage flash={data?.flash ?? null} />
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    // Marks the moment the page became interactive (used by the browser tests).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <SessionWatcher memberId={loaderData.member?.id ?? null} flash={loaderData.flash} />
      <Outlet />
    </>
  );
}

export function meta() {
  return [
    { title: `${BRAND.name}: ${BRAND.tagline}` },
    {
      name: "description",
      content:
        "An online hypnobirthing course for you and your birth partner: calming audio, a two-week preparation programme and clear, evidence-based guides.",
    },
  ];
}

/** Reached only when a layout's own error screen could not render. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  if (isRouteErrorResponse(error)) {
    return (
      <main id="main">
        <RouteErrorScreen error={error} />
      </main>
    );
  }
  return <AppCrashScreen supportEmail={data?.supportEmail ?? BRAND.defaultSupportEmail} />;
}
