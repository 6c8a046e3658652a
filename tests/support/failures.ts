import fs from "node:fs";
import path from "node:path";
import { afterEach, inject, type TestContext } from "vitest";
import { liveServers } from "./server-process.ts";

/**
 * A failed end-to-end or durability test explains itself: what it saw is kept
 * under test-results/failures/<file>/<test>/ (each browser page's screenshot
 * and last DOM, its console and failed requests, a Playwright trace, and the
 * last 100 lines of every server it talked to), and its failure message says
 * where. Set up for those projects in vitest.config.ts.
 */
const root = path.resolve(import.meta.dirname, "../..");
const LOG_LINES = 100;

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

export const failed = (context: TestContext) => context.task.result?.state === "fail";

/** Where a test's failure is kept (made on first use). */
export function failureDir(context: TestContext): string {
  const file = path.relative(root, context.task.file.filepath);
  const dir = path.join(root, "test-results/failures", slug(file), slug(context.task.name));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The last lines of a text. */
export const lastLines = (text: string, count = LOG_LINES) =>
  text
    .split("\n")
    .slice(-count - 1)
    .join("\n");

/** The run's shared server (e2e only) and every server this test file started. */
function serverLogs(): { name: string; text: string }[] {
  const logs = liveServers().map((server) => ({ name: `server-${server.port}.log`, text: server.output() }));
  // Provided by the end-to-end project's global set-up; the durability tests start their own.
  const sharedDir: string | undefined = inject("dataDir");
  const sharedLog = sharedDir && path.join(sharedDir, "server.log");
  if (sharedLog && fs.existsSync(sharedLog)) {
    logs.push({ name: "shared-server.log", text: fs.readFileSync(sharedLog, "utf8") });
  }
  return logs;
}

/** The lines of a server's log the failure message carries (the files keep 100), each cut short. */
const BRIEF_LOG_LINES = 12;
const briefLog = (text: string) =>
  lastLines(text.trimEnd(), BRIEF_LOG_LINES)
    .split("\n")
    .map((line) => (line.length > 240 ? `${line.slice(0, 240)} …` : line))
    .join("\n");

afterEach(async (context) => {
  if (!failed(context)) return;
  const dir = failureDir(context);
  const logs = serverLogs();
  for (const log of logs) fs.writeFileSync(path.join(dir, log.name), lastLines(log.text));
  const where = path.relative(root, dir);
  const tails = logs.map((log) => `${log.name}, last lines:\n${briefLog(log.text)}`).join("\n\n");
  for (const error of context.task.result?.errors ?? []) {
    error.message = `${error.message}\n\nWhat the test saw (screenshots, trace, console, server logs): ${where}/\n\n${tails}`;
  }
});
