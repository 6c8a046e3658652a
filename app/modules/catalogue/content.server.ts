import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { Colour } from "./guides.ts";
import { countWords, renderMarkdown } from "./markdown.server.ts";
import { checkPiece, siteWordsFrom } from "./pieces.server.ts";
import { pieceKey, slugify, type PieceKind, type PieceText } from "./pieces.ts";

/**
 * The authored content in content/, bundled with the server and checked at
 * start: a malformed file stops the build's first request, not a visitor.
 *
 * The words the owner edits in the studio (articles, stories, the FAQ,
 * testimonials, the founder's story, the course page's words) are here only
 * as their first revision, loaded into the database at the first start
 * (revisions.server.ts); pages
 * read the published words from the instance's snapshot (site-words.server.ts).
 * The legal pages, resources and social posts are still read from here.
 */

const raw = {
  articles: import.meta.glob<string>("/content/articles/*.md", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  stories: import.meta.glob<string>("/content/stories/*.md", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  legal: import.meta.glob<string>("/content/legal/*.md", { query: "?raw", import: "default", eager: true }),
  pages: import.meta.glob<string>("/content/pages/*.md", { query: "?raw", import: "default", eager: true }),
  data: import.meta.glob<string>("/content/*.yaml", { query: "?raw", import: "default", eager: true }),
};

function splitFrontMatter(source: string, file: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file} has no front matter`);
  return { data: parseYaml(match[1]!) as unknown, body: match[2]!.trim() };
}

function slugOf(file: string) {
  return file
    .split("/")
    .pop()!
    .replace(/\.(md|yaml)$/, "");
}

function load<T extends z.ZodObject>(files: Record<string, string>, schema: T) {
  return Object.entries(files)
    .map(([file, source]) => {
      const { data, body } = splitFrontMatter(source, file);
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
      const fields = parsed.data as z.output<T>;
      return { slug: slugOf(file), ...fields, html: renderMarkdown(body), words: countWords(body) };
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

function yamlFile<T extends z.ZodType>(name: string, schema: T): z.output<T> {
  const source = raw.data[`/content/${name}.yaml`];
  if (source === undefined) throw new Error(`content/${name}.yaml is missing`);
  const parsed = schema.safeParse(parseYaml(source));
  if (!parsed.success) throw new Error(`content/${name}.yaml: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const legalSchema = z.object({ title: z.string().min(1), updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

const testimonialSchema = z.object({
  quote: z.string().min(1),
  author: z.string().min(1),
  role: z.string().min(1),
  location: z.string().min(1),
  rating: z.literal(5),
});

const resourceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  description: z.string().min(1),
  category: z.enum(["guide", "video", "faq", "article"]),
  tags: z.array(z.string().min(1)).min(1),
  link: z.string().startsWith("/").optional(),
});

const socialPostSchema = z.object({
  id: z.string().min(1),
  caption: z.string().min(1),
  likes: z.number().int().nonnegative(),
  illustration: z.enum(["moon", "waves", "breath", "hands", "leaf", "sun"]),
});

const faqSchema = z.object({ question: z.string().min(1), answer: z.string().min(1) });

export type Resource = z.output<typeof resourceSchema>;
export type SocialPost = z.output<typeof socialPostSchema>;
export type { Colour };
export type { Faq, Testimonial } from "./pieces.ts";

/** The seven Hypno-Science articles, in the fixed order the Hypno-Science page lists them. */
const ARTICLE_ORDER = [
  "neuroscience-of-calm",
  "oxytocin",
  "relaxation-response",
  "pain-or-power",
  "subconscious-mind",
  "cortisol-vs-calm",
  "babys-first-impression",
];

function markdownTexts(kind: PieceKind, files: Record<string, string>): PieceText[] {
  return Object.entries(files)
    .map(([file, source]) => {
      const { data, body } = splitFrontMatter(source, file);
      return checked(file, kind, slugOf(file), data, body);
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

function checked(file: string, kind: PieceKind, slug: string, fields: unknown, body: string): PieceText {
  const piece = checkPiece(kind, slug, fields, body);
  if (!piece.ok) throw new Error(`${file}: ${piece.message}`);
  return piece.text;
}

/** Slugs made of words, the second of two the same numbered ("aisha-k", "aisha-k-2"). */
function uniqueSlugs(words: string[]): string[] {
  const seen = new Map<string, number>();
  return words.map((word) => {
    const slug = slugify(word) || "piece";
    const count = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, count);
    return count === 1 ? slug : `${slug}-${count}`;
  });
}

function loadFirstRevision(): PieceText[] {
  const articles = markdownTexts("article", raw.articles).sort(
    (a, b) => ARTICLE_ORDER.indexOf(a.slug) - ARTICLE_ORDER.indexOf(b.slug),
  );
  const stories = markdownTexts("story", raw.stories);
  const pages = (kind: "about" | "course") =>
    markdownTexts(kind, { [`/content/pages/${kind}.md`]: raw.pages[`/content/pages/${kind}.md`] ?? "" });
  const faqs = yamlFile("faq", z.array(faqSchema).length(3));
  const faqSlugs = uniqueSlugs(faqs.map((faq) => faq.question));
  const testimonials = yamlFile("testimonials", z.array(testimonialSchema).min(6));
  const testimonialSlugs = uniqueSlugs(testimonials.map((t) => t.author));
  return [
    ...articles,
    ...stories,
    ...faqs.map((faq, i) =>
      checked("content/faq.yaml", "faq", faqSlugs[i]!, { question: faq.question }, faq.answer),
    ),
    ...testimonials.map(({ quote, author, role, location }, i) =>
      checked(
        "content/testimonials.yaml",
        "testimonial",
        testimonialSlugs[i]!,
        { author, role, location },
        quote,
      ),
    ),
    ...pages("about"),
    ...pages("course"),
  ];
}

/** The words in content/, as the first revision of each piece, in the order the pages list them. */
export const firstRevisionTexts: readonly PieceText[] = loadFirstRevision();
/** Where each piece comes in its page's list: the order of content/. */
export const PIECE_ORDER: readonly string[] = firstRevisionTexts.map(pieceKey);
/** The site's words as content/ has them: what a clean install shows. */
export const firstRevision = siteWordsFrom(firstRevisionTexts, PIECE_ORDER);

export const legal = Object.fromEntries(load(raw.legal, legalSchema).map((doc) => [doc.slug, doc])) as Record<
  "privacy" | "terms",
  ReturnType<typeof load<typeof legalSchema>>[number]
>;
export const resources = yamlFile("resources", z.array(resourceSchema).length(10));
export const socialPosts = yamlFile("social-posts", z.array(socialPostSchema).length(6));
