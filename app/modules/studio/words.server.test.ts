import { describe, expect, it } from "vitest";
import { firstRevisionTexts } from "#app/modules/catalogue/content.server.ts";
import { loadFirstRevisions, pieceRevisions } from "#app/modules/catalogue/revisions.server.ts";
import { siteWordsSnapshot } from "#app/modules/catalogue/site-words.server.ts";
import { contentVersionReader, readContentVersion } from "#app/platform/content-version.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { auditEntries } from "./audit.server.ts";
import { auditDetailText, AUDIT_LABELS } from "./audit-labels.ts";
import type { WordsForm } from "./forms.ts";
import type { StudioOwner } from "./studio.server.ts";
import { answerWordsForm, pieceEditor, previewPiece, WORD_SAVES_PER_HOUR } from "./words.server.ts";

/** What a form's answer threw: the way to the check, when the second factor is not recent. */
async function thrown(answer: Promise<unknown>): Promise<Response | null> {
  try {
    await answer;
    return null;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const EURO_27 = { amountMinor: 2700, currency: "EUR" };
const course = firstRevisionTexts.find((text) => text.kind === "course")!;
const oxytocin = firstRevisionTexts.find((text) => text.kind === "article" && text.slug === "oxytocin")!;

/** The editor's form for the oxytocin article, as the page posts it, with some fields changed. */
function articleForm(changes: Record<string, string> = {}, body = oxytocin.body): FormData {
  const form = new FormData();
  const fields = oxytocin.fields as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    form.set(`field.${name}`, Array.isArray(value) ? value.join("\n") : String(value));
  }
  for (const [name, value] of Object.entries(changes)) form.set(`field.${name}`, value);
  form.set("body", body);
  return form;
}
const wordsForm = (
  intent: WordsForm["intent"],
  formData: FormData,
  restored: number | null = null,
): WordsForm => ({
  intent,
  body: String(formData.get("body")),
  restored,
});

describe.each(testDialects)("the site's words in the studio, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  async function owner(checkedAt: Date): Promise<StudioOwner> {
    const account = await aMember(db(), { name: "Olive Owner" });
    return { ...account, sessionId: "a-session", checkedAt, ip: "203.0.113.7" };
  }
  const reader = () => contentVersionReader(db());

  it("asks for the second factor again before a save, back to the piece, changing nothing", async () => {
    await loadFirstRevisions(db(), firstRevisionTexts);
    const stale = await owner(minutesAgo(30));
    const form = articleForm({ title: "Not saved" });
    const answer = await thrown(
      answerWordsForm(
        { db: db(), contentVersion: reader() },
        stale,
        "article",
        "oxytocin",
        form,
        wordsForm("publish", form),
        now,
      ),
    );
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("location")).toBe(
      `/studio/check?again=1&next=${encodeURIComponent("/studio/words/article/oxytocin")}`,
    );
    expect((await pieceRevisions(db(), "article", "oxytocin")).map((r) => r.title)).not.toContain(
      "Not saved",
    );
  });

  it("says what is wrong with bad input, and saves nothing", async () => {
    await loadFirstRevisions(db(), firstRevisionTexts);
    const checked = await owner(minutesAgo(1));
    const before = (await pieceRevisions(db(), "article", "oxytocin")).length;
    const version = await readContentVersion(db());
    const cases: [FormData, string][] = [
      [articleForm({ title: "  " }), "Title can't be empty."],
      [articleForm({ title: "x".repeat(121) }), "Title can be at most 120 characters."],
      [articleForm({ colour: "pink" }), "Colour must be one of"],
      [articleForm({ readTime: "six" }), "Reading time must be a whole number of minutes."],
      [articleForm({}, "   "), "Article can't be empty."],
      [articleForm({}, "x".repeat(40_001)), "Article can be at most 40,000 characters."],
    ];
    for (const [form, message] of cases) {
      const answer = await answerWordsForm(
        { db: db(), contentVersion: reader() },
        checked,
        "article",
        "oxytocin",
        form,
        wordsForm("publish", form),
        now,
      );
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.status).toBe(400);
        expect(answer.message).toContain(message);
      }
    }
    expect(await pieceRevisions(db(), "article", "oxytocin")).toHaveLength(before);
    expect(await readContentVersion(db())).toBe(version);
  });

  it("publishes with an audit entry in her words, and the site's words follow at once on this instance", async () => {
    await loadFirstRevisions(db(), firstRevisionTexts);
    const checked = await owner(minutesAgo(1));
    const here = reader();
    const words = siteWordsSnapshot(db(), here);
    await words.current();
    const form = articleForm({ title: "Oxytocin: the hormone of calm and connection" });
    const answer = await answerWordsForm(
      { db: db(), contentVersion: here },
      checked,
      "article",
      "oxytocin",
      form,
      wordsForm("publish", form),
      now,
    );
    expect(answer).toEqual({
      ok: true,
      message: "Published the article ‘Oxytocin: the hormone of calm and…’: it's on the site now.",
      next: "/studio/words/article/oxytocin",
    });
    expect((await words.current()).articles.find((a) => a.slug === "oxytocin")!.title).toBe(
      "Oxytocin: the hormone of calm and connection",
    );
    const [entry] = await auditEntries(db(), { limit: 1 });
    expect(AUDIT_LABELS[entry!.action]).toBe("Published");
    expect(auditDetailText(entry!.detail, entry!.reason, entry!.pieceTitle)).toMatch(
      /^the article ‘Oxytocin: the hormone of calm and…’ · revision \d+$/,
    );
    expect(entry!.actorId).toBe(checked.id);
  });

  it("brings an earlier revision back as a new one, and loses nothing", async () => {
    await loadFirstRevisions(db(), firstRevisionTexts);
    const checked = await owner(minutesAgo(1));
    const first = await pieceEditor(db(), "article", "oxytocin", 1);
    expect(first!.editing).toEqual({ number: 1, restored: true });
    const form = articleForm();
    const answer = await answerWordsForm(
      { db: db(), contentVersion: reader() },
      checked,
      "article",
      "oxytocin",
      form,
      wordsForm("save-draft", form, 1),
      // After the entries above, so it is the log's newest.
      new Date(now.getTime() + 60_000),
    );
    expect(answer.ok).toBe(true);
    const revisions = await pieceRevisions(db(), "article", "oxytocin");
    expect(revisions[0]).toMatchObject({ state: "draft", text: oxytocin });
    expect(revisions.at(-1)).toMatchObject({ number: 1, text: oxytocin });
    const [entry] = await auditEntries(db(), { limit: 1 });
    expect(auditDetailText(entry!.detail, null)).toContain("brought back from revision 1");
  });

  it("lets exactly her hour's limit of publishes through when many are sent at once, the version moving once for each", async () => {
    await loadFirstRevisions(db(), firstRevisionTexts);
    const checked = await owner(minutesAgo(1));
    const version = await readContentVersion(db());
    const answers = await Promise.all(
      Array.from({ length: WORD_SAVES_PER_HOUR + 10 }, (_, i) => {
        const form = articleForm({ title: `Oxytocin ${i}` });
        return answerWordsForm(
          { db: db(), contentVersion: reader() },
          checked,
          "article",
          "oxytocin",
          form,
          wordsForm("publish", form),
          now,
        );
      }),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(WORD_SAVES_PER_HOUR);
    expect(answers.filter((answer) => !answer.ok && answer.status === 429)).toHaveLength(10);
    expect(await readContentVersion(db())).toBe(version + WORD_SAVES_PER_HOUR);
    const revisions = await pieceRevisions(db(), "article", "oxytocin");
    expect(revisions.filter((revision) => revision.state === "published")).toHaveLength(1);
  });

  it("previews a piece as the site renders it, with nothing planted surviving", () => {
    const planted =
      "Calm.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[tap](javascript:alert(1))";
    const form = articleForm({}, planted);
    const preview = previewPiece("article", "oxytocin", form, wordsForm("preview", form), EURO_27);
    expect(preview.ok).toBe(true);
    if (preview.ok && preview.page.kind === "article") {
      expect(preview.page.value.html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript:/i);
      expect(preview.page.value.html).toContain("tap");
    }
  });

  it("previews the course page's words with the price from the payment settings", () => {
    const form = new FormData();
    const fields = course.fields as Record<string, unknown>;
    for (const [name, value] of Object.entries(fields)) {
      form.set(`field.${name}`, Array.isArray(value) ? value.join("\n") : String(value));
    }
    form.set("field.title", "Calm, ready, together");
    form.set("body", course.body);
    const preview = previewPiece("course", "course", form, wordsForm("preview", form), {
      amountMinor: 3500,
      currency: "EUR",
    });
    expect(preview).toMatchObject({ ok: true, page: { kind: "course", price: "€35" } });
    if (preview.ok && preview.page.kind === "course")
      expect(preview.page.value.title).toBe("Calm, ready, together");
  });
});
