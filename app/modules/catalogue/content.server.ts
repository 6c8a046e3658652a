import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { Colour } from "./guides.ts";

/**
 * The authored content in content/, bundled with the server and checked at
 * start: a malformed file stops the build's first request, not a visitor.
 */

const colour = z.enum(["lavender", "sage", "apricot", "plum", "rose", "sky", "sand"]);

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

function renderMarkdown(body: string) {
  return marked.parse(body, { async: false, gfm: true }) as string;
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

function countWords(markdown: string) {
  return markdown
    .replace(/[#*_>`-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
}

function yamlFile<T extends z.ZodType>(name: string, schema: T): z.output<T> {
  const source = raw.data[`/content/${name}.yaml`];
  if (source === undefined) throw new Error(`content/${name}.yaml is missing`);
  const parsed = schema.safeParse(parseYaml(source));
  if (!parsed.success) throw new Error(`content/${name}.yaml: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const articleSchema = z.object({
  title: z.string().min(1),
  excerpt: z.string().min(1),
  readTime: z.number().int().positive(),
  icon: z.string().min(1),
  colour,
  references: z.array(z.string().min(1)).min(1),
});

const storySchema = z.object({
  title: z.string().min(1),
  name: z.string().min(1),
  birthType: z.string().min(1),
  excerpt: z.string().min(1),
  colour,
});

const legalSchema = z.object({ title: z.string().min(1), updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const aboutSchema = z.object({ title: z.string().min(1), founder: z.string().min(1) });

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

export type Article = ReturnType<typeof loadArticles>[number];
export type Testimonial = z.output<typeof testimonialSchema>;
export type Resource = z.output<typeof resourceSchema>;
export type SocialPost = z.output<typeof socialPostSchema>;
export type Faq = z.output<typeof faqSchema>;
export type { Colour };

function loadArticles() {
  return load(raw.articles, articleSchema);
}
function loadStories() {
  return load(raw.stories, storySchema);
}

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

export const articles = loadArticles().sort(
  (a, b) => ARTICLE_ORDER.indexOf(a.slug) - ARTICLE_ORDER.indexOf(b.slug),
);
export const stories = loadStories();
export const legal = Object.fromEntries(load(raw.legal, legalSchema).map((doc) => [doc.slug, doc])) as Record<
  "privacy" | "terms",
  ReturnType<typeof load<typeof legalSchema>>[number]
>;
export const about = load(raw.pages, aboutSchema).find((page) => page.slug === "about")!;
export const testimonials = yamlFile("testimonials", z.array(testimonialSchema).min(6));
export const resources = yamlFile("resources", z.array(resourceSchema).length(10));
export const socialPosts = yamlFile("social-posts", z.array(socialPostSchema).length(6));
export const faqs = yamlFile("faq", z.array(faqSchema).length(3));

export function findArticle(slug: string) {
  return articles.find((a) => a.slug === slug);
}

/** What a card shows: everything but the article's body. */
export function articleSummary({ slug, title, excerpt, readTime, icon, colour }: Article) {
  return { slug, title, excerpt, readTime, icon, colour };
}
