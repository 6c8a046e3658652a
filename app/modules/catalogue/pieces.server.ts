import { z } from "zod";
import { countWords, renderMarkdown } from "./markdown.server.ts";
import {
  BODY_MAX,
  COLOURS,
  FIELD_SPECS,
  pieceKey,
  type About,
  type Article,
  type CourseWords,
  type Faq,
  type PieceKind,
  type PieceText,
  type SiteWords,
  type Story,
  type Testimonial,
} from "./pieces.ts";

/**
 * A piece's text checked against its kind's fields, and turned into what the
 * pages show: the same for a visitor's page, the studio's preview and the
 * text loaded from content/.
 */

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

/**
 * A price written into the course page's words would go stale (or be wrong)
 * the day the payment settings change: the page shows the price beside them,
 * from the server. "€27", "27 euro", "£19.99", "EUR 27".
 */
const WRITTEN_PRICE = /[€£$]\s*\d|\d\s*(?:€|£|eur\b|euros?\b|gbp\b|pounds?\b)|\b(?:eur|gbp|usd)\s*\d/i;
const PRICE_LEFT_OUT = "Leave the price out: the page shows it from the payment settings.";
const noPrice = <T extends z.ZodString>(field: T) =>
  field.refine((value) => !WRITTEN_PRICE.test(value), PRICE_LEFT_OUT);

/** "Listen: Short guided sessions…": a card's name, a colon, and what it says. */
const STEP = /^([^:]{1,40}):\s*(\S.*)$/;
const STEPS_HINT =
  "How it works needs four lines (listening, practising, the partner, understanding), each its name, a colon, then what it says.";
const courseList = (label: string) =>
  z
    .array(noPrice(line(`A line of ${label}`, 200)), { error: `${label} is missing.` })
    .min(1, `${label} needs at least one line.`)
    .max(10, `${label} can have at most 10 lines.`);

const courseFields = z.strictObject({
  title: noPrice(line("Headline", 120)),
  description: noPrice(line("In search results", 300)),
  steps: z
    .array(noPrice(line("A line of How it works", 300).regex(STEP, STEPS_HINT)), { error: STEPS_HINT })
    .length(4, STEPS_HINT),
  foundation: courseList("The Foundation Course gives"),
  complete: courseList("The Complete Course gives"),
  guarantee: noPrice(line("Guarantee", 120)),
});

const FIELD_SCHEMAS = {
  article: articleFields,
  story: storyFields,
  faq: faqFields,
  testimonial: testimonialFields,
  about: aboutFields,
  course: courseFields,
} satisfies Record<PieceKind, z.ZodObject>;

type PieceFields<K extends PieceKind> = z.output<(typeof FIELD_SCHEMAS)[K]>;

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
  if (kind === "course" && WRITTEN_PRICE.test(text)) return { ok: false, message: PRICE_LEFT_OUT };
  if (text.length > BODY_MAX)
    return {
      ok: false,
      message: `${FIELD_SPECS[kind].body} can be at most ${BODY_MAX.toLocaleString("en-GB")} characters.`,
    };
  return { ok: true, text: { kind, slug, fields: parsed.data, body: text } };
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
    case "course": {
      const { steps, ...fields } = text.fields as PieceFields<"course">;
      const cards = steps.map((step) => {
        const [, title, said] = STEP.exec(step)!;
        return { title: title!.trim(), text: said!.trim() };
      });
      return { kind, value: { ...fields, steps: cards, html: renderMarkdown(body) } as CourseWords };
    }
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
  const words: Omit<SiteWords, "about" | "course"> & { about: About | null; course: CourseWords | null } = {
    articles: [],
    stories: [],
    faqs: [],
    testimonials: [],
    about: null,
    course: null,
  };
  for (const text of sorted) {
    const page = pageOf(text);
    if (page.kind === "article") words.articles.push(page.value);
    else if (page.kind === "story") words.stories.push(page.value);
    else if (page.kind === "faq") words.faqs.push(page.value);
    else if (page.kind === "testimonial") words.testimonials.push(page.value);
    else if (page.kind === "about") words.about ??= page.value;
    else words.course ??= page.value;
  }
  if (!words.about) throw new Error("The About page's words are missing");
  if (!words.course) throw new Error("The course page's words are missing");
  return { ...words, about: words.about, course: words.course };
}
