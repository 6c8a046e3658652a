import { data } from "react-router";
import type { Route } from "./+types/words-piece";
import { WordsEditor } from "#app/components/studio/words-editor.tsx";
import { isPieceKind } from "#app/modules/catalogue/pieces.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { notAfterPreview } from "#app/modules/site/preview.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { readStudioForm, wordsForms } from "#app/modules/studio/forms.ts";
import { answerWordsForm, pieceEditor, previewPiece } from "#app/modules/studio/words.server.ts";
import { db, now, services } from "#app/request.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.piece.title ?? "Words"} · Tidewell Studio` },
];

function kindOf(params: { kind: string }) {
  if (!isPieceKind(params.kind)) throw data("There is no such piece.", { status: 404 });
  return params.kind;
}

/** A preview changes nothing: the editor's text is not read again for it (preview.ts says when it is). */
export const shouldRevalidate = notAfterPreview;

/** One piece's editor: the draft (or the published text, or a revision brought back) and every revision. */
export async function loader(args: Route.LoaderArgs) {
  const restore = args.url.searchParams.get("restore");
  const piece = await pieceEditor(
    db(args),
    kindOf(args.params),
    args.params.slug,
    restore && /^\d{1,9}$/.test(restore) ? Number(restore) : null,
  );
  if (!piece) throw data("There is no such piece.", { status: 404 });
  return { piece };
}

/** Save a draft, publish, or show the text as the site would (the preview, which changes nothing). */
export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const kind = kindOf(args.params);
  const formData = await args.request.formData();
  const read = readStudioForm(formData, wordsForms);
  if (!read.ok) return data({ error: read.message, preview: null }, { status: 400 });
  if (read.form.intent === "preview") {
    const preview = previewPiece(kind, args.params.slug, formData, read.form, services(args).payments.price);
    return preview.ok ? { error: null, preview: preview.page } : { error: preview.message, preview: null };
  }
  const { contentVersion } = services(args);
  const answer = await answerWordsForm(
    { db: db(args), contentVersion },
    owner,
    kind,
    args.params.slug,
    formData,
    read.form,
    now(args),
  );
  if (!answer.ok) return data({ error: answer.message, preview: null }, { status: answer.status });
  return redirectWithFlash(services(args).flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioWordsPiece({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WordsEditor
      key={`${loaderData.piece.slug}-${loaderData.piece.editing.number}`}
      piece={loaderData.piece}
      error={actionData?.error ?? null}
    />
  );
}
