import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The modules form a graph without cycles of two: when a module imports
 * another at run time, the other does not import it back (docs/architecture.md,
 * "Which module imports which"). Type-only imports and tests don't count: they
 * cost nothing at run time and bind no order of loading.
 */
const modulesDir = path.resolve(import.meta.dirname, "modules");

/**
 * Pairs that still import each other: none. Each was taken apart by moving what
 * one of them owned (its columns, its functions) to where it belongs, or by
 * handing a page's parts down as arguments. The list only shrinks: a pair that
 * no longer imports both ways must leave it, and no new pair may join it.
 */
const NOT_YET_APART: string[] = [];

/** The module a specifier names, from a file in module `from`, or null for anything outside app/modules. */
function moduleOf(specifier: string, file: string): string | null {
  const fromAlias = /^#app\/modules\/([^/]+)\//.exec(specifier);
  if (fromAlias) return fromAlias[1]!;
  if (!specifier.startsWith(".")) return null;
  const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
  if (target.startsWith("..")) return null;
  return target.split(path.sep)[0]!;
}

/** Each module's run-time imports of other modules. */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    const imports = new Set<string>();
    for (const name of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      const file = path.join(dir, name);
      const source = fs.readFileSync(file, "utf8");
      // Whole-statement type imports are erased; `import { type A, b }` still loads the file.
      for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+"([^"]+)";/gms)) {
        if (match[1]) continue;
        const target = moduleOf(match[2]!, file);
        if (target && target !== module) imports.add(target);
      }
      for (const match of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) {
        const target = moduleOf(match[1]!, file);
        if (target && target !== module) imports.add(target);
      }
    }
    graph.set(module, imports);
  }
  return graph;
}

function pairsBothWays(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [module, imports] of graph) {
    for (const other of imports) {
      if (module < other && graph.get(other)?.has(module)) pairs.push(`${module} ↔ ${other}`);
    }
  }
  return pairs.sort();
}

describe("the module graph", () => {
  it("has no new pair of modules that import each other, and drops each pair taken apart", () => {
    expect(pairsBothWays(moduleImports())).toEqual(NOT_YET_APART);
  });

  it("reads the imports as the build does: a type-only import is no edge, a value import is", () => {
    const graph = moduleImports();
    // Pure modules import the catalogue's tracks for their values.
    expect(graph.get("listening")?.has("catalogue")).toBe(true);
    // The platform is no module: it sits below them all.
    expect([...graph.keys()]).not.toContain("platform");
  });
});
