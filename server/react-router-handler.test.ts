import { PassThrough } from "node:stream";
import type { Request as ExpressRequest } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferHydration } from "./defer-hydration.ts";
import {
  BODY_LIMIT_BYTES,
  preparedPage,
  readBody,
  REFUSED_BODY_DRAIN,
  requestUrl,
} from "./react-router-handler.ts";

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

describe("readBody", () => {
  afterEach(() => vi.useRealTimers());

  /** A request whose body arrives as it is written. */
  function incoming(headers: Record<string, string> = {}) {
    const body = new PassThrough();
    return { body, req: Object.assign(body, { method: "POST", headers }) as unknown as ExpressRequest };
  }
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };

  it("reads a body within the limit whole", async () => {
    const { body, req } = incoming();
    const read = readBody(req);
    body.write("name=Sam&");
    body.end("message=hello");
    expect((await read)?.toString()).toBe("name=Sam&message=hello");
  });

  it("refuses a body over the limit only once the sender has finished sending it, declared or not", async () => {
    const declared: Record<string, string>[] = [{ "content-length": String(BODY_LIMIT_BYTES + 2) }, {}];
    for (const headers of declared) {
      const { body, req } = incoming(headers);
      const read = readBody(req);
      body.write(Buffer.alloc(BODY_LIMIT_BYTES + 1));
      expect(await settled(read), JSON.stringify(headers)).toBe(false);
      body.end("x");
      expect(await read).toBe("too-large");
    }
  });

  it("stops reading a refused body after its bytes or its time are spent", async () => {
    const byBytes = incoming();
    const readByBytes = readBody(byBytes.req);
    byBytes.body.write(Buffer.alloc(REFUSED_BODY_DRAIN.bytes + 1));
    expect(await readByBytes).toBe("too-large");

    vi.useFakeTimers();
    const byTime = incoming({ "content-length": String(BODY_LIMIT_BYTES * 4) });
    const readByTime = readBody(byTime.req);
    byTime.body.write("a slow sender");
    vi.advanceTimersByTime(REFUSED_BODY_DRAIN.ms);
    expect(await readByTime).toBe("too-large");
  });

  it("fails when the sender goes away in the middle of a body it may send", async () => {
    const { body, req } = incoming();
    const read = readBody(req);
    body.write("name=Sa");
    body.destroy();
    await expect(read).rejects.toThrow();
  });
});
