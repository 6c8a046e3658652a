/**
 * The benchmark's budgets and its table: pure, so they are unit-tested apart
 * from the measuring (scripts/bench.ts). The budgets are the ones in the
 * architecture guide.
 */
export interface Measurements {
  machine: string;
  firstView: {
    page: string;
    /** Compressed bytes of JavaScript and CSS the browser fetched until the network was idle. */
    jsBytes: number;
    cssBytes: number;
    /** JavaScript fetched once the visitor first interacts (public pages start their app then). */
    jsAfterInteractionBytes: number | null;
    fontHosts: string[];
    /** Hosts other than this site the page asked anything of. */
    otherHosts: string[];
  }[];
  load: { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number }[];
  lighthouse:
    { page: string; performance: number; accessibility: number; bestPractices: number; seo: number }[] | null;
  /**
   * How long the sign-up form takes to answer (medians, ms) for an address without an account and
   * one with: the answer must not tell them apart, in its words or its timing.
   */
  signUp: { newAddressMs: number; knownAddressMs: number } | null;
}

const KB = 1024;

export const BUDGETS = {
  landingJsBytes: 90 * KB,
  landingCssBytes: 20 * KB,
  publicPagesPerSecond: 2000,
  portalP99Ms: 50,
  progressWriteP99Ms: 25,
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 95, seo: 100 },
  /** The sign-up answers for a new and a registered address differ by at most this much (medians). */
  signUpTimingGapMs: 15,
};

export const REFERENCE = "static file (reference)";

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface BudgetCheck {
  name: string;
  met: boolean;
}

export function checkBudgets(m: Measurements): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const landing = m.firstView.find((v) => v.page === "/");
  if (landing) {
    checks.push(
      {
        name: `landing page JavaScript ≤ ${BUDGETS.landingJsBytes / KB} KB gzip`,
        met: landing.jsBytes <= BUDGETS.landingJsBytes,
      },
      {
        name: `landing page CSS ≤ ${BUDGETS.landingCssBytes / KB} KB gzip`,
        met: landing.cssBytes <= BUDGETS.landingCssBytes,
      },
      { name: "landing page: no third-party request", met: landing.otherHosts.length === 0 },
      {
        name: "landing page: no web font from another host",
        met: landing.fontHosts.every((h) => !landing.otherHosts.includes(h)),
      },
    );
  }
  for (const row of m.load) {
    if (row.errors > 0) checks.push({ name: `${row.name}: every response a success`, met: false });
    if (row.name.endsWith("(public)")) {
      checks.push({
        name: `${row.name} ≥ ${BUDGETS.publicPagesPerSecond} req/s`,
        met: row.requestsPerSecond >= BUDGETS.publicPagesPerSecond,
      });
    }
    if (row.name.startsWith("/portal")) {
      checks.push({
        name: `${row.name} p99 ≤ ${BUDGETS.portalP99Ms} ms`,
        met: row.p99 <= BUDGETS.portalP99Ms,
      });
    }
    if (row.name === "progress write") {
      checks.push({
        name: `${row.name} p99 ≤ ${BUDGETS.progressWriteP99Ms} ms`,
        met: row.p99 <= BUDGETS.progressWriteP99Ms,
      });
    }
  }
  if (m.signUp) {
    checks.push({
      name: `sign-up answers alike for new and registered addresses (medians within ${BUDGETS.signUpTimingGapMs} ms)`,
      met: Math.abs(m.signUp.knownAddressMs - m.signUp.newAddressMs) <= BUDGETS.signUpTimingGapMs,
    });
  }
  for (const row of m.lighthouse ?? []) {
    const floor = BUDGETS.lighthouse;
    checks.push(
      {
        name: `Lighthouse ${row.page} performance ≥ ${floor.performance}`,
        met: row.performance >= floor.performance,
      },
      {
        name: `Lighthouse ${row.page} accessibility ≥ ${floor.accessibility}`,
        met: row.accessibility >= floor.accessibility,
      },
      {
        name: `Lighthouse ${row.page} best practices ≥ ${floor.bestPractices}`,
        met: row.bestPractices >= floor.bestPractices,
      },
      { name: `Lighthouse ${row.page} SEO ≥ ${floor.seo}`, met: row.seo >= floor.seo },
    );
  }
  return checks;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ratio = (value: number, reference: number) =>
  reference > 0 ? `${(value / reference).toFixed(2)}×` : "–";
