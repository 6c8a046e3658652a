import { describe, expect, it } from "vitest";
import { contentVersionReader, readContentVersion } from "#app/platform/content-version.server.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { firstRevision, firstRevisionTexts } from "./content.server.ts";
import {
  loadFirstRevisions,
  pieceRevisions,
  pieceStandings,
  publishedTexts,
  saveRevision,
} from "./revisions.server.ts";
import { siteWordsSnapshot } from "./site-words.server.ts";
import type { PieceText } from "./pieces.ts";

const oxytocin = firstRevisionTexts.find((text) => text.kind === "article" && text.slug === "oxytocin")!;
const retitled = (title: string): PieceText => ({ ...oxytocin, fields: { ...oxytocin.fields, title } });
const OWNER = "owner-1";

describe.each(testDialects)("the site's words on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("loads content/ as each piece's first revision once, however many instances start at once", async () => {
    const loaded = await Promise.all(
      Array.from({ length: 4 }, () => loadFirstRevisions(database.db, firstRevisionTexts)),
    );
    expect(loaded.reduce((a, b) => a + b, 0)).toBe(firstRevisionTexts.length);
    const rows = await database.db.selectFrom("content_revisions").select("id").execute();
    expect(rows).toHaveLength(firstRevisionTexts.length);
    // What a clean install shows is exactly content/.
    const snapshot = siteWordsSnapshot(database.db, contentVersionReader(database.db));
    expect(await snapshot.current()).toEqual(firstRevision);
  });

  // Runs before the tests below write their revisions.
  it("keeps a draft apart from what is published, and publishes with the version moved on", async () => {
    await loadFirstRevisions(database.db, firstRevisionTexts);
    const reader = contentVersionReader(database.db);
    const snapshot = siteWordsSnapshot(database.db, reader);
    const before = await readContentVersion(database.db);

    const draft = await database.db
      .transaction()
      .execute((trx) => saveRevision(trx, retitled("Oxytocin, drafted"), "draft", OWNER, new Date()));
    expect(draft).toEqual({ number: 2 });
    expect(await readContentVersion(database.db)).toBe(before);
    expect((await snapshot.current()).articles.find((a) => a.slug === "oxytocin")!.title).toBe(
      firstRevision.articles.find((a) => a.slug === "oxytocin")!.title,
    );
    const [standing] = (await pieceStandings(database.db, ["article/oxytocin"])).filter(
      (piece) => piece.slug === "oxytocin",
    );
    expect(standing!.draft).toMatchObject({ number: 2, title: "Oxytocin, drafted" });
    expect(standing!.published).toMatchObject({ number: 1 });

    await database.db
      .transaction()
      .execute((trx) =>
        saveRevision(trx, retitled("Oxytocin, the calm hormone"), "published", OWNER, new Date()),
      );
    expect(await readContentVersion(database.db)).toBe(before + 1);
    reader.changed();
    expect((await snapshot.current()).articles.find((a) => a.slug === "oxytocin")!.title).toBe(
      "Oxytocin, the calm hormone",
    );
    const revisions = await pieceRevisions(database.db, "article", "oxytocin");
    expect(revisions.map((r) => [r.number, r.state, r.savedBy])).toEqual([
      [3, "published", OWNER],
      [2, "earlier", OWNER],
      [1, "earlier", null],
    ]);
    // Nothing is lost: the first revision is still there to bring back.
    expect(revisions.at(-1)!.text).toEqual(oxytocin);
    expect((await publishedTexts(database.db)).filter((t) => t.slug === "oxytocin")).toHaveLength(1);
  });

  it("numbers each of many publishes at once of one piece, and leaves exactly one published", async () => {
    await loadFirstRevisions(database.db, firstRevisionTexts);
    const before = await readContentVersion(database.db);
    const last = (await pieceRevisions(database.db, "article", "oxytocin"))[0]!.number;
    const saved = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        database.db
          .transaction()
          .execute((trx) => saveRevision(trx, retitled(`Oxytocin ${i}`), "published", OWNER, new Date())),
      ),
    );
    expect(saved.map((s) => s!.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => last + 1 + i),
    );
    expect(await readContentVersion(database.db)).toBe(before + 8);
    const revisions = await pieceRevisions(database.db, "article", "oxytocin");
    expect(revisions.filter((r) => r.state === "published")).toHaveLength(1);
    expect(revisions[0]!.state).toBe("published");
  });

  it("saves nothing for a piece the site doesn't have", async () => {
    await loadFirstRevisions(database.db, firstRevisionTexts);
    const saved = await database.db
      .transaction()
      .execute((trx) =>
        saveRevision(trx, { ...oxytocin, slug: "no-such-article" }, "published", OWNER, new Date()),
      );
    expect(saved).toBeNull();
  });
});
