/**
 * Prints the slowest test files of a Vitest JSON report (`--reporter=json`),
 * so a run says where its time went:
 *
 *   node scripts/slowest-files.ts test-results/reports/servers.json [count]   (default 10)
 */
import fs from "node:fs";
import path from "node:path";

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

/** The `count` files that took longest, slowest first, as "  12.3 s  tests/e2e/x.test.ts". */
export function slowestFiles(report: JsonReport, root: string, count = 10): string[] {
  return report.testResults
    .map((file) => ({
      file: path.relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

if (import.meta.main) {
  const [reportFile, count] = process.argv.slice(2);
  if (!reportFile) throw new Error("Usage: node scripts/slowest-files.ts <vitest json report> [count]");
  const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as JsonReport;
  const lines = slowestFiles(report, path.resolve(import.meta.dirname, ".."), Number(count) || 10);
  const twice = new Set(report.testResults.map((file) => file.name)).size < report.testResults.length;
  // A run of two projects (SQLite and PostgreSQL) has some files twice, and the report doesn't say which is which.
  const note = twice ? " (a file listed twice ran on each engine)" : "";
  process.stdout.write(`  slowest files${note}:\n${lines.join("\n")}\n`);
}
