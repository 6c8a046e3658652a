import type { Route } from "./+types/export";
import { exportMemberData } from "#app/modules/profile/data-export.server.ts";
import { db, signedInMember } from "#app/request.server.ts";

/** GET /portal/profile/export: everything we hold about the signed-in member, as a JSON download. */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const body = await exportMemberData(db(args), member.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tidewell-my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
