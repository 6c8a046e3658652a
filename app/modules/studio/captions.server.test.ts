import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { createCaptionLibrary } from "#app/modules/transcripts/captions.server.ts";
import { BUNDLED_CAPTIONS } from "#app/modules/transcripts/transcripts.server.ts";
import { contentVersionReader, readContentVersion } from "#app/platform/content-version.server.ts";
import { auditEntries } from "./audit.server.ts";
import { answerCaptionsForm, captionEditor } from "./captions.server.ts";
import type { StudioOwner } from "./studio.server.ts";

const SESSION = "fear-release";
const bundledCues = BUNDLED_CAPTIONS.transcriptOf(SESSION)!.cues;

describe.each(testDialects)("a session's captions in the studio, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const now = new Date("2026-11-28T14:05:00Z");
  let clock = 1_000_000;
  // Two instances sharing the database: this one publishes, the other only reads.
  const here = () =>
    createCaptionLibrary(
      db(),
      contentVersionReader(db(), () => clock),
    );
  const deps = (captions = here()) => ({
    db: db(),
    mediaFacts: { audioDuration: async () => 900 },
    captions,
  });

  async function anOwner(checkedAt: Date | null = now): Promise<StudioOwner> {
    const account = await aMember(db(), { name: "Olive Owner" });
    return { ...account, sessionId: "a-session", checkedAt, ip: "203.0.113.7" };
  }

  function wordsForm(intent: "save-draft" | "publish", after: number, words: string[]) {
    const form = new FormData();
    form.set("intent", intent);
    form.set("after", String(after));
    for (const word of words) form.append("text", word);
    return form;
  }
  const bundledWords = () => bundledCues.map((cue) => cue.text);

  it("starts from the bundled file, and a draft changes nothing members read", async () => {
    const owner = await anOwner();
    const library = here();
    expect((await library.current()).transcriptOf(SESSION)!.source).toBe(
      BUNDLED_CAPTIONS.transcriptOf(SESSION)!.source,
    );
    const before = await readContentVersion(db());
    const words = bundledWords();
    words[0] = "A draft's words.";
    expect(
      await answerCaptionsForm(deps(library), owner, SESSION, wordsForm("save-draft", 0, words), now),
    ).toEqual({
      ok: true,
      message: "Draft saved: members still read the published captions until you publish.",
      next: `/studio/content/${SESSION}/captions`,
    });
    expect(await readContentVersion(db())).toBe(before);
    library.changed();
    expect((await library.current()).transcriptOf(SESSION)!.cues[0]!.text).toBe(bundledCues[0]!.text);
    // The studio edits the draft.
    const editor = (await captionEditor(db(), SESSION))!;
    expect(editor).toMatchObject({ after: 1, standing: "draft" });
    expect(editor.cues![0]).toEqual({
      start: bundledCues[0]!.start,
      end: bundledCues[0]!.end,
      text: "A draft's words.",
    });
  });

  it("publishes: the content version moves, this instance reads the new words at once and another within a second", async () => {
    const owner = await anOwner();
    const publishing = here();
    const other = here();
    await other.current();
    const before = await readContentVersion(db());
    const { after } = (await captionEditor(db(), SESSION))!;
    const words = bundledWords();
    words[1] = "Worries soften, one breath at a time.";
    const answer = await answerCaptionsForm(
      deps(publishing),
      owner,
      SESSION,
      wordsForm("publish", after, words),
      now,
    );
    expect(answer).toMatchObject({ ok: true, message: "Published: members read the new words now." });
    expect(await readContentVersion(db())).toBe(before + 1);
    const published = (await publishing.current()).transcriptOf(SESSION)!;
    expect(published.cues[1]!.text).toBe("Worries soften, one breath at a time.");
    expect(published.cues.map(({ start, end }) => ({ start, end }))).toEqual(
      bundledCues.map(({ start, end }) => ({ start, end })),
    );
    expect(published.paragraphs.map((p) => p.text).join(" ")).toContain(
      "Worries soften, one breath at a time.",
    );
    // The other instance trusts the version it read for a second, then reads the captions again.
    expect((await other.current()).transcriptOf(SESSION)!.cues[1]!.text).toBe(bundledCues[1]!.text);
    clock += 1_000;
    expect((await other.current()).transcriptOf(SESSION)!.cues[1]!.text).toBe(
      "Worries soften, one breath at a time.",
    );
    // Who did it, in the audit log.
    const entries = await auditEntries(db(), {});
    expect(entries.map((entry) => [entry.action, entry.detail])).toContainEqual([
      "captions.published",
      { session: SESSION, revision: after + 1 },
    ]);
  });

  it("refuses a cue left empty, or a page opened before another save, and changes nothing", async () => {
    const owner = await anOwner();
    const { after } = (await captionEditor(db(), SESSION))!;
    const before = await readContentVersion(db());
    const empty = bundledWords();
    empty[2] = "   ";
    expect(
      await answerCaptionsForm(deps(), owner, SESSION, wordsForm("publish", after, empty), now),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/^Nothing was changed: Cue 3 \(at .*\) has no words/),
    });
    expect(
      await answerCaptionsForm(deps(), owner, SESSION, wordsForm("publish", after - 1, bundledWords()), now),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await captionEditor(db(), SESSION))!.after).toBe(after);
    expect(await readContentVersion(db())).toBe(before);
  });

  it("refuses a bad upload with the file and line of each problem, keeping nothing; a good one is a draft", async () => {
    const owner = await anOwner();
    const { after } = (await captionEditor(db(), SESSION))!;
    const upload = (name: string, text: string) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("file", new File([text], name, { type: "text/vtt" }));
      return form;
    };
    const bad = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne.\n\n00:00:03.000 --> 00:00:04.000\n\n";
    const broken = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne.\n\n00:00:03.000 -> 00:00:04.000\nTwo.\n";
    expect(await answerCaptionsForm(deps(), owner, SESSION, upload("fear-release.vtt", broken), now)).toEqual(
      {
        ok: false,
        status: 400,
        message: "Nothing was changed: the file has a problem to fix first.",
        problems: ['fear-release.vtt, line 6: expected a cue timing such as "00:00:01.000 --> 00:00:04.000"'],
      },
    );
    expect(
      await answerCaptionsForm(deps(), owner, SESSION, upload("fear-release.vtt", bad), now),
    ).toMatchObject({
      ok: false,
    });
    expect((await captionEditor(db(), SESSION))!.after).toBe(after);
    const good = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne.\n\n00:00:03.000 --> 00:00:04.000\nTwo.\n";
    expect(
      await answerCaptionsForm(deps(), owner, SESSION, upload("fear-release.vtt", good), now),
    ).toMatchObject({
      ok: true,
      message: "Uploaded as a draft: check its words below, then publish.",
    });
    expect(await captionEditor(db(), SESSION)).toMatchObject({
      after: after + 1,
      standing: "draft",
      cues: [
        { start: 1, end: 2, text: "One." },
        { start: 3, end: 4, text: "Two." },
      ],
    });
  });

  it("asks for the second factor again before any change when it was not given recently", async () => {
    const owner = await anOwner(new Date(now.getTime() - 60 * 60_000));
    const thrown = await answerCaptionsForm(
      deps(),
      owner,
      SESSION,
      wordsForm("publish", 0, bundledWords()),
      now,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toContain("/studio/check?again=1");
  });
});
