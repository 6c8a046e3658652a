import fs from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { firstRevision, legal, resources, socialPosts } from "./content.server.ts";
import { GUIDES } from "./guides.ts";

const { about, articles, faqs, stories, testimonials } = firstRevision;

describe("authored content", () => {
  it("has the seven Hypno-Science articles at the spec's read times, each with references", () => {
    expect(articles.map((a) => [a.slug, a.readTime])).toEqual([
      ["neuroscience-of-calm", 5],
      ["oxytocin", 6],
      ["relaxation-response", 7],
      ["pain-or-power", 6],
      ["subconscious-mind", 8],
      ["cortisol-vs-calm", 5],
      ["babys-first-impression", 6],
    ]);
    for (const article of articles) {
      expect(article.references.length, article.slug).toBeGreaterThanOrEqual(3);
      // About 200 words a minute: the read time is honest.
      expect(article.words / article.readTime, article.slug).toBeGreaterThan(170);
      expect(article.words / article.readTime, article.slug).toBeLessThan(260);
      expect(article.html).toContain("<h2");
    }
  });

  it("never promises a painless birth", () => {
    const all = [...articles, ...stories].map((item) => item.html).join("\n");
    expect(all).not.toMatch(/guarantee[sd]? (a )?pain-?less/i);
  });

  it("tells at least four birth stories, each marked as a composite", () => {
    expect(stories.length).toBeGreaterThanOrEqual(4);
    for (const story of stories) expect(story.html, story.slug).toMatch(/composite/i);
  });

  it("has at least six five-star testimonials, ten resources, six social posts and three FAQ entries", () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    expect(testimonials.every((t) => t.rating === 5)).toBe(true);
    expect(resources).toHaveLength(10);
    expect(new Set(resources.map((r) => r.category))).toEqual(new Set(["guide", "video", "faq", "article"]));
    expect(socialPosts).toHaveLength(6);
    expect(faqs.map((f) => f.question)).toHaveLength(3);
  });

  it("has real legal documents and the founder's story", () => {
    expect(legal.privacy.html).toMatch(/delete/i);
    expect(legal.privacy.html).toMatch(/export|download/i);
    expect(legal.terms.html).toMatch(/30-day/i);
    expect(about.founder).toBeTruthy();
    expect(about.html).toMatch(/computer scien/i);
  });

  it("links resources only to pages that exist", () => {
    const articleSlugs = new Set(articles.map((a) => a.slug));
    for (const resource of resources.filter((r) => r.link)) {
      const link = resource.link!;
      const known =
        [
          "/free-downloads",
          "/hypno-science",
          "/stories",
          "/podcast",
          "/portal/library",
          "/portal/program",
        ].includes(link) ||
        (link.startsWith("/hypno-science/") && articleSlugs.has(link.slice("/hypno-science/".length)));
      expect(known, `${resource.id} → ${link}`).toBe(true);
    }
  });

  it("titles each guide as its Markdown source does", () => {
    for (const guide of GUIDES) {
      const source = fs.readFileSync(`content/guides/${guide.id}.md`, "utf8");
      const front = parse(source.split("---")[1]!) as { title: string };
      expect(front.title, guide.id).toBe(guide.title);
    }
  });
});
