import { Link } from "react-router";
import type { Route } from "./+types/library";
import { DownloadAllForLabour } from "#app/components/offline/download-all.tsx";
import { CompleteCourseNote } from "#app/components/portal/complete-course-note.tsx";
import { LibraryTrackRow, lockedInHers } from "#app/components/portal/library-track-row.tsx";
import { SessionSearchForm, TranscriptMatch } from "#app/components/portal/session-search.tsx";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { libraryFor } from "#app/modules/catalogue/library.server.ts";
import { readResourceFilter } from "#app/modules/catalogue/resource-search.ts";
import { LABOUR_TRACK_IDS } from "#app/modules/labour/playlist.ts";
import { herFirstNameFor } from "#app/modules/partner/portal.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { findSessions } from "#app/modules/transcripts/transcript-search.server.ts";
import { sessionCountText } from "#app/modules/transcripts/transcript-search.ts";
import { captions, coursePrice, db, services, signedInMember } from "#app/request.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

export function meta() {
  return [{ title: `Your library · ${BRAND.name}` }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const { env, mediaFacts } = services(args);
  const viewer = viewerOf(member);
  const [groups, herFirstName, published] = await Promise.all([
    libraryFor(viewer, env.PARTNER_COURSE, mediaFacts),
    // A birth partner's library speaks of her course, never of buying one.
    member.isPartner ? herFirstNameFor(db(args), member) : null,
    captions(args),
  ]);
  // `?q=`: the sessions whose title, description or (if she may play them) words hold the search.
  const query = readResourceFilter(new URL(args.request.url).searchParams).query;
  const search =
    query.trim() === ""
      ? null
      : {
          query,
          matches: findSessions(
            published,
            viewer,
            groups.flatMap((group) => group.tracks),
            query,
          ),
        };
  return {
    groups,
    search,
    hasPremium: member.hasPremium,
    herFirstName,
    price: coursePrice(args),
  };
}

export default function Library({ loaderData }: Route.ComponentProps) {
  const { search, herFirstName } = loaderData;
  const lockedIn = herFirstName ? lockedInHers(herFirstName) : undefined;
  const forLabour = loaderData.groups
    .flatMap((group) => group.tracks)
    .filter((track) => !track.locked && (LABOUR_TRACK_IDS as readonly string[]).includes(track.id));
  const excerpts = new Map(search?.matches.map((match) => [match.id, match.excerpt]));
  // While searching, each group shows only what was found, and a group with nothing found is left out.
  const groups = search
    ? loaderData.groups
        .map((group) => ({ ...group, tracks: group.tracks.filter((track) => excerpts.has(track.id)) }))
        .filter((group) => group.tracks.length > 0)
    : loaderData.groups;
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your library</h1>
      <p className="mt-2 measure text-lg text-ink-soft">
        Find a comfortable spot, press play, and let the session do the rest. Your place is kept if you stop
        halfway.
      </p>
      {herFirstName ? (
        <p className="mt-2 measure text-ink-soft">
          The sessions made for birth partners, and Breathing &amp; Bonding to practise with {herFirstName},
          come with her Complete Course: there's nothing for you to buy.
        </p>
      ) : null}
      <div className="mt-6 md:mt-8">
        <SessionSearchForm query={search?.query ?? ""} action="/portal/library" />
        <p role="status" aria-atomic="true" className="mt-3 text-sm font-medium text-ink-soft">
          {search ? `${sessionCountText(search.matches.length)} found for “${search.query}”` : ""}
        </p>
      </div>
      <div className="mt-6 grid gap-10">
        {loaderData.hasPremium || herFirstName || search ? null : (
          <CompleteCourseNote price={loaderData.price} />
        )}
        {search ? null : <DownloadAllForLabour tracks={forLabour} />}
        {search && groups.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-white/60 p-5 text-ink-soft">
            No session mentions “{search.query}”. We may use a different word for it: try a shorter one, or{" "}
            <Link
              to="/portal/library"
              className="font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
            >
              see every session
            </Link>
            .
          </p>
        ) : null}
        {groups.map((group) => (
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
                {loaderData.hasPremium
                  ? "Your birth partner has the sessions made for them, and Breathing & Bonding to share with you, on their own account through your course: invite them from your profile."
                  : "Sessions made especially for birth partners are on their way. In the meantime, Breathing & Bonding is a lovely one to share."}
              </p>
            ) : (
              <ul className="mt-4 grid gap-3">
                {group.tracks.map((track) => {
                  const excerpt = excerpts.get(track.id);
                  return (
                    <li key={track.id}>
                      <LibraryTrackRow track={track} lockedIn={lockedIn} />
                      {excerpt ? <TranscriptMatch excerpt={excerpt} /> : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
