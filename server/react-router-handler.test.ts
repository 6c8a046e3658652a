import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.ts";
import { preparedPage, requestUrl } from "./react-router-handler.ts";

describe("requestUrl", () => {
  it("keeps every request on the public origin, whatever its path looks like", () => {
    const origin = "https://tidewell.example";
    for (const path of [
      "//evil.example",
      "//",
      "///evil.example/x",
      "/\\evil.example",
      "//user@evil.example/",
    ]) {
      const url = requestUrl(origin, path);
      expect(url.origin, path).toBe(origin);
    }
    expect(requestUrl(origin, "/portal?tab=1").href).toBe("https://tidewell.example/portal?tab=1");
    expect(requestUrl("http://localhost:3000", "//").pathname).toBe("//");
  });
});

describe("preparedPage", () => {
  // Text beyond ASCII in the page, in its data script and in a module's path.
  const page = [
    `<html><head><link rel="modulepreload" href="/assets/café-1.js" nonce="n0nce"/></head>`,
    `<body><main>Félicitations — you’re 38 weeks 🌊</main>`,
    `<script nonce="n0nce">window.__reactRouterContext = {"name":"Zoë"};</script>`,
    `<script nonce="n0nce" type="module" async="">import "/assets/entry-2.js";</script></body></html>`,
  ].join("");

  it("prepares a page byte for byte as preparing its UTF-8 text would", () => {
    for (const start of ["on-interaction", "after-first-paint"] as const) {
      const prepare = (html: string) => deferHydration(html, start);
      const prepared = preparedPage(Buffer.from(page), prepare);
      expect(prepared.equals(Buffer.from(prepare(page))), start).toBe(true);
      expect(prepared.toString("utf8")).toContain("Félicitations — you’re 38 weeks 🌊");
      expect(prepared.toString("utf8")).toContain('data-preload="/assets/café-1.js"');
    }
  });
});
