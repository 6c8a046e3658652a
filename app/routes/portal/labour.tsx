import type { Route } from "./+types/labour";
import { LabourScreen } from "#app/components/labour/labour-screen.tsx";
import { loadLabourScreen } from "#app/modules/labour/history.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { db, signedInMember, signedInMemberKey } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Labour mode · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** Whose device record to open, the history saved to her account, and the labour tracks she may play. */
export function loader(args: Route.LoaderArgs) {
  return loadLabourScreen(db(args), signedInMember(args), signedInMemberKey(args));
}

export default function Labour({ loaderData }: Route.ComponentProps) {
  return <LabourScreen {...loaderData} />;
}
