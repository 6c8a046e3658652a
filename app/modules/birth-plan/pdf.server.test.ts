import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { emptyBirthPlan, NOTE_MAX_LENGTH, type BirthPlanContent } from "./plan.ts";
import { printable } from "#app/platform/print-fonts.server.ts";
import { planByline, renderBirthPlanPdf } from "./pdf.server.ts";
import { BIRTH_PLAN_SECTIONS, findChoice } from "./sections.ts";

const generatedAt = new Date("2026-11-26T10:00:00Z");

/** Text with line breaks and hyphenation undone, so a label that wrapped still matches. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const typical: BirthPlanContent = {
  sections: {
    environment: {
      choices: ["environment.dim-lights", "environment.own-music", "environment.birth-pool"],
      note: "Please knock before coming in.",
    },
    "partner-role": { choices: ["partner-role.breathing", "partner-role.massage"], note: "" },
    "pain-relief": { choices: ["pain-relief.breathing", "pain-relief.gas-and-air"], note: "" },
    monitoring: { choices: ["monitoring.intermittent"], note: "" },
    "third-stage": { choices: ["third-stage.delayed-cord"], note: "" },
    feeding: {
      choices: ["feeding.skin-to-skin", "feeding.breast"],
      note: "Sam would like to tell me the sex.",
    },
  },
};

const withPlansBAndC: BirthPlanContent = {
  sections: {
    ...typical.sections,
    "plan-b": { choices: ["plan-b.explain-why", "plan-b.home-first"], note: "" },
    "plan-c": { choices: ["plan-c.screen-lowered", "plan-c.skin-to-skin"], note: "Photos, please." },
  },
};

const longNote = (seed: string) =>
  Array.from({ length: 200 }, (_, i) => `${seed}${i % 7 === 0 ? "," : ""}`)
    .join(" ")
    .slice(0, NOTE_MAX_LENGTH);

const everything: BirthPlanContent = {
  sections: Object.fromEntries(
    BIRTH_PLAN_SECTIONS.map((s) => [s.id, { choices: s.choices.map((c) => c.id), note: longNote("calm") }]),
  ),
};

/** Every content stream of a PDF, as drawing operators (PDFKit compresses them with Flate). */
function drawingOperators(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = Buffer.from(raw.slice(start, end), "latin1");
    try {
      streams.push(inflateSync(bytes).toString("latin1"));
    } catch {
      streams.push(bytes.toString("latin1"));
    }
  }
  return streams.join("\n");
}

