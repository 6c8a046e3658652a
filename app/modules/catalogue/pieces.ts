import type { Colour } from "./guides.ts";

/**
 * The site's words as pieces the owner edits: each is a kind, a slug, its
 * fields (what a Markdown file's front matter holds) and its Markdown body.
 * This file says which fields each kind has and how the editor shows them;
 * pieces.server.ts checks them and turns a piece's text into what the pages
 * show. Pure.
 */

export const PIECE_KINDS = ["article", "story", "faq", "testimonial", "about", "course"] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];

export function isPieceKind(value: string): value is PieceKind {
  return (PIECE_KINDS as readonly string[]).includes(value);
}

/** How the studio names each kind in a sentence ("Published the article …") and as a heading. */
export const PIECE_KIND_WORDS: Record<PieceKind, { one: string; many: string; where: string }> = {
  article: { one: "article", many: "Articles", where: "Hypno-Science" },
  story: { one: "birth story", many: "Birth stories", where: "Birth stories" },
  faq: { one: "question", many: "Questions and answers", where: "Contact page" },
  testimonial: { one: "testimonial", many: "Testimonials", where: "Home page" },
  about: { one: "founder's story", many: "About page", where: "About page" },
  course: { one: "course page", many: "Course page", where: "Course page" },
};

export const COLOURS = ["lavender", "sage", "apricot", "plum", "rose", "sky", "sand"] as const;

/** The longest a piece's Markdown may be: the longest article today is about 1,700 words. */
export const BODY_MAX = 40_000;

/** How the editor shows a field: one line, a few lines, a whole number, a choice, or one entry per line. */
type FieldInput = "line" | "text" | "number" | "choice" | "lines";
export interface FieldSpec {
  name: string;
  label: string;
  input: FieldInput;
  hint?: string;
  choices?: readonly string[];
}

const colourChoice: FieldSpec = { name: "colour", label: "Colour", input: "choice", choices: COLOURS };

/** The editor's fields for each kind, in order, and what its body is called. */
export const FIELD_SPECS: Record<PieceKind, { fields: FieldSpec[]; body: string; bodyHint: string }> = {
  article: {
    fields: [
      { name: "title", label: "Title", input: "line" },
      { name: "excerpt", label: "Excerpt", input: "text", hint: "One or two sentences for the card." },
      { name: "readTime", label: "Reading time (minutes)", input: "number" },
      { name: "icon", label: "Icon", input: "line", hint: "The card's icon, by name (brain, heart, leaf…)." },
      colourChoice,
      { name: "references", label: "References", input: "lines", hint: "One reference a line." },
    ],
    body: "Article",
    bodyHint: "Markdown: ## for a heading, - for a list, **bold**, *italic*.",
  },
  story: {
    fields: [
      { name: "title", label: "Title", input: "line" },
      { name: "name", label: "Name", input: "line", hint: "First name only." },
      { name: "birthType", label: "Kind of birth", input: "line", hint: "Hospital birth, Induction…" },
      { name: "excerpt", label: "Excerpt", input: "text", hint: "One or two sentences for the card." },
      colourChoice,
    ],
    body: "Story",
    bodyHint: "Markdown: ## for a heading, - for a list, **bold**, *italic*.",
  },
  faq: {
    fields: [{ name: "question", label: "Question", input: "line" }],
    body: "Answer",
    bodyHint: "Plain words.",
  },
  testimonial: {
    fields: [
      { name: "author", label: "Name", input: "line" },
      { name: "role", label: "Who she is", input: "line", hint: "First-time mum, Birth partner…" },
      { name: "location", label: "Where", input: "line" },
    ],
    body: "What she said",
    bodyHint: "Plain words, without quotation marks.",
  },
  about: {
    fields: [
      { name: "title", label: "Title", input: "line" },
      { name: "founder", label: "Founder", input: "line" },
    ],
    body: "Founder's story",
    bodyHint: "Markdown: ## for a heading, - for a list, **bold**, *italic*.",
  },
  course: {
    fields: [
      { name: "title", label: "Headline", input: "line" },
      {
        name: "description",
        label: "In search results",
        input: "text",
        hint: "A sentence or two that search engines and shared links show under the page's name.",
      },
      {
        name: "steps",
        label: "How it works",
        input: "lines",
        hint: "Four lines, one a card, in this order: listening, practising, the partner, understanding. Each is its name, a colon, then what it says.",
      },
      {
        name: "foundation",
        label: "The Foundation Course gives",
        input: "lines",
        hint: "One a line, ticked on the free course's card.",
      },
      {
        name: "complete",
        label: "The Complete Course gives",
        input: "lines",
        hint: "One a line, ticked on the Complete Course's card: what the free course doesn't give.",
      },
      { name: "guarantee", label: "Guarantee", input: "line", hint: "Under the Complete Course's list." },
    ],
    body: "Introduction",
    bodyHint:
      "Markdown, under the headline. Leave prices out: the page shows the price from the payment settings.",
  },
};

