import { data, useNavigation } from "react-router";
import type { Route } from "./+types/captions";
import { CaptionEditorPage } from "#app/components/studio/caption-editor.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import {
  answerCaptionsForm,
  captionEditor,
  captionsPath,
  CAPTIONS_FORM_MAX_BYTES,
  formDataWithin,
} from "#app/modules/studio/captions.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { requireRecentStudioCheck } from "#app/modules/studio/recent-check.server.ts";
import { db, now, services } from "#app/request.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Captions: ${loaderData.editor.session.title}` : "Captions"} · Tidewell Studio` },
];

/**
 * A session's captions: every cue's words against the recording, saved as a draft or published, or a
 * .vtt uploaded in their place. Changing them needs the second factor, asked before she starts typing.
 */
export async function loader(args: Route.LoaderArgs) {
  const owner = requireStudioOwner(args.context);
  const editor = await captionEditor(db(args), args.params.session);
  if (!editor) throw data("There is no such session.", { status: 404 });
  requireRecentStudioCheck(owner, now(args), captionsPath(editor.session.id));
  return { editor };
}

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const formData = await formDataWithin(args.request, CAPTIONS_FORM_MAX_BYTES);
  if (!formData) {
    return data(
      { error: "Nothing was changed: that is more than a caption file can be.", problems: [] },
      { status: 413 },
    );
  }
  const { mediaFacts, captions } = services(args);
  const answer = await answerCaptionsForm(
    { db: db(args), mediaFacts, captions },
    owner,
    args.params.session,
    formData,
    now(args),
  );
  if (!answer.ok)
    return data({ error: answer.message, problems: answer.problems ?? [] }, { status: answer.status });
  return redirectWithFlash(services(args).flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioCaptions({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <CaptionEditorPage
      editor={loaderData.editor}
      error={actionData?.error ?? null}
      problems={actionData?.problems ?? []}
      busy={busy}
    />
  );
}
