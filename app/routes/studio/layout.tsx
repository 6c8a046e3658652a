import { data, Outlet, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/layout";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { StudioShell } from "#app/components/studio/studio-shell.tsx";
import { unreadThreadCount } from "#app/modules/contact/inbox.server.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { readsAgainAfter } from "#app/modules/site/preview.ts";
import { studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { OWNER_ROLE, studioAccess } from "#app/modules/studio/gate.ts";
import { studioTimeZoneSetting } from "#app/modules/studio/settings.server.ts";
import { studioVisit } from "#app/modules/studio/studio.server.ts";
import { db, services, servicesContext, now } from "#app/request.server.ts";

const CHECK_PATH = "/studio/check";
/** Where an owner gives her second factor: open to her before it is given. */
const BEFORE_CHECK = new Set([CHECK_PATH, "/studio/passkey"]);

/**
 * The studio's gate: an owner whose session completed the second factor in
 * the last 12 hours. Anyone else is sent to sign in, refused, or asked for
 * the second factor (set it up first if she has none). Nothing here is kept
 * by any cache (server/app.ts says so for every answer under /studio).
 */
const requireOwner: Route.MiddlewareFunction = async ({ context, request, url }, next) => {
  const appServices = context.get(servicesContext);
  const visit = await studioVisit(
    appServices.auth,
    appServices.database.db,
    request.headers,
    appServices.clock.now(),
  );
  if (visit.access === "sign-in") {
    // Signed in, she comes back to the page she was opening.
    const next = encodeURIComponent(`${url.pathname}${url.search}`);
    throw await redirectWithFlash(appServices.flash, `/auth?tier=signin&next=${next}`, {
      type: "info",
      message: "Please sign in to open the studio.",
    });
  }
  if (visit.access === "refused") {
    throw data("The studio is for the course's owner.", { status: 403 });
  }
  if (visit.access !== "open" && !BEFORE_CHECK.has(url.pathname)) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(`${CHECK_PATH}?next=${encodeURIComponent(back)}`);
  }
  context.set(studioOwnerContext, visit.owner);
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [requireOwner];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const owner = args.context.get(studioOwnerContext);
  const { env } = services(args);
  // Only once she is through the second factor; one count from the inbox's own index.
  const open =
    owner !== null &&
    studioAccess({ role: OWNER_ROLE, twoFactorEnabled: true, checkedAt: owner.checkedAt }, now(args)) ===
      "open";
  const [inboxUnread, zone] = open
    ? await Promise.all([unreadThreadCount(db(args)), studioTimeZoneSetting(db(args), owner.id)])
    : [0, null];
  // Her clock for every time on the page: her zone, and this moment for "today".
  const clock = zone ? { ...zone, now: now(args).toISOString() } : null;
  return {
    owner: owner ? { name: owner.name, email: owner.email } : null,
    demo: env.demo,
    inboxUnread,
    clock,
  };
}

/** Read again on every visit and after every change: the clock's "today" and the inbox's count are the moment's. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, currentUrl, nextUrl }) =>
  !formData || readsAgainAfter({ intent: formData.get("intent"), from: currentUrl, to: nextUrl });

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StudioShell owner={loaderData.owner} inboxUnread={loaderData.inboxUnread} clock={loaderData.clock}>
      <Outlet />
    </StudioShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StudioShell owner={null}>
      <RouteErrorScreen error={error} />
    </StudioShell>
  );
}