/** A piece's text: what a revision holds. */
export interface PieceText {
  kind: PieceKind;
  slug: string;
  fields: Record<string, unknown>;
  body: string;
}

/** The fields as the editor's form sent them (every value a string), as the kind's schema reads them. */
export function fieldsFromForm(
  kind: PieceKind,
  form: (name: string) => string | null,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const spec of FIELD_SPECS[kind].fields) {
    const value = form(`field.${spec.name}`);
    if (value === null) continue;
    if (spec.input === "number") fields[spec.name] = /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    else if (spec.input === "lines")
      fields[spec.name] = value
        .split(/\r?\n/)
        .map((entry) => entry.trim())
        .filter(Boolean);
    else fields[spec.name] = value;
  }
  return fields;
}

/** A field's value as the editor shows it in its box. */
export function fieldFormValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join("\n");
  return value === undefined || value === null ? "" : String(value);
}

/** What the title of a piece is, as the studio lists it. */
export function pieceTitle(text: Pick<PieceText, "kind" | "fields" | "body">): string {
  const { fields } = text;
  const pick = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  if (text.kind === "faq") return pick("question");
  if (text.kind === "testimonial") return `${pick("author")}, ${pick("role")}`;
  return pick("title");
}

/** A slug made of words ("How quickly will you reply?" → "how-quickly-will-you-reply"). */
export function slugify(words: string): string {
  return words
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  readTime: number;
  icon: string;
  colour: Colour;
  references: string[];
  html: string;
  words: number;
}
export interface Story {
  slug: string;
  title: string;
  name: string;
  birthType: string;
  excerpt: string;
  colour: Colour;
  html: string;
  words: number;
}
export interface Faq {
  question: string;
  answer: string;
}
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  location: string;
  rating: 5;
}
export interface About {
  slug: string;
  title: string;
  founder: string;
  html: string;
}

/** One of the four cards under the course page's headline. */
export interface CourseStep {
  title: string;
  text: string;
}
/** The course page's own words; its sessions, guides and price come from the catalogue and the payment settings. */
export interface CourseWords {
  title: string;
  description: string;
  steps: CourseStep[];
  foundation: string[];
  complete: string[];
  guarantee: string;
  html: string;
}

/** Every word the public pages show that the owner edits, as they show it. */
export interface SiteWords {
  articles: Article[];
  stories: Story[];
  faqs: Faq[];
  testimonials: Testimonial[];
  about: About;
  course: CourseWords;
}

/** A piece's key: its kind and slug. */
export function pieceKey({ kind, slug }: Pick<PieceText, "kind" | "slug">): string {
  return `${kind}/${slug}`;
}

/** What a card shows: everything but the article's body. */
export function articleSummary({ slug, title, excerpt, readTime, icon, colour }: Article) {
  return { slug, title, excerpt, readTime, icon, colour };
}
