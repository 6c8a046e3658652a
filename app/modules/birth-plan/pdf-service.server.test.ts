import { beforeEach, describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { setProgrammeDates } from "#app/modules/program/programme-settings.server.ts";
import { createPdfCache } from "./pdf-cache.ts";
import type { Rendered } from "#app/platform/pdf-renderer.server.ts";
import type { PdfRenderer } from "./pdf-renderer.server.ts";
import { createBirthPlanPdfs, PDF_LIMITS, pdfLimitChecks, type PdfAnswer } from "./pdf-service.server.ts";
import type { BirthPlanPdfInput } from "./pdf.server.ts";
import { saveBirthPlan } from "./store.server.ts";

const NOW = new Date("2026-11-26T10:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;

/** A stand-in for the worker: a "PDF" that is what it was given, and a count of what it was asked to make. */
function countingRenderer({ busy = false } = {}) {
  const made: BirthPlanPdfInput[] = [];
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  const renderer: PdfRenderer = {
    async render(input): Promise<Rendered> {
      made.push(input);
      if (held) await held;
      if (busy) return { ok: false, reason: "busy" };
      return { ok: true, pdf: Buffer.from(JSON.stringify({ ...input, n: made.length })) };
    },
    close: async () => {},
    threads: 0,
  };
  return {
    renderer,
    made,
    /** Holds every PDF until `release()`, as a busy worker would. */
    hold() {
      held = new Promise((resolve) => (release = resolve));
      return () => release();
    },
  };
}

const pdfOf = (answer: PdfAnswer) => {
  if (answer.kind !== "pdf") throw new Error(`expected a PDF, got ${answer.kind}`);
  return Buffer.from(answer.pdf).toString();
};

describe.each(testDialects)("her birth preferences PDF on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  // Each test counts from nothing: the limits' counters are shared by every member.
  beforeEach(async () => {
    await db().deleteFrom("rate_limits").execute();
  });

  const member = async (name = "Amara Okafor") => {
    const row = await aMember(db(), { name });
    await saveBirthPlan(
      db(),
      row.id,
      { sections: { environment: { choices: ["environment.dim-lights"], note: "Please knock." } } },
      NOW,
    );
    return { id: row.id, isPartner: false, firstName: name.split(" ")[0]! };
  };

  it("makes the PDF once: the same plan asked for again, later that day, costs nothing", async () => {
    const { renderer, made } = countingRenderer();
    const pdfs = createBirthPlanPdfs({ renderer });
    const her = await member();
    const first = pdfOf(await pdfs.answer(database, her, "203.0.113.1", NOW));
    const again = pdfOf(await pdfs.answer(database, her, "203.0.113.1", later(3 * 60 * 60_000)));
    expect(again).toBe(first);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ firstName: "Amara", generatedAt: NOW });
  });

  it("makes it again when anything it prints has changed: her plan, her name, her due month, the day", async () => {
    const { renderer, made } = countingRenderer();
    const pdfs = createBirthPlanPdfs({ renderer });
    const her = await member();
    const ask = async (at: Date) => pdfOf(await pdfs.answer(database, her, null, at));

    await ask(NOW);
    await saveBirthPlan(
      db(),
      her.id,
      { sections: { environment: { choices: ["environment.dim-lights"], note: "Please knock twice." } } },
      later(1000),
    );
    expect(await ask(later(2000))).toContain("Please knock twice.");
    await db().updateTable("user").set({ name: "Amy Okafor" }).where("id", "=", her.id).execute();
    expect(await ask(later(3000))).toContain('"firstName":"Amy"');
    await setProgrammeDates(
      db(),
      her.id,
      { due_date: "2027-03-14", program_start_date: "2027-02-28", current_week: 1 },
      NOW.toISOString(),
    );
    expect(await ask(later(4000))).toContain("March 2027");
    await ask(later(DAY));
    expect(made).toHaveLength(5);
    // Nothing changed since: kept.
    await ask(later(DAY + 1000));
    expect(made).toHaveLength(5);
  });

  it("makes one PDF for a plan asked for many times at once", async () => {
    const { renderer, made, hold } = countingRenderer();
    const pdfs = createBirthPlanPdfs({ renderer });
    const her = await member();
    const release = hold();
    const answers = Promise.all(Array.from({ length: 6 }, () => pdfs.answer(database, her, null, NOW)));
    await expect.poll(() => made.length).toBe(1);
    release();
    expect(new Set((await answers).map(pdfOf)).size).toBe(1);
    expect(made).toHaveLength(1);
  });

  it("says busy, with a wait, when the renderer's queue is full, and keeps nothing", async () => {
    const { renderer, made } = countingRenderer({ busy: true });
    const pdfs = createBirthPlanPdfs({ renderer });
    const her = await member();
    expect(await pdfs.answer(database, her, null, NOW)).toEqual({ kind: "busy", retryAfterSeconds: 5 });
    await pdfs.answer(database, her, null, NOW);
    expect(made).toHaveLength(2);
  });

  it("keeps within its bytes", async () => {
    const { renderer } = countingRenderer();
    const cache = createPdfCache(1_000);
    const pdfs = createBirthPlanPdfs({ renderer, cache });
    for (let i = 0; i < 8; i++) await pdfs.answer(database, await member(`Member${i} Okafor`), null, NOW);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBeLessThan(8);
  });

  it("finds nothing for a partner whose link has ended", async () => {
    const pdfs = createBirthPlanPdfs({ renderer: countingRenderer().renderer });
    const sam = await aMember(db(), { name: "Sam Rivers" });
    const answer = await pdfs.answer(database, { id: sam.id, isPartner: true, firstName: "Sam" }, null, NOW);
    expect(answer).toEqual({ kind: "not-found" });
  });

  it("holds an account to 20 PDFs in ten minutes, asked for all at once", async () => {
    const pdfs = createBirthPlanPdfs({ renderer: countingRenderer().renderer });
    const her = await member();
    const answers = await Promise.all(
      Array.from({ length: PDF_LIMITS.member.limit + 5 }, (_, i) =>
        pdfs.answer(database, her, `203.0.113.${i + 1}`, NOW),
      ),
    );
    expect(answers.filter((a) => a.kind === "pdf")).toHaveLength(PDF_LIMITS.member.limit);
    const refused = answers.filter((a) => a.kind === "limited");
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer.retryAfterSeconds).toBeGreaterThan(0);
    // Ten minutes on, she can print again.
    expect((await pdfs.answer(database, her, null, later(10 * 60_000 + 1))).kind).toBe("pdf");
  });

  it("holds one address to 40 PDFs in ten minutes, whichever accounts ask", async () => {
    const pdfs = createBirthPlanPdfs({ renderer: countingRenderer().renderer });
    const members = await Promise.all([member(), member(), member()]);
    const answers = await Promise.all(
      Array.from({ length: PDF_LIMITS.address.limit + 5 }, (_, i) =>
        pdfs.answer(database, members[i % 3]!, "203.0.113.9", NOW),
      ),
    );
    expect(answers.filter((a) => a.kind === "pdf")).toHaveLength(PDF_LIMITS.address.limit);
    expect(answers.filter((a) => a.kind === "limited")).toHaveLength(5);
    // Another address is another count.
    expect((await pdfs.answer(database, members[0]!, "203.0.113.10", NOW)).kind).toBe("pdf");
  });

  it("holds the whole server to 600 PDFs in ten minutes, from any accounts and addresses", async () => {
    const pdfs = createBirthPlanPdfs({ renderer: countingRenderer().renderer });
    // The server has made all but three of them this window.
    const { key } = pdfLimitChecks("anyone", null).at(-1)!;
    await db()
      .insertInto("rate_limits")
      .values({ key, count: PDF_LIMITS.all.limit - 3, window_start: NOW.getTime() })
      .execute();
    const members = await Promise.all(Array.from({ length: 6 }, () => member()));
    const answers = await Promise.all(
      members.map((m, i) => pdfs.answer(database, m, `198.51.100.${i + 1}`, later(1000))),
    );
    expect(answers.filter((a) => a.kind === "pdf")).toHaveLength(3);
    expect(answers.filter((a) => a.kind === "limited")).toHaveLength(3);
  });
});
