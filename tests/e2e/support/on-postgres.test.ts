import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ON_POSTGRES } from "./on-postgres.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** Code whose SQL or locking differs between the engines: it branches on the engine, writes raw SQL, locks rows or upserts. */
const ENGINE_SPECIFIC =
  /\bisPostgres\(|\boneAtATimeFor\(|\bsql`|\bsql<|\.forUpdate\(|\.forNoKeyUpdate\(|\.skipLocked\(|\.onConflict\(/;

function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** The app's engine-specific modules, and the migrations as one when any of them makes a trigger. */
function engineSpecific(): string[] {
  const modules = [...sourcesUnder("app"), ...sourcesUnder("server")].filter((file) =>
    ENGINE_SPECIFIC.test(fs.readFileSync(path.join(root, file), "utf8")),
  );
  const triggers = sourcesUnder("db/migrations").some((file) =>
    /create trigger/i.test(fs.readFileSync(path.join(root, file), "utf8")),
  );
  return [...modules, ...(triggers ? ["db/migrations"] : [])].sort();
}

describe("the end-to-end files that run on PostgreSQL too", () => {
  it("drive every engine-specific module through the server", () => {
    const driven = new Set(Object.values(ON_POSTGRES).flatMap((file) => file.drives));
    expect(engineSpecific().filter((module) => !driven.has(module))).toEqual([]);
  });

  it("name files and modules that exist, and modules that are still engine-specific", () => {
    const specific = new Set(engineSpecific());
    for (const [file, { drives }] of Object.entries(ON_POSTGRES)) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      for (const module of drives) expect(specific.has(module), `${file} drives ${module}`).toBe(true);
    }
  });
});
