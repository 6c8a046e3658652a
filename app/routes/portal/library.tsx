import { Headphones, Lock, Pause, Play } from "~/components/ui/icons.tsx";
import type { Route } from "./+types/library";
import { playAudioTrack } from "~/components/player/play-event.ts";
import { usePlayer } from "~/components/player/player-context.tsx";
import { CompleteCourseNote } from "~/components/portal/complete-course-note.tsx";
import { cn } from "~/components/ui/cn.ts";
import { canPlayTrack } from "~/modules/catalogue/access.ts";
import { formatDuration } from "~/modules/catalogue/format.ts";
import { COURSE_GROUPS, tracksIn } from "~/modules/catalogue/tracks.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { coursePrice, services, signedInMember } from "~/services.server.ts";
import { countOf } from "~/modules/site/plural.ts";

export function meta() {
  return [{ title: `Your library · ${BRAND.name}` }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const { mediaFacts } = services(args);
  const viewer = { signedIn: true, hasPremium: member.hasPremium };
  const groups = await Promise.all(
    COURSE_GROUPS.map(async (group) => ({
      ...group,
      tracks: await Promise.all(
        tracksIn(group.tier).map(async (track) => ({
          id: track.id,
          title: track.title,
          description: track.description,
          audioFile: track.audioFile,
          courseTier: track.courseTier,
          duration: formatDuration(await mediaFacts.audioDuration(track.audioFile)),
          locked: !canPlayTrack(viewer, track),
        })),
      ),
    })),
  );
  return { groups, hasPremium: member.hasPremium, price: coursePrice(args) };
}

type LibraryTrack = Awaited<ReturnType<typeof loader>>["groups"][number]["tracks"][number];

export default function Library({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your library</h1>
      <p className="mt-2 measure text-lg text-ink-soft">
        Find a comfortable spot, press play, and let the session do the rest. Your place is kept if you stop
        halfway.
      </p>
      <div className="mt-8 grid gap-10">
        {loaderData.hasPremium ? null : <CompleteCourseNote price={loaderData.price} />}
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
                    <TrackRow track={track} />
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

function TrackRow({ track }: { track: LibraryTrack }) {
  const player = usePlayer();
  const current = player.track?.id === track.id;
  const playing = current && player.status !== "paused";
  // The title is the control; the whole card answers to it (a stretched click area).
  const stretched = "after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none";
  return (
    <div
      className={cn(
        "relative flex w-full items-center gap-4 rounded-2xl border bg-white p-4 shadow-soft transition-colors duration-200 hover:border-plum/40 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-plum",
        current ? "border-plum/50" : "border-line",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex size-12 shrink-0 items-center justify-center rounded-full",
          current
            ? "bg-plum text-cream"
            : track.locked
              ? "bg-sand text-ink-soft"
              : "bg-lavender-soft text-plum",
        )}
      >
        {track.locked ? (
          <Lock className="size-5" />
        ) : playing ? (
          <Pause className="size-5" />
        ) : (
          <Play className="ml-0.5 size-5" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        {track.locked ? (
          <span className="block font-semibold text-ink">
            {track.title}
            <span className="sr-only">: in the Complete Course</span>
          </span>
        ) : (
          <button
            type="button"
            className={cn("block text-left font-semibold text-ink", stretched)}
            onClick={() =>
              current
                ? player.toggle()
                : playAudioTrack({
                    id: track.id,
                    title: track.title,
                    audioFile: track.audioFile,
                    courseTier: track.courseTier,
                  })
            }
          >
            <span className="sr-only">{playing ? "Pause " : "Play "}</span>
            {track.title}
          </button>
        )}
        <span className="block text-[0.95rem] text-ink-soft">{track.description}</span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1 text-sm text-ink-soft">
        {track.duration ? (
          <span className="inline-flex items-center gap-1">
            <Headphones aria-hidden="true" className="size-4" /> {track.duration}
          </span>
        ) : null}
        {track.locked ? <span className="font-medium">Complete Course</span> : null}
      </span>
    </div>
  );
}
