import type { Route } from "./+types/content";
import { studioContent } from "#app/modules/studio/content.server.ts";
import { contentStanding } from "#app/modules/studio/content-standing.ts";
import { captions, services } from "#app/request.server.ts";
import { Link } from "react-router";
import { STUDIO_LINK, StudioTable } from "#app/components/studio/studio-table.tsx";
import { countOf } from "#app/modules/words/plural.ts";

export const meta: Route.MetaFunction = () => [{ title: "Content · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const { mediaFacts, env } = services(args);
  return studioContent(mediaFacts, env.PARTNER_COURSE, await captions(args));
}

const ACCESS_WORDS = { free: "Free", premium: "Complete Course", partner: "Partner (through her course)" };
const minutes = (seconds: number | null) => (seconds === null ? null : `${Math.round(seconds / 60)} min`);
const cell = "px-4 py-2";

export default function StudioContent({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold">Content</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        The sessions and guides members see, and whether each one&apos;s file is in place.
      </p>
      <ul aria-label="Where things stand" className="mt-4 grid max-w-2xl gap-1">
        {contentStanding(loaderData).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-4 max-w-2xl text-ink-soft">
        To add or replace a recording or a guide, send its file to whoever looks after the site. A
        session&apos;s transcript comes with its recording: it is the recording&apos;s captions.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Sessions</h2>
      <StudioTable
        caption="Sessions, in the course's order"
        columns={["Session", "Course", "Who can play it", "State", "Recording", "Transcript", "Captions"]}
        className="mt-3"
      >
        {loaderData.tracks.map((track) => (
          <tr key={track.id} className="border-b border-ink/5 last:border-0">
            <td className={cell}>{track.title}</td>
            <td className={cell}>{track.group}</td>
            <td className={cell}>{ACCESS_WORDS[track.access]}</td>
            <td className={cell}>{track.state === "published" ? "Published" : "Coming soon"}</td>
            <td className={cell}>
              {minutes(track.seconds) ?? (
                <span className="font-medium text-danger">Missing: {track.file}</span>
              )}
            </td>
            <td className={cell}>
              {track.cues === null ? "No transcript yet" : countOf(track.cues, "caption")}
            </td>
            <td className={cell}>
              <Link
                to={`/studio/content/${track.id}/captions`}
                aria-label={`Fix captions: ${track.title}`}
                className={STUDIO_LINK}
              >
                Fix captions
              </Link>
            </td>
          </tr>
        ))}
      </StudioTable>
      <h2 className="mt-8 text-xl font-semibold">Guides</h2>
      <StudioTable caption="Guides" columns={["Guide", "Who can have it", "File"]} className="mt-3">
        {loaderData.guides.map((guide) => (
          <tr key={guide.id} className="border-b border-ink/5 last:border-0">
            <td className={cell}>{guide.title}</td>
            <td className={cell}>{guide.access === "free" ? "Free" : "Complete Course"}</td>
            <td className={cell}>
              {guide.pages === null ? (
                <span className="font-medium text-danger">Missing: {guide.file}</span>
              ) : (
                countOf(guide.pages, "page")
              )}
            </td>
          </tr>
        ))}
      </StudioTable>
    </>
  );
}
