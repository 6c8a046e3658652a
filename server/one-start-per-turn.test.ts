import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { oneStartPerTurn } from "./one-start-per-turn.ts";
import { reactRouterHandler } from "./react-router-handler.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("one start per turn", () => {
  it("starts requests in the order they came, one per turn of the event loop", async () => {
    const started: string[] = [];
    const handle = oneStartPerTurn(async (request: Request) => {
      started.push(new URL(request.url).pathname);
      return new Response("page");
    });
    const answers = ["/a", "/b", "/c"].map((page) => handle(new Request(`http://site${page}`)));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual(["/a"]);
    await nextTurn();
    expect(started).toEqual(["/a", "/b"]);
    await nextTurn();
    expect(started).toEqual(["/a", "/b", "/c"]);
    expect(await Promise.all(answers.map(async (answer) => (await answer).status))).toEqual([200, 200, 200]);
  });

  it("does not run a read whose visitor left while it waited, but runs a change", async () => {
    const started: string[] = [];
    const handle = oneStartPerTurn(async (request: Request) => {
      started.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response("page");
    });
    const left = new AbortController();
    const answers = [
      handle(new Request("http://site/first")),
      handle(new Request("http://site/left", { signal: left.signal })),
      // A tick sent as the page was reloaded: the browser dropped it, but the member made it.
      handle(
        new Request("http://site/portal.data", {
          method: "POST",
          body: "completed=true",
          signal: left.signal,
        }),
      ),
    ];
    left.abort();
    await Promise.all(answers);
    expect(started).toEqual(["GET /first", "POST /portal.data"]);
  });
});

describe("a server rendering a burst of pages", () => {
  let close = () => {};
  afterEach(() => close());

  /**
   * Eight members already connected each ask for a page that takes 25 ms of the main thread to
   * render; a visitor who connects just then asks for a kept page. Her connection is accepted and
   * answered between renders, not after all of them.
   */
  async function keptPageAmongRenders() {
    const app = express();
    app.get("/kept", (_req, res) => void res.send("kept page"));
    app.use(
      reactRouterHandler({
        clientIpHeader: "x-client-ip",
        origin: "http://localhost",
        getLoadContext: () => new RouterContextProvider(),
        handleRequest: oneStartPerTurn(async () => {
          const until = performance.now() + 25;
          while (performance.now() < until);
          return new Response("fresh page", { headers: { "content-type": "text/plain" } });
        }),
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const members = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const get = (path: string, agent: http.Agent) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${base}${path}`, { agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(path));
          })
          .on("error", reject);
      });
    // The members' connections are open and idle before the burst.
    await Promise.all(Array.from({ length: 8 }, () => get("/kept", members)));
    const finished: string[] = [];
    const burst = Array.from({ length: 8 }, (_, i) =>
      get(`/portal?member=${i}`, members).then((path) => finished.push(path)),
    );
    const visitor = get("/kept", new http.Agent()).then((path) => finished.push(path));
    await Promise.all([...burst, visitor]);
    members.destroy();
    return finished.indexOf("/kept");
  }

  it("answers a newly connected visitor between renders, not after the whole burst", async () => {
    expect(await keptPageAmongRenders()).toBeLessThan(6);
  });
});
