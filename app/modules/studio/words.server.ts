import { PIECE_ORDER } from "#app/modules/catalogue/content.server.ts";
import { checkPiece, pageOf } from "#app/modules/catalogue/pieces.server.ts";
import {
  FIELD_SPECS,
  fieldFormValue,
  fieldsFromForm,
  pieceTitle,
  type FieldSpec,
  type PieceKind,
} from "#app/modules/catalogue/pieces.ts";
import {
  pieceRevisions,
  pieceStandings,
  saveRevision,
  type PieceStanding,
} from "#app/modules/catalogue/revisions.server.ts";
import { formatPrice, type Price } from "#app/modules/payments/price.ts";
import type { ContentVersionReader } from "#app/platform/content-version.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import type { StudioFormAnswer, WordsForm } from "./forms.ts";
import { requireRecentStudioCheck } from "./recent-check.server.ts";
import type { StudioOwner } from "./studio.server.ts";
import { piecePath, wordsDoneMessage } from "./words.ts";

/**
 * The site's words in the studio: the list of pieces, one piece's editor and
 * its revisions, and what its forms do. A save or a publish needs the
 * second factor given minutes ago, is counted against the owner's limit,
 * and writes its revision and its audit entry in one transaction; a publish
 * moves the content version on there too, and this instance sees it at once.
 */

/** Saves and publishes an owner may make in an hour. */
export const WORD_SAVES_PER_HOUR = 60;

export interface WordsDeps {
  db: Db;
  contentVersion: Pick<ContentVersionReader, "changed">;
}

export function studioWordsList(db: Db): Promise<PieceStanding[]> {
  return pieceStandings(db, PIECE_ORDER);
}

/** What the editor shows: the text to edit (the draft, the published one, or one brought back), and every revision. */
export interface PieceEditor {
  kind: PieceKind;
  slug: string;
  title: string;
  fields: (FieldSpec & { value: string })[];
  body: { label: string; hint: string; value: string };
  /** The revision whose text is in the editor, and whether it was brought back from the list. */
  editing: { number: number; restored: boolean };
  revisions: {
    number: number;
    state: "draft" | "published" | "earlier";
    savedAt: string;
    title: string;
    byOwner: boolean;
  }[];
}

export async function pieceEditor(
  db: Db,
  kind: PieceKind,
  slug: string,
  restore: number | null,
): Promise<PieceEditor | null> {
  const revisions = await pieceRevisions(db, kind, slug);
  if (revisions.length === 0) return null;
  const chosen =
    (restore !== null && revisions.find((revision) => revision.number === restore)) ||
    revisions.find((revision) => revision.state === "draft") ||
    revisions.find((revision) => revision.state === "published") ||
    revisions[0]!;
  const spec = FIELD_SPECS[kind];
  return {
    kind,
    slug,
    title: (revisions.find((revision) => revision.state === "published") ?? chosen).title,
    fields: spec.fields.map((field) => ({ ...field, value: fieldFormValue(chosen.text.fields[field.name]) })),
    body: { label: spec.body, hint: spec.bodyHint, value: chosen.text.body },
    editing: { number: chosen.number, restored: restore !== null && chosen.number === restore },
    revisions: revisions.map(({ number, state, savedAt, title, savedBy }) => ({
      number,
      state,
      savedAt,
      title,
      byOwner: savedBy !== null,
    })),
  };
}

/**
 * The piece as the site would show it, from the editor's form as it stands; or
 * what is wrong with it. The course page's cards show the price beside her words,
 * as the page does: from the payment settings.
 */
export function previewPiece(
  kind: PieceKind,
  slug: string,
  formData: FormData,
  form: WordsForm,
  price: Price,
) {
  const checked = checkPiece(
    kind,
    slug,
    fieldsFromForm(kind, (name) => stringOf(formData.get(name))),
    form.body,
  );
  if (!checked.ok) return { ok: false as const, message: checked.message };
  const page = pageOf(checked.text);
  return {
    ok: true as const,
    page: page.kind === "course" ? { kind: page.kind, value: page.value, price: formatPrice(price) } : page,
  };
}

const stringOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : null);

/**
 * Saves the editor's text as a draft, or publishes it, once the second factor
 * is recent (and to the check and back, if it isn't). Bad input changes
 * nothing and says what is wrong.
 */
export async function answerWordsForm(
  deps: WordsDeps,
  owner: StudioOwner,
  kind: PieceKind,
  slug: string,
  formData: FormData,
  form: WordsForm,
  now: Date,
): Promise<StudioFormAnswer> {
  const here = piecePath(kind, slug);
  requireRecentStudioCheck(owner, now, here);
  const checked = checkPiece(
    kind,
    slug,
    fieldsFromForm(kind, (name) => stringOf(formData.get(name))),
    form.body,
  );
  if (!checked.ok) return { ok: false, status: 400, message: checked.message };
  const limit = await hitLimit(deps.db, limitKey("studio-words", owner.id), {
    limit: WORD_SAVES_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const publish = form.intent === "publish";
  const saved = await deps.db.transaction().execute(async (trx) => {
    const revision = await saveRevision(trx, checked.text, publish ? "published" : "draft", owner.id, now);
    if (!revision) return null;
    await recordAudit(
      trx,
      {
        actorId: owner.id,
        action: publish ? "words.published" : "words.draft-saved",
        detail: {
          kind,
          piece: slug,
          revision: revision.number,
          ...(form.restored === null ? {} : { restored: form.restored }),
        },
        ip: owner.ip,
      },
      now,
    );
    return revision;
  });
  if (!saved) return { ok: false, status: 404, message: "There is no such piece." };
  if (publish) deps.contentVersion.changed();
  return { ok: true, message: wordsDoneMessage(kind, pieceTitle(checked.text), publish), next: here };
}
