import { describe, expect, it } from "vitest";
import { firstRevision, firstRevisionTexts } from "./content.server.ts";
import { checkPiece, pageOf } from "./pieces.server.ts";
import { fieldsFromForm, type CourseWords } from "./pieces.ts";

const course = firstRevisionTexts.find((text) => text.kind === "course")!;
const seed = course.fields as Record<string, unknown>;

/** The course page's fields as the editor's form sends them (every value a string), with some changed. */
function courseForm(changes: Record<string, string> = {}) {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(seed)) {
    form[`field.${name}`] = Array.isArray(value) ? value.join("\n") : String(value);
  }
  for (const [name, value] of Object.entries(changes)) form[`field.${name}`] = value;
  return fieldsFromForm("course", (name) => form[name] ?? null);
}
const check = (changes: Record<string, string> = {}, body = course.body) =>
  checkPiece("course", "course", courseForm(changes), body);
const messageOf = (changes: Record<string, string>, body?: string) => {
  const checked = check(changes, body);
  return checked.ok ? null : checked.message;
};

describe("the course page's words", () => {
  it("are in content/ as the page has always shown them", () => {
    const words: CourseWords = firstRevision.course;
    expect(words.title).toBe("Calm, practical preparation for birth");
    expect(words.steps.map((step) => step.title)).toEqual([
      "Listen",
      "Practise daily",
      "Bring your partner",
      "Understand",
    ]);
    expect(words.steps[0]!.text).toMatch(/^Short guided sessions/);
    expect(words.foundation).toHaveLength(4);
    expect(words.complete).toContain("Lifetime access, for all your pregnancies");
    expect(words.guarantee).toBe("30-day money-back guarantee");
    expect(words.html).toMatch(/^<p>Tidewell teaches simple hypnobirthing skills/);
  });

  it("take the editor's form back as they were, and turn each How it works line into a card", () => {
    const checked = check({
      steps: "Listen:   Sessions to play.\nPractise: Daily.\nShare: Scripts.\nLearn: Guides.",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const page = pageOf(checked.text);
    expect(page.kind === "course" && page.value.steps).toEqual([
      { title: "Listen", text: "Sessions to play." },
      { title: "Practise", text: "Daily." },
      { title: "Share", text: "Scripts." },
      { title: "Learn", text: "Guides." },
    ]);
    expect(check()).toEqual({
      ok: true,
      text: { kind: "course", slug: "course", fields: seed, body: course.body },
    });
  });

  it("refuse an empty headline, guarantee or list, with the field's name", () => {
    expect(messageOf({ title: "  " })).toBe("Headline can't be empty.");
    expect(messageOf({ guarantee: "" })).toBe("Guarantee can't be empty.");
    expect(messageOf({ complete: "\n \n" })).toBe("The Complete Course gives needs at least one line.");
    expect(messageOf({}, "  ")).toBe("Introduction can't be empty.");
  });

  it("need exactly four How it works cards, each a name, a colon and what it says", () => {
    const hint = /^How it works needs four lines/;
    expect(messageOf({ steps: "Listen: Sessions.\nPractise: Daily.\nShare: Scripts." })).toMatch(hint);
    expect(messageOf({ steps: "Listen: a.\nPractise: b.\nShare: c.\nLearn: d.\nMore: e." })).toMatch(hint);
    expect(messageOf({ steps: "Listen: a.\nPractise daily\nShare: c.\nLearn: d." })).toMatch(hint);
  });

  it("keep prices out: the page shows the price from the payment settings", () => {
    const leftOut = "Leave the price out: the page shows it from the payment settings.";
    expect(messageOf({ title: "The whole course for €27" })).toBe(leftOut);
    expect(messageOf({ complete: "All nine sessions\nOnly 25 euro, once" })).toBe(leftOut);
    expect(messageOf({ guarantee: "Your £19.99 back within 30 days" })).toBe(leftOut);
    expect(messageOf({ description: "Hypnobirthing for EUR 27." })).toBe(leftOut);
    expect(messageOf({}, "Everything for 27€.")).toBe(leftOut);
    // Numbers that aren't money are words like any other.
    expect(check({ guarantee: "30-day money-back guarantee, 9 sessions" }).ok).toBe(true);
  });

  it("have no fields but the page's", () => {
    const checked = checkPiece("course", "course", { ...seed, price: "€27" }, course.body);
    expect(checked).toEqual({ ok: false, message: "There is no field called price." });
  });
});