describe("renderBirthPlanPdf", () => {
  it("prints on a white page: nothing fills the whole page", async () => {
    const pdf = await renderBirthPlanPdf({
      content: typical,
      firstName: "Amara",
      dueMonth: "March 2027",
      generatedAt,
    });
    const operators = drawingOperators(pdf);
    // Rectangles drawn (x y width height re): none as large as the A4 page (595 x 842 points).
    const rectangles = [...operators.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
      (m) => ({
        width: Math.abs(Number(m[3])),
        height: Math.abs(Number(m[4])),
      }),
    );
    expect(operators).toMatch(/ Tf/); // the streams were read: the page's text is set in them
    expect(rectangles.filter((r) => r.width >= 590 && r.height >= 836)).toEqual([]);
  });

  it("prints her choices, her note, her first name and due month on one page", async () => {
    const pdf = await renderBirthPlanPdf({
      content: typical,
      firstName: "Amara",
      dueMonth: "March 2027",
      generatedAt,
    });
    const { pages, text, tagged } = await pdfText(pdf);
    const all = flat(text);
    expect(pages).toBe(1);
    expect(tagged).toBe(true);
    expect(all).toContain("Birth preferences");
    expect(all).toContain("Amara’s plan · due March 2027");
    expect(all).toContain("Prepared with Tidewell · 26 November 2026");
    for (const id of Object.values(typical.sections).flatMap((s) => s.choices)) {
      expect(all).toContain(findChoice(id)!.choice.label);
    }
    expect(all).toContain("Please knock before coming in.");
    expect(all).toContain("Sam would like to tell me the sex.");
    expect(all).not.toMatch(/\b\d{1,2} March 2027\b/);
    expect(all).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{2,4}/);
    expect(all).not.toContain("Plan C");
  });

  it("puts plans B and C on a second page when she chose anything there", async () => {
    const pdf = await renderBirthPlanPdf({
      content: withPlansBAndC,
      firstName: "Amara",
      dueMonth: "March 2027",
      generatedAt,
    });
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(2);
    const [first = "", second = ""] = text.split("\f").map(flat);
    expect(first).toContain("Dim lights");
    expect(first).not.toContain("Plan B: induction");
    expect(second).toContain("Plan B: induction");
    expect(second).toContain("Plan C: caesarean birth");
    expect(second).toContain("Screen lowered to see my baby born");
    expect(second).toContain("Photos, please.");
  });

  it("gives a valid one-page PDF for an empty plan", async () => {
    const pdf = await renderBirthPlanPdf({
      content: emptyBirthPlan(),
      firstName: "Amara",
      dueMonth: null,
      generatedAt,
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages, text, tagged } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(tagged).toBe(true);
    expect(flat(text)).toContain("No preferences yet.");
    expect(flat(text)).toContain("Amara’s plan");
    expect(flat(text)).not.toContain("due");
  });

  it("keeps a plan with every choice and the longest notes to two pages", async () => {
    const pdf = await renderBirthPlanPdf({
      content: everything,
      firstName: "Amara",
      dueMonth: "March 2027",
      generatedAt,
    });
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(2);
    const all = flat(text);
    for (const section of BIRTH_PLAN_SECTIONS) expect(all).toContain(section.title);
  });

  it("prints a note that is one unbroken word of 1,000 characters whole, across lines, and notes like it on two pages", async () => {
    const word = (seed: string) =>
      seed.repeat(Math.ceil(NOTE_MAX_LENGTH / seed.length)).slice(0, NOTE_MAX_LENGTH);
    const one = await pdfText(
      await renderBirthPlanPdf({
        content: { sections: { environment: { choices: [], note: word("calmbreath") } } },
        firstName: "Amara",
        dueMonth: null,
        generatedAt,
      }),
    );
    expect(one.pages).toBe(1);
    expect(one.tagged).toBe(true);
    expect(one.text.replace(/\n/g, "")).toContain(word("calmbreath"));

    // Every section's note such a word: shortened as long notes are, within two pages.
    const all = await pdfText(
      await renderBirthPlanPdf({
        content: {
          sections: Object.fromEntries(
            BIRTH_PLAN_SECTIONS.map((s) => [s.id, { choices: [s.choices[0]!.id], note: word(`${s.id}-`) }]),
          ),
        },
        firstName: "Amara",
        dueMonth: null,
        generatedAt,
      }),
    );
    expect(all.pages).toBe(2);
    for (const section of BIRTH_PLAN_SECTIONS) expect(flat(all.text)).toContain(section.title);
  });

  it("is tagged, with a title, headings and lists", async () => {
    const pdf = await renderBirthPlanPdf({
      content: withPlansBAndC,
      firstName: "Amara",
      dueMonth: "March 2027",
      generatedAt,
    });
    const { tagged, roles } = await pdfText(pdf);
    expect(tagged).toBe(true);
    expect(roles).toContain("H1");
    expect(roles).toContain("H2");
    expect(roles).toContain("L");
    expect(roles).toContain("LI");
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/Lang (en-GB)");
    expect(raw).toMatch(/\/DisplayDocTitle true/);
  });
});

describe("planByline", () => {
  it("shows her first name only, and the month when she gave one", () => {
    expect(planByline("Amara Okafor", "March 2027")).toBe("Amara’s plan · due March 2027");
    expect(planByline("  ", null)).toBe("My plan");
    expect(planByline("Zoë", null)).toBe("Zoë’s plan");
    expect(planByline("Łucja", "May 2027")).toBe("Lucja’s plan · due May 2027");
  });
});

describe("printable", () => {
  it("keeps what the fonts can print and softens what they can't", () => {
    expect(printable("Zoë’s café – 50% … “yes”")).toBe("Zoë’s café – 50% … “yes”");
    expect(printable("Calm 🌊🙏🏽 please\r\nline two\tend")).toBe("Calm  please\nline two end");
    expect(printable("Łucja, Ştefan, Dvořák")).toBe("Lucja, Stefan, Dvorák");
    expect(printable("Мария")).toBe("?????");
  });
});
