import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { requestLog } from "./request-log.ts";

type Line = Record<string, unknown> & { msg: string; level: number };
const LEVEL = { info: 30, warn: 40, error: 50 };

const servers: http.Server[] = [];
afterEach(() =>
  Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  ),
);

/** An app that logs through `requestLog`, and the lines its log has written. */
async function loggedApp(routes: (app: express.Express) => void) {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  const app = express();
  app.use(requestLog(createLogger("info", destination), { ignore: (req) => req.url === "/healthz" }));
  routes(app);
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The end of a request is logged as its response goes, which can be after the client has read it.
  const logged = (count: number) => vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(count));
  return { base, lines, logged };
}

describe("requestLog", () => {
  it("logs each request's end once: its id, method, path without secrets, status and time", async () => {
    const { base, lines, logged } = await loggedApp((app) => {
      app.get("/portal", (_req, res) => void res.send("ok"));
      app.get("/healthz", (_req, res) => void res.send("ok"));
    });
    // The health check first: a line it should not leave would be among the first two.
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/portal`)).text();
    await (await fetch(`${base}/shared/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789?token=secret-value`)).text();
    await logged(2);

    expect(lines).toHaveLength(2);
    const [first, second] = lines as [Line, Line];
    expect(first).toMatchObject({
      level: LEVEL.info,
      msg: "request completed",
      req: { method: "GET", url: "/portal" },
      res: { statusCode: 200 },
    });
    expect(first.responseTime).toEqual(expect.any(Number));
    expect(second).toMatchObject({
      level: LEVEL.warn,
      req: { url: "/shared/[redacted]?token=%5Bredacted%5D" },
      res: { statusCode: 404 },
    });
    expect(JSON.stringify(lines)).not.toContain("secret-value");
    expect((first.req as { id: number }).id).not.toBe((second.req as { id: number }).id);
  });

  it("logs a server error's end as an error, and a response that fails with its error", async () => {
    const { base, lines, logged } = await loggedApp((app) => {
      app.get("/broken", (_req, res) => void res.status(500).send("down"));
      app.get("/failing", (_req, res) => {
        res.emit("error", new Error("the socket broke"));
        res.end();
      });
    });
    await (await fetch(`${base}/broken`)).text();
    await (await fetch(`${base}/failing`)).text();
    await logged(2);

    expect(lines[0]).toMatchObject({
      level: LEVEL.error,
      msg: "request errored",
      res: { statusCode: 500 },
      err: { message: "failed with status code 500" },
    });
    expect(lines[1]).toMatchObject({
      level: LEVEL.error,
      msg: "request errored",
      err: { message: "the socket broke" },
    });
    expect(lines).toHaveLength(2);
  });

  it("logs the server's own 'busy, try again' (503) as a warning, without a stack", async () => {
    const { base, lines, logged } = await loggedApp((app) => {
      app.get("/busy", (_req, res) => void res.status(503).set("Retry-After", "5").send("busy"));
    });
    await (await fetch(`${base}/busy`)).text();
    await logged(1);

    expect(lines).toEqual([
      expect.objectContaining({ level: LEVEL.warn, msg: "request completed", res: { statusCode: 503 } }),
    ]);
    expect(lines[0]).not.toHaveProperty("err");
  });

  it("says a request was aborted when the client went before its answer", async () => {
    const { base, lines, logged } = await loggedApp((app) => {
      app.get("/slow", (_req, res) => void setTimeout(() => res.end("late"), 200));
    });
    await fetch(`${base}/slow`, { signal: AbortSignal.timeout(50) }).catch(() => null);
    await logged(1);
    expect(lines).toEqual([
      expect.objectContaining({ msg: "request aborted", req: expect.objectContaining({ url: "/slow" }) }),
    ]);
  });

  it("gives the request's own lines its id, method and path", async () => {
    const { base, lines, logged } = await loggedApp((app) => {
      app.post("/contact", (req, res) => {
        req.log.warn({ reason: "rate" }, "message refused");
        res.status(429).send("wait");
      });
    });
    await (await fetch(`${base}/contact?email=ana%40example.com`, { method: "POST" })).text();
    await logged(2);

    const [own, end] = lines as [Line, Line];
    expect(own).toMatchObject({
      msg: "message refused",
      reason: "rate",
      req: { method: "POST", url: "/contact?email=%5Bredacted%5D" },
    });
    expect(end).toMatchObject({ msg: "request completed", res: { statusCode: 429 } });
    expect((own.req as { id: number }).id).toBe((end.req as { id: number }).id);
  });
});
