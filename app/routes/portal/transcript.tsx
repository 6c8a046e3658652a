import { data, Link } from "react-router";
import type { Route } from "./+types/transcript";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { CompleteCourseNote } from "#app/components/portal/complete-course-note.tsx";
import { TranscriptReader } from "#app/components/transcripts/transcript-reader.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { findTrack, isWithheld, playable } from "#app/modules/catalogue/tracks.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import {
  PARTNER_TRANSCRIPT_MESSAGE,
  TRANSCRIPT_MESSAGES,
} from "#app/modules/transcripts/transcripts.server.ts";
import { captions, coursePrice, signedInMember } from "#app/request.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const track = findTrack(args.params.trackId);
  const member = signedInMember(args);
  const viewer = viewerOf(member);
  // A session the owner marked coming soon is, to members, not there yet.
  if (!track || (isWithheld(track) && !viewer.isOwner)) throw data(null, { status: 404 });
  const session = playable(track);
  const published = await captions(args);
  const access = published.access(viewer, track.id);
  if (access === "read") {
    return { state: "read" as const, session, paragraphs: published.transcriptOf(track.id)!.paragraphs };
  }
  if (access === "not-found") return { state: "missing" as const, session };
  // A premium session's words are premium too: the title and the way to them, never the text.
  return {
    state: "locked" as const,
    session,
    message: member.isPartner ? PARTNER_TRANSCRIPT_MESSAGE : TRANSCRIPT_MESSAGES.premium,
    // A birth partner is never offered the course to buy.
    price: member.isPartner ? null : coursePrice(args),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.session.title}: transcript` : "Transcript not found";
  return [{ title: `${title} · ${BRAND.name}` }];
}

export default function TranscriptPage({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  return (
    <article className="container-page py-8 md:py-12">
      <Button asChild variant="ghost" className="-ml-4">
        <Link to="/portal/library">
          <ArrowLeft aria-hidden="true" /> Back to your library
        </Link>
      </Button>
      <h1 className="mt-4 text-3xl font-semibold md:text-4xl">{session.title}: transcript</h1>
      {loaderData.state === "read" ? (
        <>
          <p className="mt-2 measure text-lg text-ink-soft">
            Every word of the session, to read along as you listen or on its own in a quiet room. Choose a
            time to listen from there.
          </p>
          <TranscriptReader session={session} paragraphs={loaderData.paragraphs} />
        </>
      ) : loaderData.state === "locked" ? (
        <>
          <p className="mt-2 measure text-lg text-ink-soft">{loaderData.message}</p>
          {loaderData.price === null ? null : (
            <div className="mt-8 max-w-3xl">
              <CompleteCourseNote price={loaderData.price} />
            </div>
          )}
        </>
      ) : (
        <p className="mt-2 measure text-lg text-ink-soft">
          This session's transcript isn't ready yet. The session itself is in your library, ready to play.
        </p>
      )}
    </article>
  );
}

/** An unknown session keeps the portal around it, so the way back is still there. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} />;
}
