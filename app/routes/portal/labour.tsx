import type { Route } from "./+types/labour";
import { LabourScreen } from "~/components/labour/labour-screen.tsx";
import { labourScreenFor } from "~/modules/labour/playlist.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { signedInMember } from "~/services.server.ts";

export function meta() {
  return [{ title: `Labour mode · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** Whose device record to open, and the labour tracks she may play; everything else lives on the device. */
export function loader(args: Route.LoaderArgs) {
  return labourScreenFor(signedInMember(args));
}

export default function Labour({ loaderData }: Route.ComponentProps) {
  return <LabourScreen {...loaderData} />;
}
