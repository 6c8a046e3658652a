import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One way to name another part of the app, from anywhere in the project:
 * `#app/modules/x/…`, `#app/platform/…`, `#app/components/…` (package.json's
 * "imports", which Node resolves as it is, so the server, the scripts and the
 * PDF worker thread run the same files the build bundles). A `../` path into
 * the app hides which module a file leans on and breaks when a file moves;
 * `./` stays for a file's own folder and below, `../` for what lies outside `app/` (db).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const APP = path.join(ROOT, "app");
const SPECIFIER = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const projectFiles = () =>
  ["app", "server", "scripts", "tests", "dev", "worker"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

describe("imports across the project", () => {
  it("name a part of the app from #app/, never by climbing into it", () => {
    const climbing = projectFiles().flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(SPECIFIER)]
        .map((match) => match[1]!)
        .filter((specifier) => {
          if (!specifier.startsWith(".")) return false;
          const target = path.resolve(path.dirname(file), specifier);
          const fromOutside = !file.startsWith(APP + path.sep);
          // Into the app by climbing out of a folder in it, or from outside it at all.
          return target.startsWith(APP + path.sep) && (fromOutside || specifier.startsWith("../"));
        })
        .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
    );
    expect(climbing).toEqual([]);
  });

  it("has no second alias for the app", () => {
    const aliased = projectFiles().flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(SPECIFIER)]
        .map((match) => match[1]!)
        .filter((specifier) => specifier.startsWith("~/"))
        .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
    );
    expect(aliased).toEqual([]);
  });
});
