import { Marked, type Tokens } from "marked";

/**
 * The site's Markdown, rendered to the few elements its pages use (headings,
 * paragraphs, lists, emphasis, quotations, links, rules, tables, code) and
 * nothing else: the same rendering for a page visitors read and the studio's
 * preview. What the owner types can't add a script, an attribute or a link
 * that runs code: any HTML in the Markdown is shown as the text it is, a link
 * goes only to a page of the site or a web or email address, and a picture
 * is its words. Every other element is marked's own, whose text and
 * addresses it escapes.
 */

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** A link the site may show: one of its pages, a place on this page, a web or an email address. */
export function isSafeHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  if (value.startsWith("#")) return true;
  return /^(https?:\/\/|mailto:)[^\s]/i.test(value) && ![...value].some((c) => c.charCodeAt(0) < 0x20);
}

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const words = this.parser.parseInline(token.tokens);
      if (!isSafeHref(token.href)) return words;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(token.href.trim())}"${title}>${words}</a>`;
    },
    image(token: Tokens.Image) {
      return escapeHtml(token.text);
    },
  },
});

/** Markdown as the site shows it, safe to put in a page as it is. */
export function renderMarkdown(body: string): string {
  return markdown.parse(body, { async: false }) as string;
}

/** How many words a piece has, for an article's honest read time. */
export function countWords(body: string): number {
  return body
    .replace(/[#*_>`-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
}
