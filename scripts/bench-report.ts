/**
 * The benchmark's budgets and its table: pure, so they are unit-tested apart
 * from the measuring (scripts/bench.ts). docs/performance.md explains each
 * budget and how it is measured.
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
  /** Each row is compared with the row named `reference` (the static file, REFERENCE, unless it says). */
  load: LoadRow[];
  /** The server's CPU time (user and system) per request, over a fixed number of requests. */
  serverCpu: { name: string; msPerRequest: number; reference?: string }[];
  /** The server's resident memory, and what a visit to each member's portal costs before and once kept. */
  memory: {
    members: number;
    afterBootBytes: number;
    afterMembersBytes: number;
    afterLoadBytes: number;
    /** The most the server held at once, from boot to the end of the bench (the kernel's high-water mark). */
    peakBytes: number;
    /** Median answer time of each member's first and second request for /portal. */
    firstVisitMs: number;
    secondVisitMs: number;
  };
  /** Interaction to Next Paint of a page's first tap, beside a tap on its heading (no handler). */
  inp: { page: string; control: string; inpMs: number; referenceMs: number }[];
  /** Lighthouse's scores; SEO is null for a page kept out of search engines (the portal). */
  lighthouse:
    | {
        page: string;
        performance: number;
        accessibility: number;
        bestPractices: number;
        seo: number | null;
      }[]
    | null;
  /**
   * How long the sign-up form takes to answer (medians, ms) for an address without an account and
   * one with: the answer must not tell them apart, in its words or its timing.
   */
  signUp: { newAddressMs: number; knownAddressMs: number } | null;
  /**
   * The portal offline: public pages that registered a service worker or linked a manifest on their
   * first view (none should), and how soon a member's kept /portal is shown with no signal, beside
   * the same page online (medians of the navigation's load event, ms).
   */
  offline: { publicPagesWithWorker: string[]; offlineOpenMs: number; onlineOpenMs: number } | null;
  /**
   * /healthz asked again and again while members ask for hard birth preferences PDFs at once (made off the
   * event loop): its slowest answer then, beside its slowest of fifty asked alone; the PDFs made and those
   * answered "busy" (503).
   */
  pdfBurst: {
    pdfs: number;
    busy: number;
    healthChecks: number;
    healthMaxMs: number;
    quietHealthMaxMs: number;
  } | null;
}

export interface LoadRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  reference?: string;
}

const KB = 1024;
const MB = 1024 * KB;

export const BUDGETS = {
  landingJsBytes: 90 * KB,
  landingCssBytes: 20 * KB,
  /** What a public page's first interaction brings: React, the router and the page's code. */
  publicJsAfterInteractionBytes: 120 * KB,
  portalJsBytes: 140 * KB,
  publicPagesPerSecond: 2000,
  portalP99Ms: 50,
  /** A member's kept portal page, as a share of the static file's requests per second. */
  portalRatio: 0.8,
  /** A portal page rendered for every request, at a few connections: its tail. */
  freshPortalFewP99Ms: 100,
  /**
   * At 50 connections, renders wait their turn (decision 0028): the tail stays bounded and fair,
   * no request waiting more than a few times the typical one.
   */
  freshPortalP99Ms: 1000,
  freshPortalTailRatio: 4,
  progressWriteP99Ms: 25,
  /** The audio route's CPU time per Range request, as a multiple of a static file's. */
  audioCpuRatio: 1.3,
  /** Peak resident memory through the whole bench: what a 512 MB instance holds with room to spare. */
  serverPeakRssBytes: 384 * MB,
  inpMs: 100,
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 95, seo: 100 },
  /** The sign-up answers for a new and a registered address differ by at most this much (medians). */
  signUpTimingGapMs: 15,
  /** A kept /portal opens with no signal at least this soon (the load event). */
  offlineOpenMs: 1000,
  /** Every /healthz answer while PDFs are made, at most this long. */
  healthDuringPdfsMs: 100,
};

export const REFERENCE = "static file (reference)";
export const RANGE_REFERENCE = "static file, 64 KB Range (reference)";
export const PORTAL = "/portal (signed in)";
export const FRESH_PORTAL = "portal page rendered afresh";
export const FRESH_PORTAL_FEW = "portal page rendered afresh, 8 connections";
export const AUDIO = "audio Range request";

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

/**
 * A row's figure over its reference's: the row its `reference` names, or `fallback` (NaN without
 * the reference, so a budget on it is missed).
 */
