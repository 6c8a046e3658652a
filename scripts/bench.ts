/**
 * `npm run bench`: measures the production build against the budgets in
 * docs/performance.md and prints one table. Every figure is a median over
 * repeated runs and stands beside a reference measured in the same run (the
 * same server sending a static file, the same page's plain tap, the server's
 * own memory after boot), because absolute numbers drift from one machine,
 * and one moment, to the next. With `--write`, the table also goes into
 * docs/performance.md.
 *
 * Options: --runs N (default 3), --seconds N per load run (default 5),
 * --skip-lighthouse, --write, and --explain (each page's JavaScript by npm
 * package, from a second client build with source maps).
 *
 * The measuring is in bench-server.ts (the server and its process),
 * bench-members.ts, bench-load.ts, bench-browser.ts and bench-explain.ts;
 * the budgets and the table in bench-report.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as prettier from "prettier";
import { measureFirstViews, measureInp, measureLighthouse, measureOfflineOpen } from "./bench-browser.ts";
import { buildClientWithSourceMaps, explainPages, formatExplanation } from "./bench-explain.ts";
import {
  CONNECTIONS,
  freshRenderTargets,
  measureLoad,
  measurePdfBurst,
  measureServerCpu,
  measureSignUpTiming,
  rangeReferenceFile,
  rangeTargets,
} from "./bench-load.ts";
import { seedMembers, signUp, visitPortals } from "./bench-members.ts";
import { checkBudgets, formatReport, type Measurements } from "./bench-report.ts";
import { peakResidentBytes, residentBytes, startServer } from "./bench-server.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option("runs", 3);
const SECONDS = option("seconds", 5);
/** Members whose portal pages the server is asked to keep at once. */
const MEMBERS = 1000;
/** Requests per target for the server's CPU time per request. */
const CPU_REQUESTS = 3000;
/** A fresh render takes milliseconds: fewer of them give as steady a figure in a few seconds. */
const FRESH_CPU_REQUESTS = 600;
const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");

const progress = (message: string) => process.stderr.write(`› ${message}\n`);

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` first (npm run bench does).");
  }
  const mappedClient = args.includes("--explain") ? await buildMappedClient() : null;
  const server = await startServer(root, (where) => {
    progress(`${MEMBERS.toLocaleString("en-GB")} members into the database`);
    return seedMembers(root, where, MEMBERS);
  });
  try {
    const afterBootBytes = residentBytes(server.pid);
    const member = await signUp(server.url, server.dataDir);
    const firstViews = await measureFirstViews(server.url, member.cookie, progress);
    progress(`${MEMBERS.toLocaleString("en-GB")} members' /portal, twice`);
    const visits = await visitPortals(server.url, server.prepared);
    const afterMembersBytes = residentBytes(server.pid);
    const rangeReference = rangeReferenceFile(clientDir);
    const load = await measureLoad(
      server.url,
      member,
      rangeReference,
      { runs: RUNS, seconds: SECONDS },
      progress,
    );
    const afterLoadBytes = residentBytes(server.pid);
    const serverCpu = [
      ...(await measureServerCpu(
        server.pid,
        rangeTargets(server.url, member, rangeReference),
        { runs: RUNS, requests: CPU_REQUESTS },
        progress,
      )),
      ...(await measureServerCpu(
        server.pid,
        freshRenderTargets(server.url, member),
        { runs: RUNS, requests: FRESH_CPU_REQUESTS },
        progress,
      )),
    ];
    const inp = await measureInp(server.url, member.cookie, RUNS, progress);
    const lighthouse = args.includes("--skip-lighthouse")
      ? null
      : await measureLighthouse(server.url, member.cookie, RUNS, progress);
    const signUpTiming = await measureSignUpTiming(server.url, progress);
    const offlineOpen = await measureOfflineOpen(server.url, member.cookie, RUNS, progress);
    const pdfBurst = await measurePdfBurst(server.url, server.prepared, progress);
    const measurements: Measurements = {
      machine: describeMachine(),
      firstView: firstViews.views,
      load,
      serverCpu,
      memory: {
        members: MEMBERS,
        afterBootBytes,
        afterMembersBytes,
        afterLoadBytes,
        // Read last: the high-water mark of everything the bench asked of the server.
        peakBytes: peakResidentBytes(server.pid),
        ...visits,
      },
      inp,
      lighthouse,
      signUp: signUpTiming,
      offline: { publicPagesWithWorker: firstViews.publicPagesWithWorker, ...offlineOpen },
      pdfBurst,
    };
    const report = formatReport(measurements, { runs: RUNS, seconds: SECONDS, connections: CONNECTIONS });
    process.stdout.write(`${report}\n`);
    if (mappedClient) {
      const pages = explainPages(firstViews.scripts, mappedClient.dir, root);
      process.stdout.write(
        `\nEach page's JavaScript (after first interaction on public pages), shared out by source maps:\n\n${formatExplanation(pages)}\n`,
      );
    }
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
    mappedClient?.remove();
  }
}

/** The client built again with source maps, in a temporary directory, for --explain. */
async function buildMappedClient() {
  progress("client build with source maps (--explain)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-bench-maps-"));
  await buildClientWithSourceMaps(root, dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
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