const mark = (met: boolean) => (met ? "✓" : "✗ missed");

/** The report: Markdown tables, readable in a terminal and in docs/performance.md. */
export function formatReport(
  m: Measurements,
  settings: { runs: number; seconds: number; connections: number },
): string {
  const checks = checkBudgets(m);
  const metFor = (fragment: string) => {
    const matching = checks.filter((c) => c.name.includes(fragment));
    return matching.length === 0 ? "" : mark(matching.every((c) => c.met));
  };
  const lines: string[] = [];
  lines.push(`Machine: ${m.machine}`);
  lines.push(
    `Medians of ${settings.runs} runs; load runs last ${settings.seconds} s at ${settings.connections} connections.`,
  );
  lines.push("");
  lines.push(
    "| first view (compressed) | JavaScript | CSS | other hosts | JavaScript after first interaction | budget |",
  );
  lines.push("| --- | ---: | ---: | --- | ---: | --- |");
  for (const view of m.firstView) {
    const budget = view.page === "/" ? `JS ≤ 90 KB, CSS ≤ 20 KB, none: ${metFor("landing page")}` : "";
    lines.push(
      `| ${view.page} | ${kb(view.jsBytes)} | ${kb(view.cssBytes)} | ${view.otherHosts.join(", ") || "none"} | ${view.jsAfterInteractionBytes === null ? "–" : kb(view.jsAfterInteractionBytes)} | ${budget} |`,
    );
  }
  const reference = m.load.find((row) => row.name === REFERENCE);
  lines.push("");
  lines.push("| load | req/s | ratio | p50 | p99 | p99 ratio | budget |");
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const row of m.load) {
    const budget = row.name.endsWith("(public)")
      ? `≥ 2,000 req/s: ${metFor(`${row.name} ≥`)}`
      : row.name.startsWith("/portal")
        ? `p99 ≤ 50 ms: ${metFor(`${row.name} p99`)}`
        : row.name === "progress write"
          ? `p99 ≤ 25 ms: ${metFor("progress write p99")}`
          : row.name === "portal page rendered afresh"
            ? "for comparison: every request rendered"
            : "";
    const errors = row.errors > 0 ? ` (${row.errors} failed)` : "";
    lines.push(
      `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString("en-GB")}${errors} | ${ratio(row.requestsPerSecond, reference?.requestsPerSecond ?? 0)} | ${row.p50} ms | ${row.p99} ms | ${ratio(row.p99, reference?.p99 ?? 0)} | ${budget} |`,
    );
  }
  if (m.signUp) {
    const { newAddressMs, knownAddressMs } = m.signUp;
    lines.push("");
    lines.push("| sign-up answer (median) | new address | registered address | gap | budget |");
    lines.push("| --- | ---: | ---: | ---: | --- |");
    lines.push(
      `| POST /auth (sign-up) | ${newAddressMs.toFixed(1)} ms | ${knownAddressMs.toFixed(1)} ms | ${Math.abs(knownAddressMs - newAddressMs).toFixed(1)} ms | ≤ ${BUDGETS.signUpTimingGapMs} ms: ${metFor("sign-up answers alike")} |`,
    );
  }
  if (m.lighthouse) {
    lines.push("");
    lines.push(
      "| Lighthouse (mobile) | performance | accessibility | best practices | SEO | budget (95/100/95/100) |",
    );
    lines.push("| --- | ---: | ---: | ---: | ---: | --- |");
    for (const row of m.lighthouse) {
      lines.push(
        `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${metFor(`Lighthouse ${row.page} `)} |`,
      );
    }
  }
  return lines.join("\n");
}