function ratioTo<T extends { name: string; reference?: string }>(
  rows: T[],
  row: T,
  figure: (r: T) => number,
  fallback = REFERENCE,
) {
  const reference = rows.find((r) => r.name === (row.reference ?? fallback));
  return reference ? figure(row) / figure(reference) : Number.NaN;
}

export function checkBudgets(m: Measurements): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  /** A budget on a figure the run must have: missed if the figure is missing. */
  const budgetOn = (name: string, found: unknown, met: () => boolean) =>
    checks.push({
      name: found === undefined ? `${name} (not measured)` : name,
      met: found !== undefined && met(),
    });

  const landing = m.firstView.find((v) => v.page === "/");
  if (landing) {
    checks.push(
      {
        name: `landing page JavaScript ≤ ${BUDGETS.landingJsBytes / KB} KB compressed`,
        met: landing.jsBytes <= BUDGETS.landingJsBytes,
      },
      {
        name: `landing page CSS ≤ ${BUDGETS.landingCssBytes / KB} KB compressed`,
        met: landing.cssBytes <= BUDGETS.landingCssBytes,
      },
      { name: "landing page: no third-party request", met: landing.otherHosts.length === 0 },
      {
        name: "landing page: no web font from another host",
        met: landing.fontHosts.every((h) => !landing.otherHosts.includes(h)),
      },
    );
  }
  for (const view of m.firstView) {
    if (view.jsAfterInteractionBytes === null) continue;
    const after = view.jsAfterInteractionBytes;
    checks.push({
      name: `${view.page} JavaScript after first interaction ≤ ${BUDGETS.publicJsAfterInteractionBytes / KB} KB compressed`,
      met: after <= BUDGETS.publicJsAfterInteractionBytes,
    });
  }
  const portalView = m.firstView.find((v) => v.page === "/portal");
  budgetOn(`/portal JavaScript ≤ ${BUDGETS.portalJsBytes / KB} KB compressed`, portalView, () => {
    return portalView!.jsBytes <= BUDGETS.portalJsBytes;
  });

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
  const perSecond = (r: LoadRow) => r.requestsPerSecond;
  const portal = m.load.find((r) => r.name === PORTAL);
  budgetOn(`${PORTAL} ≥ ${BUDGETS.portalRatio}× the static file's req/s`, portal, () => {
    return ratioTo(m.load, portal!, perSecond) >= BUDGETS.portalRatio;
  });
  const fresh = m.load.find((r) => r.name === FRESH_PORTAL);
  budgetOn(`${FRESH_PORTAL} p99 ≤ ${BUDGETS.freshPortalP99Ms} ms`, fresh, () => {
    return fresh!.p99 <= BUDGETS.freshPortalP99Ms;
  });
  budgetOn(`${FRESH_PORTAL} p99 ≤ ${BUDGETS.freshPortalTailRatio}× its p50`, fresh, () => {
    return fresh!.p99 <= BUDGETS.freshPortalTailRatio * fresh!.p50;
  });
  const freshFew = m.load.find((r) => r.name === FRESH_PORTAL_FEW);
  budgetOn(`${FRESH_PORTAL_FEW} p99 ≤ ${BUDGETS.freshPortalFewP99Ms} ms`, freshFew, () => {
    return freshFew!.p99 <= BUDGETS.freshPortalFewP99Ms;
  });
  const audioCpu = m.serverCpu.find((r) => r.name === AUDIO);
  budgetOn(
    `${AUDIO}: server CPU per request ≤ ${BUDGETS.audioCpuRatio}× the static file Range's`,
    audioCpu,
    () => {
      return ratioTo(m.serverCpu, audioCpu!, (r) => r.msPerRequest, RANGE_REFERENCE) <= BUDGETS.audioCpuRatio;
    },
  );
  checks.push({
    name: `server peak memory through the bench ≤ ${BUDGETS.serverPeakRssBytes / MB} MB`,
    met: m.memory.peakBytes <= BUDGETS.serverPeakRssBytes,
  });
  for (const page of ["/", "/portal"]) {
    const row = m.inp.find((r) => r.page === page);
    budgetOn(`${page} first tap: INP ≤ ${BUDGETS.inpMs} ms`, row, () => row!.inpMs <= BUDGETS.inpMs);
  }

  if (m.signUp) {
    checks.push({
      name: `sign-up answers alike for new and registered addresses (medians within ${BUDGETS.signUpTimingGapMs} ms)`,
      met: Math.abs(m.signUp.knownAddressMs - m.signUp.newAddressMs) <= BUDGETS.signUpTimingGapMs,
    });
  }
  if (m.offline) {
    const { publicPagesWithWorker, offlineOpenMs } = m.offline;
    checks.push(
      {
        name: "public pages' first view: no service worker, no manifest",
        met: publicPagesWithWorker.length === 0,
      },
      {
        name: `kept /portal offline opens ≤ ${BUDGETS.offlineOpenMs} ms`,
        met: offlineOpenMs <= BUDGETS.offlineOpenMs,
      },
    );
  }
  if (m.pdfBurst) {
    checks.push({
      name: `/healthz during a burst of PDFs: every answer ≤ ${BUDGETS.healthDuringPdfsMs} ms`,
      met: m.pdfBurst.healthMaxMs <= BUDGETS.healthDuringPdfsMs,
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
    );
    if (row.seo !== null)
      checks.push({ name: `Lighthouse ${row.page} SEO ≥ ${floor.seo}`, met: row.seo >= floor.seo });
  }
  return checks;
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "–");
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "–");
const mark = (met: boolean) => (met ? "✓" : "✗ missed");

