/**
 * `npm run bench`: measures the production build against the budgets in
 * docs/performance.md and prints one table. Every figure is a median over
 * repeated runs and stands beside a reference measured in the same run (the
 * same server sending a static file), because absolute numbers drift from one
 * machine, and one moment, to the next. With `--write`, the table also goes
 * into docs/performance.md.
 *
 * Options: --runs N (default 3), --seconds N per load run (default 5),
 * --skip-lighthouse, --write.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import * as prettier from "prettier";
import { checkBudgets, formatReport, median, type Measurements } from "./bench-report.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH, confirmationLink } from "./local-run.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option("runs", 3);
const SECONDS = option("seconds", 5);
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, "..");

const progress = (message: string) => process.stderr.write(`› ${message}\n`);

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` first (npm run bench does).");
  }
  const server = await startServer();
  try {
    const member = await signUp(server.url, server.dataDir);
    const measurements: Measurements = {
      machine: describeMachine(),
      firstView: await measureFirstViews(server.url, member.cookie),
      load: await measureLoad(server.url, member),
      lighthouse: args.includes("--skip-lighthouse") ? null : await measureLighthouse(server.url),
      signUp: await measureSignUpTiming(server.url),
    };
    const report = formatReport(measurements, { runs: RUNS, seconds: SECONDS, connections: CONNECTIONS });
    process.stdout.write(`${report}\n`);
    if (args.includes("--write")) await writePerformanceDoc(report);
    const missed = checkBudgets(measurements).filter((check) => !check.met);
    if (missed.length > 0) {
      process.stdout.write(
        `\n${missed.length} budget(s) missed:\n${missed.map((m) => `  ${m.name}`).join("\n")}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

/** The production server on a fresh data directory, logging to a file as it would in production. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-bench-"));
  const url = `http://localhost:${port}`;
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  const child: ChildProcess = spawn(process.execPath, ["server/start.ts"], {
    cwd: root,
    env: {
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
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A member, signed in, with a signed URL for a Foundation track: the sign-up
 * form, then the link in the email the server left in its local outbox.
 */
