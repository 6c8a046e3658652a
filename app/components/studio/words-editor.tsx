import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { WordsPreview, type PiecePage } from "#app/components/studio/words-preview.tsx";
import { StudioTable } from "#app/components/studio/studio-table.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Textarea } from "#app/components/ui/input.tsx";
import { PIECE_KIND_WORDS, type FieldSpec, type PieceKind } from "#app/modules/catalogue/pieces.ts";
import { PREVIEW_INTENT } from "#app/modules/site/preview.ts";
import { piecePath, REVISION_STATE_WORDS, WORDS_PATH } from "#app/modules/studio/words.ts";

interface Editor {
  kind: PieceKind;
  slug: string;
  title: string;
  fields: (FieldSpec & { value: string })[];
  body: { label: string; hint: string; value: string };
  editing: { number: number; restored: boolean };
  revisions: {
    number: number;
    state: keyof typeof REVISION_STATE_WORDS;
    savedAt: string;
    title: string;
    byOwner: boolean;
  }[];
}

type PreviewAnswer = { error: string | null; preview: PiecePage | null } | undefined;

/**
 * Her unsaved text, kept in this tab while she types: a save that first asks for her second factor
 * comes back to the editor, and the text she had typed is put back. Kept against the revision it
 * started from, so once that revision is no longer the one the editor opens, it is forgotten.
 */
interface Unsaved {
  from: number;
  values: [string, string][];
}
const unsavedKey = (piece: Editor) => `tidewell.words.${piece.kind}/${piece.slug}`;

function readUnsaved(piece: Editor): Unsaved | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(unsavedKey(piece)) ?? "null") as Unsaved | null;
    return kept && kept.from === piece.editing.number && !piece.editing.restored ? kept : null;
  } catch {
    return null;
  }
}

/** How long after she stops typing the preview is drawn again. */
const PREVIEW_PAUSE_MS = 500;

/**
 * A piece's editor: its fields and Markdown, Save draft and Publish, a
 * preview drawn as the site draws it (asked of the server as she types),
 * and its revisions, any of which she can open and bring back.
 */
