import { redirect } from "react-router";
import type { Route } from "./+types/partner";
import { PartnerHome } from "#app/components/partner/partner-home.tsx";
import { partnerPortal } from "#app/modules/partner/portal.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { db, services, signedInMember, now } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Dashboard · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** A birth partner's dashboard: her week and weeks to go, their sessions, the days they practised together. */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const portal = await partnerPortal(
    { db: db(args), mediaFacts: services(args).mediaFacts },
    member,
    now(args),
  );
  // No one's partner (any more): the member's own dashboard.
  if (!portal) throw redirect("/portal");
  return { firstName: member.firstName, portal };
}

export default function PartnerDashboard({ loaderData }: Route.ComponentProps) {
  return <PartnerHome firstName={loaderData.firstName} portal={loaderData.portal} />;
}
