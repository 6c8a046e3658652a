import type { Route } from "./+types/content";
import { studioContent } from "#app/modules/studio/content.server.ts";
import { services } from "#app/request.server.ts";
import { StudioTable } from "#app/components/studio/studio-table.tsx";
import { countOf } from "#app/modules/words/plural.ts";

export const meta: Route.MetaFunction = () => [{ title: "Content · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const { mediaFacts, env } = services(args);
  return studioContent(mediaFacts, env.PARTNER_COURSE);
}

const ACCESS_WORDS = { free: "Free", premium: "Complete Course", partner: "Partner (through her course)" };
const minutes = (seconds: number | null) => (seconds === null ? null : `${Math.round(seconds / 60)} min`);
const cell = "px-4 py-2";

export default function StudioContent({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold">Content</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        The sessions and guides members see, and whether each file is in place. Recordings and guides are
        changed by uploading their files (README, "Content"); a recording's transcript is its captions file
        beside it (docs/transcripts.md).
      </p>
      <h2 className="mt-8 text-xl font-semibold">Sessions</h2>
      <StudioTable
        caption="Sessions, in the course's order"
        columns={["Session", "Course", "Who can play it", "State", "Recording", "Transcript"]}
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
              {track.cues === null ? "No transcript yet" : `Captions: ${countOf(track.cues, "cue")}`}
            </td>
          </tr>
        ))}
      </StudioTable>
      <h2 className="mt-8 text-xl font-semibold">Guides</h2>
      <StudioTable caption="Guides" columns={["Guide", "Who can download it", "File"]} className="mt-3">
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