export function WordsEditor({ piece, error }: { piece: Editor; error: string | null }) {
  const when = useStudioTime();
  const busy = useNavigation().state !== "idle";
  const preview = useFetcher<PreviewAnswer>();
  const shown = useActionData<PreviewAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [broughtBack, setBroughtBack] = useState(false);

  const showPreview = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("intent", PREVIEW_INTENT);
    void preview.submit(data, { method: "post" });
  };
  useEffect(() => {
    const kept = readUnsaved(piece);
    const elements = form.current?.elements;
    if (kept && elements) {
      for (const [name, value] of kept.values) {
        const element = elements.namedItem(name);
        if (element && "value" in element && element.value !== value) {
          element.value = value;
          setBroughtBack(true);
        }
      }
    } else {
      sessionStorage.removeItem(unsavedKey(piece));
    }
    showPreview();
    return () => clearTimeout(pause.current);
    // Once, as the page opens: after that, as she types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onChange = () => {
    if (form.current) {
      const values = [...new FormData(form.current)].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "restored",
      );
      const unsaved: Unsaved = { from: piece.editing.number, values };
      sessionStorage.setItem(unsavedKey(piece), JSON.stringify(unsaved));
    }
    clearTimeout(pause.current);
    pause.current = setTimeout(showPreview, PREVIEW_PAUSE_MS);
  };

  const page = preview.data?.preview ?? shown?.preview ?? null;
  const previewProblem = preview.data?.error ?? null;
  const kind = PIECE_KIND_WORDS[piece.kind];
  return (
    <>
      <p>
        <Link to={WORDS_PATH} className="text-sm font-medium underline underline-offset-4">
          All words
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold [overflow-wrap:anywhere]">{piece.title}</h1>
      <p className="mt-1 text-ink-soft">
        {kind.many} · shown on the {kind.where}
      </p>
      {piece.editing.restored ? (
        <Alert tone="info" className="mt-4 max-w-2xl">
          This is the text of revision {piece.editing.number}. Save it as a draft or publish it to bring it
          back: nothing after it is lost.
        </Alert>
      ) : null}
      {broughtBack ? (
        <Alert tone="info" className="mt-4 max-w-2xl">
          Your changes that weren&apos;t saved yet are back in the editor.
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-4 max-w-2xl">
          {error}
        </Alert>
      ) : null}
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <Form
          method="post"
          ref={form}
          onChange={onChange}
          // Saved or published, the page is read again: a preview still to come would only race it.
          onSubmit={() => clearTimeout(pause.current)}
          className="grid min-w-0 content-start gap-4"
        >
          {piece.editing.restored ? (
            <input type="hidden" name="restored" value={piece.editing.number} />
          ) : null}
          {piece.fields.map((field) => (
            <PieceField key={field.name} field={field} />
          ))}
          <Field id="field-body" label={piece.body.label} hint={piece.body.hint}>
            {(control) => (
              <Textarea
                {...control}
                name="body"
                defaultValue={piece.body.value}
                rows={18}
                className="font-mono text-[0.95rem]"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save-draft" variant="secondary" disabled={busy}>
              Save draft
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={busy}>
              Publish
            </Button>
            <Button type="submit" name="intent" value={PREVIEW_INTENT} variant="outline" disabled={busy}>
              Show preview
            </Button>
          </div>
        </Form>
        <section aria-labelledby="preview-heading" className="min-w-0">
          <h2 id="preview-heading" className="text-xl font-semibold">
            Preview
          </h2>
          <p className="mt-1 text-sm text-ink-soft">As visitors will see it once you publish.</p>
          {previewProblem ? (
            <Alert tone="error" className="mt-3">
              {previewProblem}
            </Alert>
          ) : null}
          <div className="mt-3" aria-live="polite" aria-busy={preview.state !== "idle"}>
            {page ? <WordsPreview page={page} /> : <p className="text-ink-soft">The preview appears here.</p>}
          </div>
        </section>
      </div>
      <h2 className="mt-10 text-xl font-semibold">Revisions</h2>
      <p className="mt-1 max-w-2xl text-ink-soft">
        Every version saved, newest first. Open one to look at it; from there you can bring it back.
      </p>
      <StudioTable
        caption="Revisions, newest first"
        columns={["Revision", "State", "Saved", "Title"]}
        className="mt-3"
      >
        {piece.revisions.map((revision) => (
          <tr key={revision.number} className="border-b border-ink/5 last:border-0">
            <td className="px-4 py-2">
              <Link
                to={piecePath(piece.kind, piece.slug, revision.number)}
                className="font-medium underline underline-offset-4"
                aria-label={`Open revision ${revision.number}`}
              >
                {revision.number}
              </Link>
            </td>
            <td className="px-4 py-2">{REVISION_STATE_WORDS[revision.state]}</td>
            <td className="px-4 py-2">
              {revision.byOwner
                ? when(revision.savedAt)
                : `${when(revision.savedAt)} (from the site's files)`}
            </td>
            <td className="px-4 py-2 [overflow-wrap:anywhere]">{revision.title}</td>
          </tr>
        ))}
      </StudioTable>
    </>
  );
}

function PieceField({ field }: { field: FieldSpec & { value: string } }) {
  const name = `field.${field.name}`;
  return (
    <Field id={`field-${field.name}`} label={field.label} hint={field.hint}>
      {(control) =>
        field.input === "choice" ? (
          <select
            {...control}
            name={name}
            defaultValue={field.value}
            className="block min-h-12 w-full rounded-xl border border-ink/25 bg-white px-4 text-base text-ink"
          >
            {(field.choices ?? []).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : field.input === "text" || field.input === "lines" ? (
          <Textarea
            {...control}
            name={name}
            defaultValue={field.value}
            rows={field.input === "lines" ? 5 : 3}
          />
        ) : (
          <Input
            {...control}
            name={name}
            defaultValue={field.value}
            inputMode={field.input === "number" ? "numeric" : undefined}
          />
        )
      }
    </Field>
  );
}
