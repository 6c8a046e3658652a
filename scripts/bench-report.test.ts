import { describe, expect, it } from "vitest";
import { checkBudgets, formatReport, median, REFERENCE, type Measurements } from "./bench-report.ts";

const measured = (overrides: Partial<Measurements> = {}): Measurements => ({
  machine: "2 × Test CPU",
  firstView: [
    {
      page: "/",
      jsBytes: 80 * 1024,
      cssBytes: 12 * 1024,
      jsAfterInteractionBytes: 170 * 1024,
      fontHosts: ["localhost:3000"],
      otherHosts: [],
    },
  ],
  load: [
    { name: REFERENCE, requestsPerSecond: 4000, p50: 10, p99: 20, errors: 0 },
    { name: "/ (public)", requestsPerSecond: 4200, p50: 9, p99: 18, errors: 0 },
    { name: "/portal (signed in)", requestsPerSecond: 900, p50: 40, p99: 48, errors: 0 },
    { name: "portal page rendered afresh", requestsPerSecond: 250, p50: 180, p99: 420, errors: 0 },
    { name: "progress write", requestsPerSecond: 2500, p50: 15, p99: 24, errors: 0 },
  ],
  lighthouse: [{ page: "/", performance: 98, accessibility: 100, bestPractices: 100, seo: 100 }],
  signUp: { newAddressMs: 110, knownAddressMs: 104 },
  ...overrides,
});

describe("the benchmark report", () => {
  it("takes the median of an odd or even number of runs", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("meets every budget when every figure is inside it", () => {
    expect(checkBudgets(measured()).filter((c) => !c.met)).toEqual([]);
  });

  it("names each budget a figure misses", () => {
    const missed = checkBudgets(
      measured({
        firstView: [
          {
            page: "/",
            jsBytes: 91 * 1024,
            cssBytes: 12 * 1024,
            jsAfterInteractionBytes: null,
            fontHosts: ["fonts.example"],
            otherHosts: ["fonts.example"],
          },
        ],
        load: [
          { name: "/ (public)", requestsPerSecond: 1999, p50: 9, p99: 18, errors: 0 },
          { name: "/portal (signed in)", requestsPerSecond: 900, p50: 40, p99: 51, errors: 0 },
          { name: "progress write", requestsPerSecond: 2500, p50: 15, p99: 26, errors: 3 },
        ],
        lighthouse: [{ page: "/", performance: 94, accessibility: 99, bestPractices: 100, seo: 100 }],
        signUp: { newAddressMs: 95, knownAddressMs: 120 },
      }),
    )
      .filter((c) => !c.met)
      .map((c) => c.name);
    expect(missed).toEqual([
      "landing page JavaScript ≤ 90 KB gzip",
      "landing page: no third-party request",
      "landing page: no web font from another host",
      "/ (public) ≥ 2000 req/s",
      "/portal (signed in) p99 ≤ 50 ms",
      "progress write: every response a success",
      "progress write p99 ≤ 25 ms",
      "sign-up answers alike for new and registered addresses (medians within 15 ms)",
      "Lighthouse / performance ≥ 95",
      "Lighthouse / accessibility ≥ 100",
    ]);
  });

  it("prints each load figure beside the reference, as a ratio", () => {
    const report = formatReport(measured(), { runs: 3, seconds: 5, connections: 50 });
    expect(report).toContain("| / (public) | 4,200 | 1.05× | 9 ms | 18 ms | 0.90× | ≥ 2,000 req/s: ✓ |");
    expect(report).toContain(
      "| / | 80.0 KB | 12.0 KB | none | 170.0 KB | JS ≤ 90 KB, CSS ≤ 20 KB, none: ✓ |",
    );
    expect(report).toContain(
      "| portal page rendered afresh | 250 | 0.06× | 180 ms | 420 ms | 21.00× | for comparison: every request rendered |",
    );
    expect(report).toContain("Machine: 2 × Test CPU");
    expect(report).toContain("| POST /auth (sign-up) | 110.0 ms | 104.0 ms | 6.0 ms | ≤ 15 ms: ✓ |");
  });
});
