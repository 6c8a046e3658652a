import type { Route } from "./+types/words";
import { WordsList } from "#app/components/studio/words-list.tsx";
import { studioWordsList } from "#app/modules/studio/words.server.ts";
import { db } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Words · Tidewell Studio" }];

/** Every piece of the site's words she can edit, with where each stands. */
export async function loader(args: Route.LoaderArgs) {
  return { pieces: await studioWordsList(db(args)) };
}

export default function StudioWords({ loaderData }: Route.ComponentProps) {
  return <WordsList pieces={loaderData.pieces} />;
}
