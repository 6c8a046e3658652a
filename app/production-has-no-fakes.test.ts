import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The Stripe, PayPal and sign-in fakes live in dev/fakes, for demo runs and
 * tests. The app may name their types, but loads them only at run time (see
 * platform/dev-fakes.server.ts), so neither its build nor the production
 * image holds them (tests/e2e/server.test.ts checks the build itself).
 */
const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the provider fakes stay out of production", () => {
  it("are never imported by the app or the server, except for their types", () => {
    const imports = [...sourceFiles("app"), ...sourceFiles("server")].flatMap((file) =>
      [
        ...fs
          .readFileSync(file, "utf8")
          .matchAll(/^(import\b(?!\s+type\b)[^;]*?from\s+"[^"]*dev\/fakes[^"]*")/gms),
      ].map((match) => `${path.relative(root, file)}: ${match[1]!.replace(/\s+/g, " ")}`),
    );
    const literalDynamicImports = [...sourceFiles("app"), ...sourceFiles("server")].filter((file) =>
      /import\(\s*["'][^"']*dev\/fakes/.test(fs.readFileSync(file, "utf8")),
    );
    expect(imports).toEqual([]);
    expect(literalDynamicImports).toEqual([]);
  });

  it("are not copied into the production image", () => {
    const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    const copied = [...runtime.matchAll(/^COPY\s+(?!--from)(.+)$/gm)].flatMap((match) =>
      match[1]!.trim().split(/\s+/).slice(0, -1),
    );
    expect(copied.length).toBeGreaterThan(0);
    expect(
      copied.filter((source) => source === "." || source === "dev" || source.startsWith("dev/")),
    ).toEqual([]);
  });
});
