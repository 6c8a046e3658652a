import { afterEach, describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { createPdfRenderer, type PdfRenderer } from "./pdf-renderer.server.ts";
import type { BirthPlanPdfInput } from "./pdf.server.ts";

/** A note of one unbroken word as long as a note may be. */
const unbroken = "abcdefghij".repeat(100);

const plan: BirthPlanPdfInput = {
  content: {
    sections: {
      environment: { choices: ["environment.dim-lights"], note: unbroken },
      feeding: { choices: ["feeding.skin-to-skin"], note: "Sam would like to tell me the sex." },
    },
  },
  firstName: "Amara",
  dueMonth: "March 2027",
  generatedAt: new Date("2026-11-26T10:00:00Z"),
};

/** For tests about the queue, not the PDF: quick to make. */
const empty: BirthPlanPdfInput = { ...plan, content: { sections: {} } };

describe("the PDF renderer (worker threads)", () => {
  let renderer: PdfRenderer | undefined;
  afterEach(async () => {
    await renderer?.close();
    renderer = undefined;
  });

  it("makes her PDF in a worker thread: tagged, with her long note whole", async () => {
    renderer = createPdfRenderer();
    const rendered = await renderer.render(plan);
    if (!rendered.ok) throw new Error("busy");
    expect(renderer.threads).toBe(1);
    const { pages, text, tagged, roles } = await pdfText(rendered.pdf);
    expect(pages).toBe(1);
    expect(tagged).toBe(true);
    expect(roles).toEqual(expect.arrayContaining(["H1", "H2", "L", "LI", "P"]));
    // Broken across lines, as any word too long for one: joined again, it is her note.
    expect(text.replace(/\n/g, "")).toContain(unbroken);
    expect(text).toContain("Sam would like to tell me the sex.");
    expect(text).toContain("Prepared with Tidewell · 26 November 2026");
  });

  it("answers busy at once for PDFs beyond the queue, and makes the ones it took", async () => {
    renderer = createPdfRenderer({ workers: 1, queue: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => renderer!.render(empty)));
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, false, false, false]);
    expect(answers[2]).toEqual({ ok: false, reason: "busy" });
    // Once they are made there is room again.
    expect((await renderer.render(empty)).ok).toBe(true);
  });

  it("never runs more workers than it may, however many PDFs wait", async () => {
    renderer = createPdfRenderer({ workers: 2, queue: 10 });
    const pending = Promise.allSettled(Array.from({ length: 6 }, () => renderer!.render(plan)));
    expect(renderer.threads).toBe(2);
    await renderer.close();
    await pending;
  });

  it("gives up a PDF that takes too long and stops its worker", async () => {
    renderer = createPdfRenderer({ timeoutMs: 1 });
    await expect(renderer.render(plan)).rejects.toThrow(/took longer than 1 ms/);
    await expect.poll(() => renderer!.threads).toBe(0);
  });

  it("lets an idle worker go, and starts another for the next PDF", async () => {
    renderer = createPdfRenderer({ idleMs: 10 });
    expect((await renderer.render(empty)).ok).toBe(true);
    await expect.poll(() => renderer!.threads).toBe(0);
    const next = renderer.render(plan).catch(() => null);
    expect(renderer.threads).toBe(1);
    await renderer.close();
    await next;
  });

  it("refuses what is waiting when it closes", async () => {
    renderer = createPdfRenderer({ workers: 1, queue: 3 });
    const settled = Promise.allSettled(Array.from({ length: 3 }, () => renderer!.render(plan)));
    await renderer.close();
    const results = await settled;
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(renderer.threads).toBe(0);
    await expect(renderer.render(plan)).rejects.toThrow(/closed/);
  });
});
