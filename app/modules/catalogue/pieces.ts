import { z } from "zod";
import type { Colour } from "./guides.ts";
import { countWords, renderMarkdown } from "./markdown.ts";

/**
 * The site's words as pieces the owner edits: each is a kind, a slug, its
 * fields (what a Markdown file's front matter holds) and its Markdown body.
 * This file says which fields each kind has, checks them, and turns a
 * piece's text into what the pages show, the same for a visitor's page and
 * the studio's preview. Pure.
 */

export const PIECE_KINDS = ["article", "story", "faq", "testimonial", "about"] as const;
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
};

export const COLOURS = ["lavender", "sage", "apricot", "plum", "rose", "sky", "sand"] as const;

/** The longest a piece's Markdown may be: the longest article today is about 1,700 words. */
export const BODY_MAX = 40_000;

/** How the editor shows a field: one line, a few lines, a whole number, a choice, or one entry per line. */
export type FieldInput = "line" | "text" | "number" | "choice" | "lines";
export interface FieldSpec {
  name: string;
  label: string;
  input: FieldInput;
  hint?: string;
  choices?: readonly string[];
}

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is missing.` })
    .trim()
    .min(1, `${label} can't be empty.`)
    .max(max, `${label} can be at most ${max} characters.`);
const colour = z.enum(COLOURS, { error: `Colour must be one of: ${COLOURS.join(", ")}.` });

const articleFields = z.strictObject({
  title: line("Title", 120),
  excerpt: line("Excerpt", 400),
  readTime: z
    .number({ error: "Reading time must be a whole number of minutes." })
    .int("Reading time must be a whole number of minutes.")
    .min(1, "Reading time must be at least 1 minute.")
    .max(60, "Reading time can be at most 60 minutes."),
  icon: z
    .string({ error: "Icon is missing." })
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "Icon must be an icon's name: small letters, digits and hyphens."),
  colour,
  references: z
    .array(line("A reference", 500), { error: "References are missing." })
    .min(1, "An article needs at least one reference.")
    .max(30, "An article can have at most 30 references."),
});

const storyFields = z.strictObject({
  title: line("Title", 120),
  name: line("Name", 60),
  birthType: line("Kind of birth", 60),
  excerpt: line("Excerpt", 400),
  colour,
});

const faqFields = z.strictObject({ question: line("Question", 200) });
const testimonialFields = z.strictObject({
  author: line("Name", 80),
  role: line("Who she is", 80),
  location: line("Where", 80),
});
const aboutFields = z.strictObject({ title: line("Title", 120), founder: line("Founder", 80) });

export const FIELD_SCHEMAS = {
  article: articleFields,
  story: storyFields,
  faq: faqFields,
  testimonial: testimonialFields,
  about: aboutFields,
} satisfies Record<PieceKind, z.ZodObject>;

export type PieceFields<K extends PieceKind> = z.output<(typeof FIELD_SCHEMAS)[K]>;

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
};

/** A piece's text: what a revision holds. */
export interface PieceText {
  kind: PieceKind;
  slug: string;
  fields: Record<string, unknown>;
  body: string;
}

export type CheckedPiece = { ok: true; text: PieceText } | { ok: false; message: string };

/** A piece's text checked: its fields as its kind has them, and a body within bounds. */
export function checkPiece(kind: PieceKind, slug: string, fields: unknown, body: string): CheckedPiece {
  const parsed = FIELD_SCHEMAS[kind].safeParse(fields);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const unknown =
      first.code === "unrecognized_keys" ? `There is no field called ${first.keys.join(", ")}.` : null;
    return { ok: false, message: unknown ?? first.message };
  }
  const text = body.replace(/\r\n?/g, "\n").trim();
  if (text === "") return { ok: false, message: `${FIELD_SPECS[kind].body} can't be empty.` };
  if (text.length > BODY_MAX)
    return {
      ok: false,
      message: `${FIELD_SPECS[kind].body} can be at most ${BODY_MAX.toLocaleString("en-GB")} characters.`,
    };
  return { ok: true, text: { kind, slug, fields: parsed.data, body: text } };
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

export type Article = PieceFields<"article"> & { slug: string; colour: Colour; html: string; words: number };
export type Story = PieceFields<"story"> & { slug: string; colour: Colour; html: string; words: number };
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
export type About = PieceFields<"about"> & { slug: string; html: string };

/** Every word the public pages show that the owner edits, as they show it. */
export interface SiteWords {
  articles: Article[];
  stories: Story[];
  faqs: Faq[];
  testimonials: Testimonial[];
  about: About;
}

/** The page's shape of one piece's text (already checked). */
export function pageOf(text: PieceText) {
  const { kind, slug, body } = text;
  switch (kind) {
    case "article": {
      const fields = text.fields as PieceFields<"article">;
      return {
        kind,
        value: { slug, ...fields, html: renderMarkdown(body), words: countWords(body) } as Article,
      };
    }
    case "story": {
      const fields = text.fields as PieceFields<"story">;
      return {
        kind,
        value: { slug, ...fields, html: renderMarkdown(body), words: countWords(body) } as Story,
      };
    }
    case "faq":
      return { kind, value: { question: (text.fields as PieceFields<"faq">).question, answer: body } as Faq };
    case "testimonial":
      return {
        kind,
        value: { quote: body, ...(text.fields as PieceFields<"testimonial">), rating: 5 } as Testimonial,
      };
    case "about":
      return {
        kind,
        value: { slug, ...(text.fields as PieceFields<"about">), html: renderMarkdown(body) } as About,
      };
  }
}

/**
 * The site's words from the published text of each piece, in the order the
 * pages list them (`order`: the pieces' keys as content/ gives them; a piece
 * it doesn't name goes after, by slug).
 */
export function siteWordsFrom(texts: readonly PieceText[], order: readonly string[]): SiteWords {
  const rank = (text: PieceText) => {
    const at = order.indexOf(pieceKey(text));
    return at < 0 ? order.length : at;
  };
  const sorted = [...texts].sort((a, b) => rank(a) - rank(b) || a.slug.localeCompare(b.slug));
  const words: Omit<SiteWords, "about"> & { about: About | null } = {
    articles: [],
    stories: [],
    faqs: [],
    testimonials: [],
    about: null,
  };
  for (const text of sorted) {
    const page = pageOf(text);
    if (page.kind === "article") words.articles.push(page.value);
    else if (page.kind === "story") words.stories.push(page.value);
    else if (page.kind === "faq") words.faqs.push(page.value);
    else if (page.kind === "testimonial") words.testimonials.push(page.value);
    else words.about ??= page.value;
  }
  if (!words.about) throw new Error("The About page's words are missing");
  return { ...words, about: words.about };
}

/** A piece's key: its kind and slug. */
export function pieceKey({ kind, slug }: Pick<PieceText, "kind" | "slug">): string {
  return `${kind}/${slug}`;
}

/** What a card shows: everything but the article's body. */
export function articleSummary({ slug, title, excerpt, readTime, icon, colour }: Article) {
  return { slug, title, excerpt, readTime, icon, colour };
}
