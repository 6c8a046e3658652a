import type { Route } from "./+types/library";
import { DownloadAllForLabour } from "~/components/offline/download-all.tsx";
import { CompleteCourseNote } from "~/components/portal/complete-course-note.tsx";
import { LibraryTrackRow } from "~/components/portal/library-track-row.tsx";
import { viewerOf } from "~/modules/catalogue/access.ts";
import { libraryFor } from "~/modules/catalogue/library.server.ts";
import { LABOUR_TRACK_IDS } from "~/modules/labour/playlist.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { coursePrice, services, signedInMember } from "~/services.server.ts";
import { countOf } from "~/modules/site/plural.ts";

export function meta() {
  return [{ title: `Your library · ${BRAND.name}` }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const { env, mediaFacts } = services(args);
  const groups = await libraryFor(viewerOf(member), env.PARTNER_COURSE, mediaFacts);
  return { groups, hasPremium: member.hasPremium, price: coursePrice(args) };
}

export default function Library({ loaderData }: Route.ComponentProps) {
  const forLabour = loaderData.groups
    .flatMap((group) => group.tracks)
    .filter((track) => !track.locked && (LABOUR_TRACK_IDS as readonly string[]).includes(track.id));
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your library</h1>
      <p className="mt-2 measure text-lg text-ink-soft">
        Find a comfortable spot, press play, and let the session do the rest. Your place is kept if you stop
        halfway.
      </p>
      <div className="mt-8 grid gap-10">
        {loaderData.hasPremium ? null : <CompleteCourseNote price={loaderData.price} />}
        <DownloadAllForLabour tracks={forLabour} />
        {loaderData.groups.map((group) => (
          <section key={group.tier} aria-labelledby={`library-${group.tier}`}>
            <div className="flex flex-wrap items-baseline gap-x-3">
              <h2 id={`library-${group.tier}`} className="text-2xl font-semibold">
                {group.title}
              </h2>
              <p className="text-ink-soft">
                {group.comingSoon ? (
                  <span className="rounded-full bg-lavender-soft px-2.5 py-0.5 text-sm font-medium text-plum-deep">
                    Coming Soon
                  </span>
                ) : (
                  countOf(group.tracks.length, "track")
                )}
              </p>
            </div>
            {group.tracks.length === 0 ? (
              <p className="mt-3 rounded-2xl border border-dashed border-line bg-white/60 p-5 text-ink-soft">
                Sessions made especially for birth partners are on their way. In the meantime, Breathing &amp;
                Bonding is a lovely one to share.
              </p>
            ) : (
              <ul className="mt-4 grid gap-3">
                {group.tracks.map((track) => (
                  <li key={track.id}>
                    <LibraryTrackRow track={track} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
