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
  for (const start of ["on-interaction", "after-first-paint"] as const) {
    describe(start, () => {
      const deferred = deferHydration(page, start);

      it("stops the browser fetching the app's modules while it loads the page, and keeps the styles", () => {
        expect(deferred).not.toContain('<link rel="modulepreload"');
        expect(deferred).not.toMatch(/<script[^>]* type="module"/);
        expect(deferred).toContain('rel="stylesheet" href="/assets/root-3.css"');
      });

      it("keeps the router's module script, inert, with the modules to preload when it starts", () => {
        expect(deferred).toContain(
          `<script nonce="${NONCE}" type="${DEFERRED_TYPE}" data-preload="/assets/entry.client-1.js /assets/home-2.js">` +
            `import * as route0 from "/assets/root-4.js";</script>`,
        );
        expect(deferred).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
      });

      it("adds the loader with the page's nonce, as the body's last script", () => {
        expect(deferred).toMatch(
          new RegExp(`<script nonce="${NONCE}">\\(function\\(\\)\\{[^<]+\\}\\)\\(\\);</script></body>`),
        );
      });
    });
  }

  it("starts a page's app after its first paint only when asked to", () => {
    expect(deferHydration(page, "after-first-paint")).toContain("requestAnimationFrame");
    expect(deferHydration(page, "on-interaction")).not.toContain("requestAnimationFrame");
  });

  it("leaves a page it doesn't recognise unchanged", () => {
    const noModule = page.replace(' type="module" async=""', "");
    expect(deferHydration(noModule, "on-interaction")).toBe(noModule);
    const twoModules = page.replace("</body>", `<script nonce="${NONCE}" type="module">x</script></body>`);
    expect(deferHydration(twoModules, "after-first-paint")).toBe(twoModules);
    const noNonce = page.replace(`<script nonce="${NONCE}" type="module"`, `<script type="module"`);
    expect(deferHydration(noNonce, "after-first-paint")).toBe(noNonce);
  });
});
