import { data, Link } from "react-router";
import type { Route } from "./+types/content";
import { studioContent } from "#app/modules/studio/content.server.ts";
import { contentStanding } from "#app/modules/studio/content-standing.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { contentForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { answerMediaForm, studioMediaVersions } from "#app/modules/studio/media.server.ts";
import { answerSessionForm } from "#app/modules/studio/sessions.server.ts";
import { requireRecentStudioCheck } from "#app/modules/studio/recent-check.server.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { captions, db, now, services } from "#app/request.server.ts";
import { MediaUpload } from "#app/components/studio/media-upload.tsx";
import { SessionPlace, SessionState } from "#app/components/studio/session-controls.tsx";
import { VersionsOfContent } from "#app/components/studio/media-versions.tsx";
import { STUDIO_LINK, StudioTable } from "#app/components/studio/studio-table.tsx";
import { countOf } from "#app/modules/words/plural.ts";

export const meta: Route.MetaFunction = () => [{ title: "Content · Tidewell Studio" }];

const HERE = "/studio/content";

export async function loader(args: Route.LoaderArgs) {
  const { mediaFacts, env } = services(args);
  const [content, versions] = await Promise.all([
    studioContent(mediaFacts, env.PARTNER_COURSE, await captions(args)),
    studioMediaVersions(db(args)),
  ]);
  return { ...content, versions, maxMb: env.MEDIA_UPLOAD_MAX_MB };
}

/** Publishing a version, or a session's state or place, changes what members get: the recent check first. */
export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const read = readStudioForm(await args.request.formData(), contentForms);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  requireRecentStudioCheck(owner, now(args), HERE);
  const { publishedMedia, sessionSettings } = services(args);
  const { form } = read;
  const answer =
    form.intent === "publish"
      ? await answerMediaForm({ db: db(args), published: publishedMedia }, owner, form, now(args))
      : await answerSessionForm({ db: db(args), sessionSettings }, owner, form, now(args));
  if (!answer.ok) return data({ error: answer.message }, { status: answer.status });
  return redirectWithFlash(services(args).flash, HERE, { type: "success", message: answer.message });
}

const ACCESS_WORDS = { free: "Free", premium: "Complete Course", partner: "Partner (through her course)" };
const minutes = (seconds: number | null) => (seconds === null ? null : `${Math.round(seconds / 60)} min`);
const cell = "px-4 py-2";

export default function StudioContent({ loaderData, actionData }: Route.ComponentProps) {
  const { tracks, guides, versions, maxMb } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-semibold">Content</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        The sessions and guides members see, and whether each one&apos;s file is in place. A session marked
        coming soon is not listed or played until you publish it again.
      </p>
      <ul aria-label="Where things stand" className="mt-4 grid max-w-2xl gap-1">
        {contentStanding(loaderData).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-4 max-w-2xl text-ink-soft">
        To replace a recording (MP3, M4A or WAV) or a guide (PDF), up to {maxMb} MB, upload the new file: it
        becomes a new version, which members get once you publish it. Earlier versions stay, ready to restore.
      </p>
      {actionData?.error && (
        <p role="alert" className="mt-4 font-medium text-danger">
          {actionData.error}
        </p>
      )}
      <h2 className="mt-8 text-xl font-semibold">Sessions</h2>
      <StudioTable
        caption="Sessions, in the order members see them"
        columns={[
          "Session",
          "Course",
          "Who can play it",
          "State",
          "Place",
          "Recording",
          "Transcript",
          { label: "Replace", hidden: true },
        ]}
        className="mt-3"
      >
        {tracks.map((track) => (
          <tr key={track.id} className="border-b border-ink/5 last:border-0">
            <td className={cell}>{track.title}</td>
            <td className={cell}>{track.group}</td>
            <td className={cell}>{ACCESS_WORDS[track.access]}</td>
            <td className={cell}>
              <SessionState session={track} />
            </td>
            <td className={cell}>
              <SessionPlace session={track} />
            </td>
            <td className={cell}>
              {minutes(track.seconds) ?? (
                <span className="font-medium text-danger">Missing: {track.file}</span>
              )}
            </td>
            <td className={cell}>
              {track.cues === null ? "No transcript yet" : countOf(track.cues, "caption")}{" "}
              <Link
                to={`/studio/content/${track.id}/captions`}
                aria-label={`Fix captions: ${track.title}`}
                className={STUDIO_LINK}
              >
                Fix captions
              </Link>
            </td>
            <td className={cell}>
              <MediaUpload kind="recording" id={track.id} title={track.title} maxMb={maxMb} />
            </td>
          </tr>
        ))}
      </StudioTable>
      <h2 className="mt-8 text-xl font-semibold">Guides</h2>
      <StudioTable
        caption="Guides"
        columns={["Guide", "Who can have it", "File", { label: "Replace", hidden: true }]}
        className="mt-3"
      >
        {guides.map((guide) => (
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
            <td className={cell}>
              <MediaUpload kind="guide" id={guide.id} title={guide.title} maxMb={maxMb} />
            </td>
          </tr>
        ))}
      </StudioTable>
      <VersionsOfContent tracks={tracks} guides={guides} versions={versions} />
    </>
  );
}
