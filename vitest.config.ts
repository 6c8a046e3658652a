import { defineConfig } from "vitest/config";
import { ON_POSTGRES } from "./tests/e2e/support/on-postgres.ts";

/** With it set, the data-layer tests and a second end-to-end pass run on PostgreSQL too. */
const postgresUrl = process.env.TEST_DATABASE_URL;

/** The end-to-end tests: Chromium against the production build. */
const endToEnd = {
  environment: "node",
  include: ["tests/e2e/**/*.test.ts"],
  exclude: ["tests/e2e/support/**"],
  globalSetup: ["tests/e2e/support/global-setup.ts"],
  setupFiles: ["tests/support/failures.ts"],
  // A whole walk (sign up, pay, several pages, axe on each) takes 15-25 s alone and
  // three to four times that beside another worker on a slow CI machine.
  testTimeout: 120_000,
  hookTimeout: 60_000,
  // A browser on a busy two-core machine can take a moment to catch up.
  expect: { poll: { timeout: 5_000 } },
  // Three files at a time on two cores: with two, the cores were idle about a tenth of the run
  // (waits on servers starting, sign-ups' even-timed answers, polls), and a third file fills it:
  // the run that starts servers took 646 s against about 700 s with two (decision 0004).
  maxWorkers: 3,
  // A worker keeps its modules from one file to the next (each file launches its own browser and
  // keeps its state in its hooks): importing Playwright and the helpers again for each of some 160
  // files cost about a quarter of a second each.
  isolate: false,
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          // Vitest's default is one worker fewer than the cores: one, on two cores. The data-layer
          // tests wait on the disk and on PostgreSQL as much as they compute: with two the cores
          // were idle a third of the time, and four took the stage from 146 s to 108 s.
          maxWorkers: 4,
          // A worker keeps its modules from one file to the next: importing them again for each of some
          // 210 files was about half the stage's CPU time (143 CPU-s against 259 on a slow two-core
          // machine). Each test makes its own services and database, so a module kept from an earlier
          // file holds nothing of it, and what a test stubs is put back after it.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          globalSetup: ["tests/support/database-templates.ts"],
          include: [
            "app/**/*.test.ts",
            "db/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "dev/**/*.test.ts",
            "worker/**/*.test.ts",
            // The list of end-to-end files run on PostgreSQL, checked against the code.
            "tests/e2e/support/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          maxWorkers: 4,
          include: ["app/**/*.test.tsx"],
          setupFiles: ["tests/support/dom-setup.ts"],
        },
      },
      { extends: true, test: { name: "e2e", ...endToEnd } },
      // The files that drive engine-specific code, again with their servers on PostgreSQL, in the same
      // run: the workers go from one project's files to the other's without waiting for a last file.
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: {
                name: "e2e-postgres",
                ...endToEnd,
                include: Object.keys(ON_POSTGRES),
                env: { E2E_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "durability",
          environment: "node",
          include: ["tests/durability/**/*.test.ts"],
          setupFiles: ["tests/support/failures.ts"],
          // Servers are killed and restarted many times over (the crash test alone for minutes).
          testTimeout: 600_000,
          hookTimeout: 120_000,
          // Run with the end-to-end projects (scripts/test.sh), which share its three workers: a
          // durability file's server and its load keep about one core busy, and the others take
          // end-to-end files meanwhile.
          maxWorkers: 3,
        },
      },
    ],
  },
});
