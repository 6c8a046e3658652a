import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createSchema } from "./test-databases.ts";

/**
 * Runs the built server as a real process, the way `npm start` does, on a
 * free port and a fresh data directory. With E2E_DATABASE_URL set (a
 * PostgreSQL server), each server gets a fresh schema there instead of SQLite.
 */
export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The server's PostgreSQL database, when it runs on one. */
  databaseUrl?: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far (also kept in DATA_DIR/server.log). */
  output(): string;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or an out-of-memory kill would: no shutdown work runs. Keeps the data. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** SQLite in DATA_DIR even when E2E_DATABASE_URL is set. */
  sqlite?: boolean;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function spawnServer(env: Record<string, string | undefined>, logFile?: string) {
  const child = spawn(process.execPath, ["server/start.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const log = logFile ? fs.createWriteStream(logFile, { flags: "a" }) : undefined;
  const collect = (chunk: Buffer) => {
    output += chunk;
    log?.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  child.once("exit", () => log?.end());
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * `extraEnv` may name DATA_DIR, DATABASE_URL and PORT to start again on the
 * data (and at the address) of a server that stopped or was killed.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` before the end-to-end tests.");
  }
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const postgres =
    extraEnv.DATABASE_URL === undefined && !options.sqlite && process.env.E2E_DATABASE_URL
      ? await createSchema(process.env.E2E_DATABASE_URL, "e2e")
      : undefined;
  const databaseUrl = extraEnv.DATABASE_URL ?? postgres?.url;
  const { child, output, exited } = spawnServer(
    {
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // On PostgreSQL a deployment sets its shared secret, as docs/deploy.md says.
      ...(postgres ? { DATABASE_URL: postgres.url, APP_SECRET: crypto.randomBytes(32).toString("hex") } : {}),
      ...extraEnv,
    },
    path.join(dataDir, "server.log"),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await postgres?.drop();
      throw new Error(`The server exited during start:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await postgres?.drop();
      throw new Error(`The server did not become ready within 30 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    port,
    dataDir,
    databaseUrl,
    child,
    output,
    stop: async () => {
      if (child.exitCode === null && !child.killed) child.kill("SIGTERM");
      const code = await exited;
      await postgres?.drop();
      return code;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
