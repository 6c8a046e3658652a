import { describe, expect, it } from "vitest";
import { isSafeHref, renderMarkdown } from "./markdown.server.ts";

/** Every element and attribute in some HTML: what a browser would make of its tags. */
function tagsOf(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s>=]+(?:="[^"]*")?)*)\s*\/?>/g)].map(
    ([, name, attributes]) => ({
      name: name!.toLowerCase(),
      attributes: [...attributes!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, key, value]) => ({
        key: key!.toLowerCase(),
        value: value ?? "",
      })),
    }),
  );
}

const SITE_ELEMENTS = new Set(
  "h1 h2 h3 h4 h5 h6 p ul ol li strong em del a blockquote hr br code pre table thead tbody tr th td input".split(
    " ",
  ),
);

describe("the site's Markdown", () => {
  it("renders headings, lists, emphasis and links as the pages show them", () => {
    const html = renderMarkdown(
      "## Calm\n\n- **one**\n- *two*\n\n[the course](/course) and [mail](mailto:hello@example.com)",
    );
    expect(html).toContain("<h2>Calm</h2>");
    expect(html).toContain("<li><strong>one</strong></li>");
    expect(html).toContain('<a href="/course">the course</a>');
    expect(html).toContain('<a href="mailto:hello@example.com">mail</a>');
  });

  it("lets no script, event attribute or javascript: link through", () => {
    const planted = [
      "Before <script>alert('x')</script> after.",
      '<img src="x" onerror="alert(1)">',
      '<p onclick="alert(1)">Hi</p>',
      "[press me](javascript:alert(1))",
      "[press me too](JaVaScRiPt:alert(1))",
      "[entity](jav&#x61;script:alert(1))",
      "<javascript:alert(1)>",
      "![a picture](javascript:alert(1))",
      '<a href="javascript:alert(1)">raw link</a>',
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[protocol-relative](//evil.example/)",
    ].join("\n\n");
    const html = renderMarkdown(planted);
    const tags = tagsOf(html);
    for (const tag of tags) {
      expect(SITE_ELEMENTS.has(tag.name), tag.name).toBe(true);
      for (const { key, value } of tag.attributes) {
        expect(["href", "title", "start", "align", "type", "checked", "disabled"]).toContain(key);
        if (key === "href") expect(isSafeHref(value), value).toBe(true);
      }
    }
    expect(tags.some((tag) => tag.name === "script" || tag.name === "img")).toBe(false);
    // Her words stay, as words.
    expect(html).toContain("press me");
    expect(html).toContain("&lt;script&gt;");
  });

  it("knows a safe link from one that runs code", () => {
    expect(isSafeHref("/hypno-science/oxytocin")).toBe(true);
    expect(isSafeHref("#references")).toBe(true);
    expect(isSafeHref("https://www.nice.org.uk/")).toBe(true);
    expect(isSafeHref("javascript:alert(1)")).toBe(false);
    expect(isSafeHref(" javascript:alert(1)")).toBe(false);
    expect(isSafeHref("//evil.example")).toBe(false);
    expect(isSafeHref("vbscript:x")).toBe(false);
  });
});
