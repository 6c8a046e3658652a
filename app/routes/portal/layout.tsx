import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { PlayerProvider } from "#app/components/player/player-context.tsx";
import { PortalShell } from "#app/components/portal/portal-shell.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { signInPrompt } from "#app/modules/accounts/providers.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { playableTrackIds, viewerOf } from "#app/modules/catalogue/access.ts";
import { offeredCourseOrder, playable } from "#app/modules/catalogue/tracks.ts";
import { trackForToday } from "#app/modules/program/program.server.ts";
import {
  db,
  memberContext,
  memberToday,
  servicesContext,
  signedInMember,
  signedInMemberKey,
} from "#app/request.server.ts";

/** Every /portal page needs a session; without one, off to /auth with a word about why. */
const requireMember: Route.MiddlewareFunction = async ({ context, url }, next) => {
  if (!context.get(memberContext)) {
    throw await redirectWithFlash(context.get(servicesContext).flash, "/auth", {
      type: "info",
      message: signInPrompt(url.pathname),
    });
  }
  const response = await next();
  // A member's pages are theirs alone: never stored by a shared cache.
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [requireMember];

/** The portal installs as an app (public/manifest.webmanifest); public pages don't ask for it. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const day = memberToday(args);
  const today = await trackForToday(db(args), member.id, day, {
    signedIn: true,
    hasPremium: member.hasPremium,
  });
  // The sessions she may keep downloaded: the device removes any other (after a refund, say).
  const entitled = playableTrackIds(viewerOf(member));
  // Whose things the device keeps (the same key as the member header): only hers are shown and sent for her.
  const memberKey = signedInMemberKey(args);
  // The day this data is for: a page kept on the device and opened offline on a later day is out of date.
  // The player's previous and next follow the owner's order (the browser knows only the course's).
  const sessionOrder = offeredCourseOrder();
  return { member, today: playable(today), entitled, memberKey, day, sessionOrder };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PlayerProvider memberKey={loaderData.memberKey} sessionOrder={loaderData.sessionOrder}>
      <PortalShell member={loaderData.member} today={loaderData.today} entitled={loaderData.entitled}>
        <Outlet />
      </PortalShell>
    </PlayerProvider>
  );
}

/** A page's failure keeps the portal around it (when the member is known), so the way on is right there. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/portal/layout");
  const member = layout?.member;
  if (!member) {
    return (
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <main id="main" className="flex-1">
          <RouteErrorScreen error={error} />
        </main>
      </div>
    );
  }
  return (
    <PlayerProvider memberKey={layout.memberKey} sessionOrder={layout.sessionOrder}>
      <PortalShell member={member} today={layout.today} entitled={layout.entitled}>
        <RouteErrorScreen error={error} />
      </PortalShell>
    </PlayerProvider>
  );
}
