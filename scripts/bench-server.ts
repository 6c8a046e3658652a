/**
 * The production server the bench measures, on a fresh data directory, and
 * what Linux says of its process: CPU time used so far and resident memory.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  url: string;
  dataDir: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * `npm run serve`, the production command: the environment it sets (the C library's allocator
 * settings) and Node's arguments (the heap's, with server/start.ts), so the bench measures the
 * server as it is run.
 */
export function serveCommand(root: string): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const words = scripts.serve!.split(" ");
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift()!.split("=");
    env[name!] = value.join("=");
  }
  const [command, ...args] = words;
  if (command !== "node" || args.at(-1) !== "server/start.ts") {
    throw new Error(`npm run serve is not "[NAME=value …] node … server/start.ts": ${scripts.serve}`);
  }
  return { env, args };
}

/**
 * A deployment has its payment and sign-in providers' keys; without them a local run starts the
 * demo's stand-ins for those providers in its own process, code a deployment never loads (about
 * 17 MB resident). No step of the bench pays or signs in with a provider, so these keys are never
 * used; they only make the server load what a deployment loads.
 */
const DEPLOYMENT_PROVIDER_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_bench",
  STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
  STRIPE_WEBHOOK_SECRET: "whsec_bench",
  PAYPAL_CLIENT_ID: "bench",
  PAYPAL_CLIENT_SECRET: "bench",
  PAYPAL_WEBHOOK_ID: "bench",
  GOOGLE_CLIENT_ID: "bench",
  GOOGLE_CLIENT_SECRET: "bench",
  FACEBOOK_CLIENT_ID: "bench",
  FACEBOOK_CLIENT_SECRET: "bench",
  APPLE_CLIENT_ID: "bench",
  APPLE_CLIENT_SECRET: "bench",
};

/**
 * Starts the server as `npm run serve` does, from `root`, logging to a file as it would in
 * production. `prepare` runs first, on the data directory the server will
 * use and the address it will have (to put members in its database, say).
 */
export async function startServer<T>(
  root: string,
  prepare: (where: { dataDir: string; url: string }) => Promise<T>,
): Promise<BenchServer & { prepared: T }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-bench-"));
  const url = `http://localhost:${port}`;
  const prepared = await prepare({ dataDir, url });
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  const serve = serveCommand(root);
  const child = spawn(process.execPath, serve.args, {
    cwd: root,
    env: {
      ...serve.env,
      ...DEPLOYMENT_PROVIDER_KEYS,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      // As behind a proxy, so the sign-up timing can come from many addresses (X-Forwarded-For).
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", log, log],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // Should the bench itself fail, the server goes with it (its data directory stays, log and all).
  const orphaned = () => child.kill("SIGTERM");
  process.once("exit", orphaned);
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`The server did not start; see ${dataDir}/server.log`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (waited > 30_000) throw new Error("The server did not become ready within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    prepared,
    stop: async () => {
      process.off("exit", orphaned);
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ticksPerSecond: number | undefined;

/**
 * CPU time (user and system) the process has used so far, in milliseconds: /proc/<pid>/stat; with
 * `thread`, that thread's alone (its /proc/<pid>/task/<thread>/stat; the main thread's id is the pid).
 */
export function cpuMs(pid: number, thread?: number): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  const stat = fs.readFileSync(
    thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
    "utf8",
  );
  // The fields after the command name (which may hold spaces) start with the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  return ((utime + stime) / ticksPerSecond) * 1000;
}

/** The process's resident memory in bytes now: VmRSS in /proc/<pid>/status. */
export const residentBytes = (pid: number) => statusBytes(pid, "VmRSS");

/** The most resident memory the process has held since it started: the kernel's high-water mark, VmHWM. */
export const peakResidentBytes = (pid: number) => statusBytes(pid, "VmHWM");

function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
