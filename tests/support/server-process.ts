import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { VAPID_KEYS_FILE } from "#app/modules/reminders/vapid.server.ts";
import { SECRET_FILE } from "#app/platform/secret.server.ts";
import { createPostgresDatabase } from "./test-databases.ts";

/**
 * Runs the built server as a real process, the way `npm start` does, on a
 * free port and a fresh data directory. With E2E_DATABASE_URL set (a
 * PostgreSQL server), each server gets a fresh database there instead of SQLite.
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
  /** The PostgreSQL server to make its database on: E2E_DATABASE_URL's when not given. */
  postgresUrl?: string;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A port nothing listens on, below the range the system hands out to outgoing
 * connections: a port from that range can be taken by a client between this
 * check and the server's start, or its restart on the same port.
 */
export async function freePort(): Promise<number> {
  const ceiling = ephemeralPortsStart();
  for (let attempt = 0; attempt < 100 && ceiling > 11_000; attempt++) {
    const port = crypto.randomInt(10_000, ceiling);
    if (await canListen(port)) return port;
  }
  return listenOnAnyPort();
}

function ephemeralPortsStart(): number {
  try {
    const [start] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function listenOnAnyPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The servers this test worker started and has not stopped: a failed test keeps their logs' ends. */
const live = new Set<ServerProcess>();
export const liveServers = (): ServerProcess[] => [...live];

/** Where every server a test run starts keeps its log, for the secrets check that follows the run. */
const SERVER_LOG_DIR = path.join(root, "test-results/server-logs");

/**
 * The values in a server's environment that must never reach its log: keys,
 * secrets, passwords, and the password inside a database or SMTP URL.
 */
function secretValues(env: Record<string, string | undefined>): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (/SECRET|PASSWORD|SIGNING_KEYS|ACCESS_KEY|PRIVATE_KEY/.test(name)) values.push(value);
    if (/_URL$/.test(name) && URL.canParse(value)) {
      const password = decodeURIComponent(new URL(value).password);
      if (password) values.push(password);
    }
  }
  return values;
}

export function spawnServer(env: Record<string, string | undefined>, ...logFiles: string[]) {
  const child = spawn(process.execPath, ["server/start.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const logs = logFiles.map((file) => fs.createWriteStream(file, { flags: "a" }));
  const collect = (chunk: Buffer) => {
    output += chunk;
    for (const log of logs) log.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  child.once("exit", () => {
    for (const log of logs) log.end();
  });
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
  const postgresUrl = options.postgresUrl ?? process.env.E2E_DATABASE_URL;
  const postgres =
    extraEnv.DATABASE_URL === undefined && !options.sqlite && postgresUrl
      ? await createPostgresDatabase(postgresUrl, "e2e")
      : undefined;
  const databaseUrl = extraEnv.DATABASE_URL ?? postgres?.url;
  const env = {
    PORT: String(port),
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    // On PostgreSQL a deployment sets its shared secret, as docs/deploy.md says.
    ...(postgres ? { DATABASE_URL: postgres.url, APP_SECRET: crypto.randomBytes(32).toString("hex") } : {}),
    ...extraEnv,
  };
  // A copy of the log outlives the data directory, with the secrets it must not contain beside it.
  fs.mkdirSync(SERVER_LOG_DIR, { recursive: true });
  const runLog = path.join(SERVER_LOG_DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}-${port}.log`);
  const secretsFile = runLog.replace(/\.log$/, ".secrets.json");
  const recordSecrets = () => {
    const generated = path.join(dataDir, SECRET_FILE);
    const appSecret = fs.existsSync(generated) ? [fs.readFileSync(generated, "utf8").trim()] : [];
    // The Web Push private key the server generated, when none was given.
    const vapidFile = path.join(dataDir, VAPID_KEYS_FILE);
    const vapid = fs.existsSync(vapidFile)
      ? [(JSON.parse(fs.readFileSync(vapidFile, "utf8")) as { privateKey: string }).privateKey]
      : [];
    fs.writeFileSync(secretsFile, JSON.stringify([...secretValues(env), ...appSecret, ...vapid]));
  };
  recordSecrets();
  const { child, output, exited } = spawnServer(env, path.join(dataDir, "server.log"), runLog);
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
  // The app secret the server generated at start, when none was given.
  recordSecrets();
  const server: ServerProcess = {
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
  live.add(server);
  void exited.then(() => live.delete(server));
  return server;
}