/** The report: Markdown tables, readable in a terminal and in docs/performance.md. */
export function formatReport(
  m: Measurements,
  settings: { runs: number; seconds: number; connections: number },
): string {
  const checks = checkBudgets(m);
  const metFor = (...fragments: string[]) => {
    const matching = checks.filter((c) => fragments.some((fragment) => c.name.startsWith(fragment)));
    return matching.length === 0 ? "" : mark(matching.every((c) => c.met));
  };
  const lines: string[] = [];
  lines.push(`Machine: ${m.machine}`);
  lines.push(
    `Medians of ${settings.runs} runs; load runs last ${settings.seconds} s at ${settings.connections} connections unless a row says otherwise.`,
  );

  lines.push("");
  lines.push(
    "| first view (compressed) | JavaScript | CSS | other hosts | JavaScript after first interaction | budget |",
  );
  lines.push("| --- | ---: | ---: | --- | ---: | --- |");
  for (const view of m.firstView) {
    const budgets: string[] = [];
    if (view.page === "/") {
      budgets.push(`JS ≤ 90 KB, CSS ≤ 20 KB, none: ${metFor("landing page")}`);
    }
    if (view.jsAfterInteractionBytes !== null) {
      budgets.push(
        `after interaction ≤ ${BUDGETS.publicJsAfterInteractionBytes / KB} KB: ${metFor(`${view.page} JavaScript after`)}`,
      );
    }
    if (view.page === "/portal") {
      budgets.push(`JS ≤ ${BUDGETS.portalJsBytes / KB} KB: ${metFor("/portal JavaScript")}`);
    }
    lines.push(
      `| ${view.page} | ${kb(view.jsBytes)} | ${kb(view.cssBytes)} | ${view.otherHosts.join(", ") || "none"} | ${view.jsAfterInteractionBytes === null ? "–" : kb(view.jsAfterInteractionBytes)} | ${budgets.join("; ")} |`,
    );
  }

  lines.push("");
  lines.push("| load | req/s | ratio | p50 | p99 | p99 ratio | budget |");
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  const referenceFor = (name: string) => {
    const compared = m.load.filter((r) => r.reference === name).map((r) => r.name);
    return compared.length > 0 ? `reference for ${compared.join(", ")}` : "";
  };
  for (const row of m.load) {
    const budget = row.name.endsWith("(public)")
      ? `≥ 2,000 req/s: ${metFor(`${row.name} ≥`)}`
      : row.name === PORTAL
        ? `p99 ≤ ${BUDGETS.portalP99Ms} ms, ≥ ${BUDGETS.portalRatio}×: ${metFor(PORTAL)}`
        : row.name === FRESH_PORTAL
          ? `p99 ≤ ${BUDGETS.freshPortalP99Ms} ms and ≤ ${BUDGETS.freshPortalTailRatio}× p50: ${metFor(`${FRESH_PORTAL} p99`)}`
          : row.name === FRESH_PORTAL_FEW
            ? `p99 ≤ ${BUDGETS.freshPortalFewP99Ms} ms: ${metFor(FRESH_PORTAL_FEW)}`
            : row.name === "progress write"
              ? `p99 ≤ 25 ms: ${metFor("progress write")}`
              : row.name === AUDIO
                ? "CPU per request: below"
                : referenceFor(row.name);
    const errors = row.errors > 0 ? ` (${row.errors} failed)` : "";
    lines.push(
      `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString("en-GB")}${errors} | ${ratio(ratioTo(m.load, row, (r) => r.requestsPerSecond))} | ${row.p50} ms | ${row.p99} ms | ${ratio(ratioTo(m.load, row, (r) => r.p99))} | ${budget} |`,
    );
  }

  lines.push("");
  lines.push("| server CPU time (user + system) | per request | ratio | budget |");
  lines.push("| --- | ---: | ---: | --- |");
  for (const row of m.serverCpu) {
    const budget = row.name === AUDIO ? `≤ ${BUDGETS.audioCpuRatio}×: ${metFor(`${AUDIO}: server CPU`)}` : "";
    // A row with no reference is one.
    const cpuRatio = ratioTo(m.serverCpu, row, (r) => r.msPerRequest, row.name);
    lines.push(`| ${row.name} | ${row.msPerRequest.toFixed(3)} ms | ${ratio(cpuRatio)} | ${budget} |`);
  }

  const memory = m.memory;
  const members = memory.members.toLocaleString("en-GB");
  lines.push("");
  lines.push("| server memory (resident) | RSS | ratio | budget |");
  lines.push("| --- | ---: | ---: | --- |");
  lines.push(`| after boot (reference) | ${mb(memory.afterBootBytes)} | 1.00× |  |`);
  lines.push(
    `| after ${members} members' /portal | ${mb(memory.afterMembersBytes)} | ${ratio(memory.afterMembersBytes / memory.afterBootBytes)} |  |`,
  );
  lines.push(
    `| after the load run | ${mb(memory.afterLoadBytes)} | ${ratio(memory.afterLoadBytes / memory.afterBootBytes)} |  |`,
  );
  lines.push(
    `| peak, boot to the end of the bench | ${mb(memory.peakBytes)} | ${ratio(memory.peakBytes / memory.afterBootBytes)} | ≤ ${BUDGETS.serverPeakRssBytes / MB} MB: ${metFor("server peak memory")} |`,
  );
  lines.push("");
  lines.push(
    `| ${members} members' /portal, four at a time | first visit (p50) | second visit (p50) | ratio |`,
  );
  lines.push("| --- | ---: | ---: | ---: |");
  lines.push(
    `| GET /portal | ${ms(memory.firstVisitMs)} | ${ms(memory.secondVisitMs)} | ${ratio(memory.secondVisitMs / memory.firstVisitMs)} |`,
  );

  lines.push("");
  lines.push("| first tap, CPU 4× slower | control | INP | tap on the heading (reference) | budget |");
  lines.push("| --- | --- | ---: | ---: | --- |");
  for (const row of m.inp) {
    lines.push(
      `| ${row.page} | ${row.control} | ${ms(row.inpMs)} | ${ms(row.referenceMs)} | ≤ ${BUDGETS.inpMs} ms: ${metFor(`${row.page} first tap`)} |`,
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
  if (m.offline) {
    const { publicPagesWithWorker, offlineOpenMs, onlineOpenMs } = m.offline;
    lines.push("");
    lines.push("| the portal offline | figure | reference | budget |");
    lines.push("| --- | ---: | ---: | --- |");
    lines.push(
      `| public pages' first view: worker or manifest | ${publicPagesWithWorker.join(", ") || "none"} |  | none: ${metFor("public pages' first view")} |`,
    );
    lines.push(
      `| kept /portal, no signal (load event) | ${ms(offlineOpenMs)} | ${ms(onlineOpenMs)} online | ≤ ${BUDGETS.offlineOpenMs} ms: ${metFor("kept /portal offline")} |`,
    );
  }
  if (m.pdfBurst) {
    const { pdfs, busy, healthChecks, healthMaxMs, quietHealthMaxMs } = m.pdfBurst;
    lines.push("");
    lines.push(
      "| birth preferences PDFs at once | PDFs (busy) | /healthz slowest | alone (reference) | budget |",
    );
    lines.push("| --- | ---: | ---: | ---: | --- |");
    lines.push(
      `| ${pdfs + busy} hard plans, ${healthChecks} health checks | ${pdfs} (${busy}) | ${ms(healthMaxMs)} | ${ms(quietHealthMaxMs)} | ≤ ${BUDGETS.healthDuringPdfsMs} ms: ${metFor("/healthz during a burst")} |`,
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
        `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo ?? "–"} | ${metFor(`Lighthouse ${row.page} `)} |`,
      );
    }
  }
  return lines.join("\n");
}
