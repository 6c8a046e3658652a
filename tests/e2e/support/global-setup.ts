import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chromiumArgs } from "../../../scripts/local-run.ts";
import { startServer, type ServerProcess } from "../../support/server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Set when the run is on PostgreSQL (E2E_DATABASE_URL). */
    databaseUrl: string | undefined;
    /** Chromium's switches, worked out once for the run (scripts/local-run.ts). */
    chromiumArgs: string[];
  }
}

/**
 * One server for each end-to-end project's run (on PostgreSQL when the project's environment
 * names E2E_DATABASE_URL); its log is kept for inspection.
 */
export async function setup(project: TestProject) {
  // As if behind a reverse proxy: each browser context says where it comes from, so the
  // run's many sign-ups look like many visitors and stay under the per-IP abuse limits.
  const server: ServerProcess = await startServer(
    { TRUST_PROXY: "1" },
    { postgresUrl: project.config.env?.E2E_DATABASE_URL },
  );
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("chromiumArgs", await chromiumArgs());
  return async () => {
    await server.stop();
    const logDir = path.resolve("test-results");
    fs.mkdirSync(logDir, { recursive: true });
    fs.writeFileSync(path.join(logDir, `${project.name}-server.log`), server.output());
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
