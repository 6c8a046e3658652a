import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { clientErrorStatus, onError } from "./on-error.ts";
import { requestLog } from "./request-log.ts";

describe("clientErrorStatus", () => {
  it("reads a 4xx from status or statusCode, and nothing else", () => {
    expect(clientErrorStatus(Object.assign(new URIError("Failed to decode param"), { status: 400 }))).toBe(
      400,
    );
    expect(clientErrorStatus({ statusCode: 413 })).toBe(413);
    expect(clientErrorStatus({ status: 500 })).toBeNull();
    expect(clientErrorStatus({ status: "400" })).toBeNull();
    expect(clientErrorStatus(new Error("a bug"))).toBeNull();
    expect(clientErrorStatus(null)).toBeNull();
  });
});

describe("onError", () => {
  const lines: { level: number; msg: string; err?: unknown; status?: number }[] = [];
  const app = express();
  app.use(
    requestLog(
      createLogger(
        "info",
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(JSON.parse(chunk.toString()));
            done();
          },
        }),
      ),
    ),
  );
  app.get("/media/:file", (_req, res) => void res.send("never"));
  app.get("/broken", () => {
    throw new Error("a bug of ours");
  });
  app.use(onError);
  const server = http.createServer(app);
  const listening = new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers a parameter that doesn't decode with 400, logged as a warning without a stack", async () => {
    const response = await fetch(`${await listening}/media/%ff`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("This request isn't valid.");
    await expect.poll(() => lines.length).toBe(2);
    expect(lines.map((line) => line.level)).toEqual([40, 40]);
    expect(lines[0]).toMatchObject({ msg: "request refused", status: 400 });
    expect(JSON.stringify(lines)).not.toMatch(/stack|Failed to decode/);
  });

  it("answers its own errors with 500, logged as errors", async () => {
    lines.length = 0;
    const response = await fetch(`${await listening}/broken`);
    expect(response.status).toBe(500);
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ level: 50, msg: "unhandled error", err: { message: "a bug of ours" } });
  });
});
