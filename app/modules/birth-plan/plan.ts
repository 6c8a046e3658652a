/**
 * A member's birth preferences: what she ticked in each section and her note, the rules for reading them from a
 * form or from stored JSON, and the summary the page and the PDF show. Pure: the browser imports it too.
 */
import * as z from "zod/mini";
import {
  BIRTH_PLAN_SECTIONS,
  findChoice,
  findSection,
  SECTION_IDS,
  type BirthPlanChoice,
  type BirthPlanSection,
  type SectionId,
} from "./sections.ts";

interface SectionContent {
  /** Choice ids of this section, in the section's order. */
  choices: string[];
  /** Her own words, trimmed; "" when she wrote nothing. */
  note: string;
}

export interface BirthPlanContent {
  sections: Partial<Record<SectionId, SectionContent>>;
}

export const NOTE_MAX_LENGTH = 1000;

export const UNKNOWN_CHOICE_MESSAGE = "That choice isn't one of the plan's.";
const UNREADABLE_PLAN_MESSAGE = "That plan couldn't be read. Please reload the page and try again.";

export type ParseResult =
  { ok: true; content: BirthPlanContent } | { ok: false; errors: Record<string, string> };

/** The form field of a section's note (`note.<section id>`); also the key of its error. */
export const noteField = (sectionId: SectionId) => `note.${sectionId}`;
/** The form field of the choices (repeated, one value per ticked choice); also the key of their error. */
export const CHOICE_FIELD = "choice";

const noteTooLong = (length: number) =>
  `This note is ${length.toLocaleString("en-GB")} characters. Please keep it to ${NOTE_MAX_LENGTH.toLocaleString("en-GB")} or fewer.`;

/** A note as kept: line endings as a textarea counts them, no space around it. */
function cleanNote(note: string): string {
  return note.replace(/\r\n?/g, "\n").trim();
}

export function emptyBirthPlan(): BirthPlanContent {
  return { sections: {} };
}

/**
 * Builds content from choice ids and notes, checking them: unknown choices and too-long notes are errors;
 * choices are kept once each, in section order; sections with nothing in them are left out.
 */
function build(
  choiceIds: readonly unknown[],
  notes: Partial<Record<SectionId, string>>,
  /** When given, the section each choice was stored under, which must be its own. */
  storedUnder?: readonly (SectionId | undefined)[],
): ParseResult {
  const errors: Record<string, string> = {};
  const chosen = new Set<string>();
  choiceIds.forEach((id, index) => {
    const found = typeof id === "string" ? findChoice(id) : undefined;
    const under = storedUnder?.[index];
    if (!found || (under !== undefined && found.section.id !== under)) {
      errors[CHOICE_FIELD] = UNKNOWN_CHOICE_MESSAGE;
    } else {
      chosen.add(found.choice.id);
    }
  });

  const sections: BirthPlanContent["sections"] = {};
  for (const section of BIRTH_PLAN_SECTIONS) {
    const note = cleanNote(notes[section.id] ?? "");
    if (note.length > NOTE_MAX_LENGTH) errors[noteField(section.id)] = noteTooLong(note.length);
    const choices = section.choices.filter((c) => chosen.has(c.id)).map((c) => c.id);
    if (choices.length > 0 || note !== "") sections[section.id] = { choices, note };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content: { sections } };
}

/**
 * Reads the builder's form: `choice` (repeated, a choice id each) and `note.<section id>`. Nothing else is read.
 */
export function parseBirthPlanForm(form: FormData | URLSearchParams): ParseResult {
  const notes: Partial<Record<SectionId, string>> = {};
  for (const id of SECTION_IDS) {
    const value = form.get(noteField(id));
    if (typeof value === "string") notes[id] = value;
  }
  return build(form.getAll(CHOICE_FIELD), notes);
}

const sectionSchema = z.object({
  choices: z._default(z.array(z.string()), []),
  note: z._default(z.string(), ""),
});

const contentSchema = z.object({
  sections: z.partialRecord(z.enum(SECTION_IDS as [SectionId, ...SectionId[]]), sectionSchema),
});

/** Reads content from JSON (what is stored, and what autosave sends), with the same rules as the form. */
export function parseBirthPlanJson(value: unknown): ParseResult {
  const parsed = contentSchema.safeParse(value);
  if (!parsed.success) return { ok: false, errors: { content: UNREADABLE_PLAN_MESSAGE } };
  const choiceIds: string[] = [];
  const storedUnder: SectionId[] = [];
  const notes: Partial<Record<SectionId, string>> = {};
  for (const id of SECTION_IDS) {
    const section = parsed.data.sections[id];
    if (!section) continue;
    for (const choiceId of section.choices) {
      choiceIds.push(choiceId);
      storedUnder.push(id);
    }
    notes[id] = section.note;
  }
  return build(choiceIds, notes, storedUnder);
}

/** The choices she made in a section, as the section lists them. Ids the plan doesn't have are skipped. */
export function chosenIn(content: BirthPlanContent, sectionId: SectionId): BirthPlanChoice[] {
  const ids = new Set(content.sections[sectionId]?.choices ?? []);
  return findSection(sectionId).choices.filter((c) => ids.has(c.id));
}

/** Her note for a section, trimmed; "" when there is none. */
export function noteIn(content: BirthPlanContent, sectionId: SectionId): string {
  return cleanNote(content.sections[sectionId]?.note ?? "");
}

/** True when nothing is ticked and no note is written anywhere. */
export function isEmptyPlan(content: BirthPlanContent): boolean {
  return SECTION_IDS.every((id) => chosenIn(content, id).length === 0 && noteIn(content, id) === "");
}

/** The same preferences, whatever the order of the choices and however empty sections are written. */
export function sameContent(a: BirthPlanContent, b: BirthPlanContent): boolean {
  return SECTION_IDS.every((id) => {
    if (noteIn(a, id) !== noteIn(b, id)) return false;
    const left = chosenIn(a, id);
    const right = chosenIn(b, id);
    return left.length === right.length && left.every((c, i) => c.id === right[i]?.id);
  });
}

export interface SummarySection {
  section: BirthPlanSection;
  chosen: BirthPlanChoice[];
  note: string;
}

export interface PlanSummary {
  planA: SummarySection[];
  planB: SummarySection[];
  planC: SummarySection[];
}

/** The sections she filled in (a choice or a note), in the course's order, split by plan. */
export function planSummary(content: BirthPlanContent): PlanSummary {
  const summary: PlanSummary = { planA: [], planB: [], planC: [] };
  for (const section of BIRTH_PLAN_SECTIONS) {
    const chosen = chosenIn(content, section.id);
    const note = noteIn(content, section.id);
    if (chosen.length === 0 && note === "") continue;
    const list = section.plan === "a" ? summary.planA : section.plan === "b" ? summary.planB : summary.planC;
    list.push({ section, chosen, note });
  }
  return summary;
}
