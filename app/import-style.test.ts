import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One way to name another part of the app: `~/modules/x/…`, `~/platform/…`, `~/components/…`.
 * A `../` path into the app hides which module a file leans on and breaks when a file moves;
 * `./` stays for a file's own module or folder, `../` for what lies outside `app/` (tests, db).
 */
const APP = import.meta.dirname;
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.\.\/[^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("imports across the app", () => {
  it("name another part of the app from ~/, never by climbing out of their folder", () => {
    const climbing = sourceFiles(APP).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((match) => match[1]!)
        .filter((specifier) => path.resolve(path.dirname(file), specifier).startsWith(APP + path.sep))
        .map((specifier) => `${path.relative(APP, file)}: ${specifier}`),
    );
    expect(climbing).toEqual([]);
  });
});
