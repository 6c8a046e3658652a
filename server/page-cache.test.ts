import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER, pageVersion, publicPageCache, withoutLinkNonces } from "./page-cache.ts";

const options = {
  paths: new Set(["/", "/auth"]),
  variants: { "/auth": { tier: ["free", "premium", "signin"], mode: ["password", "magic"] } },
};

describe("pageVersion", () => {
  it("keys a public page by its path, and a known version by its parameters in a fixed order", () => {
    expect(pageVersion("/", undefined, options)).toBe("/");
    expect(pageVersion("/auth", undefined, options)).toBe("/auth");
    expect(pageVersion("/auth", "tier=free", options)).toBe("/auth?tier=free");
    expect(pageVersion("/auth", "tier=signin&mode=magic", options)).toBe("/auth?mode=magic&tier=signin");
    expect(pageVersion("/auth", "mode=magic&tier=signin", options)).toBe("/auth?mode=magic&tier=signin");
  });

  it("sends anything else to the app: other pages, parameters, values, repeats or an empty query", () => {
    expect(pageVersion("/portal", undefined, options)).toBeNull();
    expect(pageVersion("/", "utm_source=mail", options)).toBeNull();
    expect(pageVersion("/auth", "tier=free&error=access_denied", options)).toBeNull();
    expect(pageVersion("/auth", "tier=gold", options)).toBeNull();
    expect(pageVersion("/auth", "tier=free&tier=premium", options)).toBeNull();
    expect(pageVersion("/auth", "social=1&tier=premium", options)).toBeNull();
    expect(pageVersion("/auth", "", options)).toBeNull();
    expect(pageVersion("/auth", "constructor=x", options)).toBeNull();
  });
});

describe("withoutLinkNonces", () => {
  it("drops the nonce from links only, whose files the policy's 'self' allows", () => {
    const page = [
      `<link rel="modulepreload" href="/assets/a.js" nonce="${NONCE_PLACEHOLDER}"/>`,
      `<link rel="modulepreload" href="/assets/b.js" crossorigin="" nonce="${NONCE_PLACEHOLDER}"/>`,
      `<link nonce="${NONCE_PLACEHOLDER}" rel="stylesheet" href="/assets/a.css"/>`,
      `<script nonce="${NONCE_PLACEHOLDER}">window.__ctx = {};</script>`,
    ].join("");
    expect(withoutLinkNonces(page)).toBe(
      [
        `<link rel="modulepreload" href="/assets/a.js"/>`,
        `<link rel="modulepreload" href="/assets/b.js" crossorigin=""/>`,
        `<link rel="stylesheet" href="/assets/a.css"/>`,
        `<script nonce="${NONCE_PLACEHOLDER}">window.__ctx = {};</script>`,
      ].join(""),
    );
  });
});

describe("publicPageCache", () => {
  it("serves a page from memory until the owner publishes, then makes it again at the new content version", async () => {
    let content = 3;
    let renders = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "nonce-000000000000000001";
      next();
    });
    app.use(
      publicPageCache({
        paths: new Set(["/hypno-science"]),
        render: async () =>
          new Response(`<html>rendered ${++renders} at content ${content}</html>`, {
            headers: { "content-type": "text/html; charset=utf-8" },
          }),
        personalCookies: /session=/,
        ttlMs: 60_000,
        contentVersion: async () => content,
      }),
    );
    const server = app.listen(0);
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const get = async () =>
        (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hypno-science`)).text();
      expect(await get()).toBe("<html>rendered 1 at content 3</html>");
      expect(await get()).toBe("<html>rendered 1 at content 3</html>");
      content = 4;
      expect(await get()).toBe("<html>rendered 2 at content 4</html>");
      expect(await get()).toBe("<html>rendered 2 at content 4</html>");
    } finally {
      server.close();
    }
  });
});