async function signUp(base: string, dataDir: string) {
  const email = `bench-${Date.now()}@example.com`;
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "sign-up",
      tier: "free",
      name: "Bench Mark",
      email,
      password: "calm-waters-rise",
    }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status}`);
  const confirmed = await fetch(await confirmationLink(dataDir, email), { redirect: "manual" });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`Confirmation failed: ${confirmed.status}`);
  const signed = await fetch(`${base}/api/audio/affirmations-purpose/signed-url`, {
    method: "POST",
    headers: { cookie, origin: base },
  });
  const { url } = (await signed.json()) as { url: string };
  return { cookie, audioUrl: new URL(url, base).href };
}

/** What a browser downloads (compressed) to show each page the first time, and from where. */
async function measureFirstViews(base: string, cookie: string) {
  progress("first views in Chromium");
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const views: Measurements["firstView"] = [];
    for (const [page, signedIn] of [
      ["/", false],
      ["/hypno-science", false],
      ["/portal", true],
    ] as const) {
      const context = await browser.newContext();
      if (signedIn) {
        await context.addCookies(
          cookie.split("; ").map((pair) => {
            const [name = "", value = ""] = pair.split("=");
            return { name, value, url: base };
          }),
        );
      }
      const tab = await context.newPage();
      const loaded: Promise<{ type: string; bytes: number; host: string }>[] = [];
      tab.on("requestfinished", (request) => {
        loaded.push(
          request.sizes().then((sizes) => ({
            type: request.resourceType(),
            bytes: sizes.responseBodySize,
            host: new URL(request.url()).host,
          })),
        );
      });
      await tab.goto(`${base}${page}`, { waitUntil: "networkidle" });
      const firstView = await Promise.all(loaded);
      let jsAfterInteractionBytes = null;
      if (!signedIn) {
        // Public pages start their app when the visitor first moves, taps or types.
        await tab.mouse.move(10, 10);
        await tab.mouse.move(20, 20);
        await tab.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        await tab.waitForLoadState("networkidle");
        jsAfterInteractionBytes = sumOf(await Promise.all(loaded), "script");
      }
      views.push({
        page,
        jsBytes: sumOf(firstView, "script"),
        cssBytes: sumOf(firstView, "stylesheet"),
        jsAfterInteractionBytes,
        fontHosts: [...new Set(firstView.filter((r) => r.type === "font").map((r) => r.host))],
        otherHosts: [...new Set(firstView.map((r) => r.host))].filter((host) => host !== new URL(base).host),
      });
      await context.close();
    }
    return views;
  } finally {
    await browser.close();
  }
}

function sumOf(requests: { type: string; bytes: number }[], type: string) {
  return requests.filter((r) => r.type === type).reduce((sum, r) => sum + r.bytes, 0);
}

interface Target {
  name: string;
  request: autocannon.Options;
}

/** Requests per second and latency at 50 connections, each target beside the static-file reference. */
async function measureLoad(base: string, member: { cookie: string; audioUrl: string }) {
  const headers = { "accept-encoding": "gzip" };
  const reference: Target = {
    name: "static file (reference)",
    request: { url: `${base}/favicon.svg`, headers },
  };
  const targets: Target[] = [
    { name: "/ (public)", request: { url: `${base}/`, headers } },
    { name: "/hypno-science (public)", request: { url: `${base}/hypno-science`, headers } },
    {
      name: "/portal (signed in)",
      request: { url: `${base}/portal`, headers: { ...headers, cookie: member.cookie } },
    },
    {
      // For comparison, no budget: a query string sends the page past the kept pages to a fresh render.
      name: "portal page rendered afresh",
      request: { url: `${base}/portal?view=fresh`, headers: { ...headers, cookie: member.cookie } },
    },
    {
      name: "progress write",
      request: {
        url: `${base}/api/audio/affirmations-purpose/progress`,
        method: "POST",
        headers: { cookie: member.cookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify({ positionSeconds: 42.5 }),
      },
    },
    {
      name: "audio Range request",
      request: { url: member.audioUrl, headers: { cookie: member.cookie, range: "bytes=0-65535" } },
    },
  ];
  const load: Measurements["load"] = [];
  for (const target of [reference, ...targets]) {
    progress(`load: ${target.name}`);
    await run(target, 1); // warm-up
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await run(target, SECONDS));
    load.push({
      name: target.name,
      requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    });
  }
  return load;
}

async function run(target: Target, seconds: number) {
  const result = await autocannon({ ...target.request, connections: CONNECTIONS, duration: seconds });
  const failed = result.errors + result.timeouts + result["non2xx"];
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed,
  };
}

/**
 * The sign-up form's answer time for addresses without an account, then for
 * the same addresses again (now registered), alternating so drift hits both.
 * Each request comes from its own address behind the (trusted) proxy, under
 * the per-address limits.
 */
async function measureSignUpTiming(base: string): Promise<Measurements["signUp"]> {
  progress("sign-up timing");
  const count = 15;
  const emails = Array.from({ length: count }, (_, i) => `timing-${Date.now()}-${i}@example.com`);
  const signUp = async (email: string, n: number) => {
    const started = performance.now();
    const response = await fetch(`${base}/auth`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: base,
        "x-forwarded-for": `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      },
      body: new URLSearchParams({
        intent: "sign-up",
        tier: "free",
        name: "Tim Ing",
        email,
        password: "calm-waters-rise",
      }),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`Sign-up answered ${response.status}`);
    return performance.now() - started;
  };
  const fresh: number[] = [];
  const known: number[] = [];
  for (let i = 0; i < count; i += 1) {
    fresh.push(await signUp(emails[i]!, 2 * i));
    if (i > 0) known.push(await signUp(emails[i - 1]!, 2 * i + 1));
  }
  return { newAddressMs: median(fresh), knownAddressMs: median(known) };
}

/** Lighthouse's mobile audit of the public pages, in Debian's Chromium. */
async function measureLighthouse(base: string) {
  const scores: Measurements["lighthouse"] = [];
  for (const page of ["/", "/hypno-science", "/free-downloads", "/auth"]) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      progress(`lighthouse: ${page} (${i + 1}/${RUNS})`);
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
      });
      try {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const categories = result!.lhr.categories;
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
        });
      } finally {
        chrome.kill();
      }
    }
    scores.push({
      page,
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      bestPractices: median(runs.map((r) => r.bestPractices)),
      seo: median(runs.map((r) => r.seo)),
    });
  }
  return scores;
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

function describeMachine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
}

/** Replaces the table between the markers in docs/performance.md, formatted as the project formats Markdown. */
async function writePerformanceDoc(report: string) {
  const file = path.join(root, "docs/performance.md");
  const doc = fs.readFileSync(file, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const before = doc.slice(0, doc.indexOf(start) + start.length);
  const after = doc.slice(doc.indexOf(end));
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  const ran = `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- --write\`, nothing else running.`;
  fs.writeFileSync(file, await prettier.format(`${before}\n\n${ran}\n\n${report}\n\n${after}`, options));
  progress("docs/performance.md updated");
}

await main();
