import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { closeServices, createServices, type AppServices } from "#app/services.server.ts";
import type { TestDatabase } from "./test-databases.ts";
import { QUICK_PASSWORDS } from "./quick-passwords.ts";

/**
 * The app's services, as the server builds them, on a describe block's test
 * database and a data directory of their own: made before the block's first
 * test (after its database), closed after its last. `settings` add to a
 * local run's (BASE_URL, an app secret).
 */
export function useTestServices(database: TestDatabase, settings: Record<string, string> = {}): AppServices {
  let current: AppServices | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-services-"));
    const env = parseEnv({
      BASE_URL: "http://localhost:3990",
      APP_SECRET: "s".repeat(48),
      ...settings,
      DATA_DIR: dataDir,
    });
    current = await createServices(env, createLogger("silent"), { database, passwords: QUICK_PASSWORDS });
  });
  afterAll(async () => {
    if (current) await closeServices(current);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const made = () => {
    if (!current)
      throw new Error("The services are made before the block's first test: use them from a test");
    return current;
  };
  // Spread too ({ ...services, sessions }), as tests of one service's stand-in do.
  return new Proxy({} as AppServices, {
    get: (_target, property) => Reflect.get(made(), property),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, property) => Reflect.getOwnPropertyDescriptor(made(), property),
  });
}
