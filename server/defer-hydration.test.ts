import { describe, expect, it } from "vitest";
import { DEFERRED_TYPE, deferHydration } from "./defer-hydration.ts";

const NONCE = "n0nce";
const page = [
  `<html><head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/home-2.js" nonce="${NONCE}"/>`,
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/root-3.css"/></head><body><main>Calm</main>`,
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-4.js";</script>`,
  `</body></html>`,
].join("");

describe("deferHydration", () => {
  const deferred = deferHydration(page, NONCE);

  it("stops the browser fetching the app's modules on load, and keeps the styles", () => {
    expect(deferred).not.toContain("modulepreload");
    expect(deferred).not.toMatch(/<script[^>]* type="module"/);
    expect(deferred).toContain('rel="stylesheet" href="/assets/root-3.css"');
  });

  it("keeps the router's module script, inert, and the inline data scripts as they were", () => {
    expect(deferred).toContain(
      `<script nonce="${NONCE}" type="${DEFERRED_TYPE}">import * as route0 from "/assets/root-4.js";</script>`,
    );
    expect(deferred).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
  });

  it("adds the loader with the page's nonce, as the body's last script", () => {
    expect(deferred).toMatch(
      new RegExp(`<script nonce="${NONCE}">\\(function\\(\\)\\{[^<]+\\}\\)\\(\\);</script></body>`),
    );
  });

  it("leaves a page it doesn't recognise unchanged", () => {
    const noModule = page.replace(' type="module" async=""', "");
    expect(deferHydration(noModule, NONCE)).toBe(noModule);
    const twoModules = page.replace("</body>", `<script nonce="${NONCE}" type="module">x</script></body>`);
    expect(deferHydration(twoModules, NONCE)).toBe(twoModules);
  });
});
