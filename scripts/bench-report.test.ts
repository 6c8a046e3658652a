import { describe, expect, it } from "vitest";
import {
  AUDIO,
  checkBudgets,
  formatReport,
  FRESH_PORTAL,
  FRESH_PORTAL_FEW,
  median,
  PORTAL,
  RANGE_REFERENCE,
  REFERENCE,
  type Measurements,
} from "./bench-report.ts";

const KB = 1024;
const MB = 1024 * KB;

const measured = (overrides: Partial<Measurements> = {}): Measurements => ({
  machine: "2 × Test CPU",
  firstView: [
    {
      page: "/",
      jsBytes: 0,
      cssBytes: 12 * KB,
      jsAfterInteractionBytes: 110 * KB,
      fontHosts: ["localhost:3000"],
      otherHosts: [],
    },
    {
      page: "/portal",
      jsBytes: 130 * KB,
      cssBytes: 12 * KB,
      jsAfterInteractionBytes: null,
      fontHosts: ["localhost:3000"],
      otherHosts: [],
    },
  ],
  load: [
    { name: REFERENCE, requestsPerSecond: 4000, p50: 10, p99: 20, errors: 0 },
    { name: "/ (public)", requestsPerSecond: 4200, p50: 9, p99: 18, errors: 0 },
    { name: PORTAL, requestsPerSecond: 3600, p50: 12, p99: 48, errors: 0 },
    { name: FRESH_PORTAL, requestsPerSecond: 400, p50: 120, p99: 380, errors: 0 },
    { name: FRESH_PORTAL_FEW, requestsPerSecond: 380, p50: 20, p99: 60, errors: 0 },
    { name: "progress write", requestsPerSecond: 2500, p50: 15, p99: 24, errors: 0 },
    { name: RANGE_REFERENCE, requestsPerSecond: 3000, p50: 15, p99: 30, errors: 0 },
    { name: AUDIO, requestsPerSecond: 2400, p50: 20, p99: 40, errors: 0, reference: RANGE_REFERENCE },
  ],
  serverCpu: [
    { name: RANGE_REFERENCE, msPerRequest: 0.2 },
    { name: AUDIO, msPerRequest: 0.25, reference: RANGE_REFERENCE },
    { name: REFERENCE, msPerRequest: 0.1 },
    { name: FRESH_PORTAL, msPerRequest: 4.2, reference: REFERENCE },
  ],
  memory: {
    members: 1000,
    afterBootBytes: 100 * MB,
    afterMembersBytes: 180 * MB,
    afterLoadBytes: 200 * MB,
    peakBytes: 300 * MB,
    firstVisitMs: 30.4,
    secondVisitMs: 1.6,
  },
  inp: [
    { page: "/", control: "Open menu", inpMs: 24, referenceMs: 16 },
    { page: "/portal", control: "a track's Play", inpMs: 64, referenceMs: 16 },
  ],
  lighthouse: [
    { page: "/", performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
    { page: "/portal", performance: 96, accessibility: 100, bestPractices: 100, seo: null },
  ],
  signUp: { newAddressMs: 110, knownAddressMs: 104 },
  offline: { publicPagesWithWorker: [], offlineOpenMs: 180, onlineOpenMs: 240 },
  pdfBurst: { pdfs: 9, busy: 11, healthChecks: 140, healthMaxMs: 38, quietHealthMaxMs: 6 },
  ...overrides,
});

const missedBy = (m: Measurements) =>
  checkBudgets(m)
    .filter((c) => !c.met)
    .map((c) => c.name);

describe("the benchmark report", () => {
  it("takes the median of an odd or even number of runs", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("meets every budget when every figure is inside it", () => {
    expect(missedBy(measured())).toEqual([]);
  });

  it("names each budget a figure misses", () => {
    const m = measured();
    const missed = missedBy(
      measured({
        firstView: [
          {
            page: "/",
            jsBytes: 91 * KB,
            cssBytes: 12 * KB,
            jsAfterInteractionBytes: 121 * KB,
            fontHosts: ["fonts.example"],
            otherHosts: ["fonts.example"],
          },
          { ...m.firstView[1]!, jsBytes: 141 * KB },
        ],
        load: [
          { name: REFERENCE, requestsPerSecond: 4000, p50: 10, p99: 20, errors: 0 },
          { name: "/ (public)", requestsPerSecond: 1999, p50: 9, p99: 18, errors: 0 },
          { name: PORTAL, requestsPerSecond: 3100, p50: 40, p99: 51, errors: 0 },
          { name: FRESH_PORTAL, requestsPerSecond: 309, p50: 150, p99: 610, errors: 0 },
          { name: FRESH_PORTAL_FEW, requestsPerSecond: 300, p50: 40, p99: 101, errors: 0 },
          { name: "progress write", requestsPerSecond: 2500, p50: 15, p99: 26, errors: 3 },
        ],
        serverCpu: [
          { name: RANGE_REFERENCE, msPerRequest: 0.2 },
          { name: AUDIO, msPerRequest: 0.27, reference: RANGE_REFERENCE },
        ],
        memory: { ...m.memory, peakBytes: 385 * MB },
        inp: [
          { page: "/", control: "Open menu", inpMs: 104, referenceMs: 16 },
          { page: "/portal", control: "a track's Play", inpMs: 100, referenceMs: 16 },
        ],
        lighthouse: [
          { page: "/", performance: 94, accessibility: 99, bestPractices: 100, seo: 100 },
          { page: "/portal", performance: 63, accessibility: 100, bestPractices: 100, seo: null },
        ],
        signUp: { newAddressMs: 95, knownAddressMs: 120 },
        offline: { publicPagesWithWorker: ["/"], offlineOpenMs: 1200, onlineOpenMs: 300 },
        pdfBurst: { pdfs: 9, busy: 11, healthChecks: 40, healthMaxMs: 1900, quietHealthMaxMs: 6 },
      }),
    );
    expect(missed).toEqual([
      "landing page JavaScript ≤ 90 KB compressed",
      "landing page: no third-party request",
      "landing page: no web font from another host",
      "/ JavaScript after first interaction ≤ 120 KB compressed",
      "/portal JavaScript ≤ 140 KB compressed",
      "/ (public) ≥ 2000 req/s",
      "/portal (signed in) p99 ≤ 50 ms",
      "progress write: every response a success",
      "progress write p99 ≤ 25 ms",
      "/portal (signed in) ≥ 0.8× the static file's req/s",
      "portal page rendered afresh p99 ≤ 4× its p50",
      "portal page rendered afresh, 8 connections p99 ≤ 100 ms",
      "audio Range request: server CPU per request ≤ 1.3× the static file Range's",
      "server peak memory through the bench ≤ 384 MB",
      "/ first tap: INP ≤ 100 ms",
      "sign-up answers alike for new and registered addresses (medians within 15 ms)",
      "public pages' first view: no service worker, no manifest",
      "kept /portal offline opens ≤ 1000 ms",
      "/healthz during a burst of PDFs: every answer ≤ 100 ms",
      "Lighthouse / performance ≥ 95",
      "Lighthouse / accessibility ≥ 100",
      "Lighthouse /portal performance ≥ 95",
    ]);
  });

  it("misses a budget whose figure, or its reference, was not measured", () => {
    const m = measured();
    expect(
      missedBy(
        measured({
          firstView: m.firstView.slice(0, 1),
          load: m.load.filter(
            (r) => r.name !== REFERENCE && r.name !== FRESH_PORTAL && r.name !== FRESH_PORTAL_FEW,
          ),
          serverCpu: m.serverCpu.filter((r) => r.name !== RANGE_REFERENCE),
          inp: m.inp.slice(1),
        }),
      ),
    ).toEqual([
      "/portal JavaScript ≤ 140 KB compressed (not measured)",
      "/portal (signed in) ≥ 0.8× the static file's req/s",
      "portal page rendered afresh p99 ≤ 1000 ms (not measured)",
      "portal page rendered afresh p99 ≤ 4× its p50 (not measured)",
      "portal page rendered afresh, 8 connections p99 ≤ 100 ms (not measured)",
      "audio Range request: server CPU per request ≤ 1.3× the static file Range's",
      "/ first tap: INP ≤ 100 ms (not measured)",
    ]);
  });

  it("prints each load figure beside its reference, as a ratio", () => {
    const report = formatReport(measured(), { runs: 3, seconds: 5, connections: 50 });
    expect(report).toContain("Machine: 2 × Test CPU");
    expect(report).toContain("| / (public) | 4,200 | 1.05× | 9 ms | 18 ms | 0.90× | ≥ 2,000 req/s: ✓ |");
    expect(report).toContain(
      "| /portal (signed in) | 3,600 | 0.90× | 12 ms | 48 ms | 2.40× | p99 ≤ 50 ms, ≥ 0.8×: ✓ |",
    );
    expect(report).toContain(
      "| portal page rendered afresh | 400 | 0.10× | 120 ms | 380 ms | 19.00× | p99 ≤ 1000 ms and ≤ 4× p50: ✓ |",
    );
    expect(report).toContain(
      "| portal page rendered afresh, 8 connections | 380 | 0.10× | 20 ms | 60 ms | 3.00× | p99 ≤ 100 ms: ✓ |",
    );
    // The audio is compared with a static file asked for the same 64 KB, not with the small one.
    expect(report).toContain(
      "| static file, 64 KB Range (reference) | 3,000 | 0.75× | 15 ms | 30 ms | 1.50× | reference for audio Range request |",
    );
    expect(report).toContain(
      "| audio Range request | 2,400 | 0.80× | 20 ms | 40 ms | 1.33× | CPU per request: below |",
    );
  });

  it("prints the JavaScript budgets beside each page's figures", () => {
    const report = formatReport(measured(), { runs: 3, seconds: 5, connections: 50 });
    expect(report).toContain(
      "| / | 0.0 KB | 12.0 KB | none | 110.0 KB | JS ≤ 90 KB, CSS ≤ 20 KB, none: ✓; after interaction ≤ 120 KB: ✓ |",
    );
    expect(report).toContain("| /portal | 130.0 KB | 12.0 KB | none | – | JS ≤ 140 KB: ✓ |");
  });

  it("prints the server's CPU time per request, its memory and the first taps beside their references", () => {
    const report = formatReport(
      measured({ inp: [{ page: "/portal", control: "a track's Play", inpMs: 112, referenceMs: 24 }] }),
      { runs: 3, seconds: 5, connections: 50 },
    );
    expect(report).toContain("| static file, 64 KB Range (reference) | 0.200 ms | 1.00× |  |");
    expect(report).toContain("| audio Range request | 0.250 ms | 1.25× | ≤ 1.3×: ✓ |");
    // A fresh render's cost beside the small static file's, which the load table compares its rate with.
    expect(report).toContain("| static file (reference) | 0.100 ms | 1.00× |  |");
    expect(report).toContain("| portal page rendered afresh | 4.200 ms | 42.00× |  |");
    expect(report).toContain("| after boot (reference) | 100 MB | 1.00× |  |");
    expect(report).toContain("| after 1,000 members' /portal | 180 MB | 1.80× |  |");
    expect(report).toContain("| after the load run | 200 MB | 2.00× |  |");
    expect(report).toContain("| peak, boot to the end of the bench | 300 MB | 3.00× | ≤ 384 MB: ✓ |");
    expect(report).toContain("| GET /portal | 30 ms | 2 ms | 0.05× |");
    expect(report).toContain("| /portal | a track's Play | 112 ms | 24 ms | ≤ 100 ms: ✗ missed |");
    expect(report).toContain("| POST /auth (sign-up) | 110.0 ms | 104.0 ms | 6.0 ms | ≤ 15 ms: ✓ |");
  });

  it("prints the service worker's effect on public pages and the offline portal beside the online one", () => {
    const report = formatReport(measured(), { runs: 3, seconds: 5, connections: 32 });
    expect(report).toContain("| public pages' first view: worker or manifest | none |  | none: ✓ |");
    expect(report).toContain(
      "| kept /portal, no signal (load event) | 180 ms | 240 ms online | ≤ 1000 ms: ✓ |",
    );
    expect(report).toContain("| 20 hard plans, 140 health checks | 9 (11) | 38 ms | 6 ms | ≤ 100 ms: ✓ |");
  });

  it("audits the portal in Lighthouse for all but SEO (it is kept out of search engines)", () => {
    const report = formatReport(measured(), { runs: 3, seconds: 5, connections: 50 });
    expect(report).toContain("| /portal | 96 | 100 | 100 | – | ✓ |");
    expect(checkBudgets(measured()).filter((c) => c.name.startsWith("Lighthouse /portal"))).toHaveLength(3);
  });
});
