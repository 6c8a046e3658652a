import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each module's CONTEXT.md lists its public functions under "Its public functions", as links to
 * files followed by the names they export. A name the file no longer exports is a map that lies.
 */
const MODULES = path.join(import.meta.dirname, "modules");

/** The names each listed file is said to export: `name` after a [file](file) link, up to the next link. */
function listedExports(context: string): { file: string; name: string }[] {
  const listed: { file: string; name: string }[] = [];
  const sections = context.split(/^#{2,3} /m).filter((section) => section.startsWith("Its public functions"));
  for (const section of sections) {
    for (const piece of section.split(/(?=\[[^\]]+\]\([^)]+\))/)) {
      const file = /^\[[^\]]+\]\(([^)#]+\.tsx?)\)/.exec(piece)?.[1];
      if (!file) continue;
      // What a name does is said in brackets after it: only the names themselves are listed.
      let names = piece.replace(/^\[[^\]]+\]\([^)]+\)/, "");
      while (/\([^()]*\)/.test(names)) names = names.replace(/\([^()]*\)/g, "");
      for (const [, name] of names.matchAll(/`([A-Za-z_$][\w$]*)`/g)) listed.push({ file, name: name! });
    }
  }
  return listed;
}

function exportsOf(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, name] of source.matchAll(
    /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name!);
  for (const [, list] of source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    for (const part of list!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, "");
      if (name) names.add(name);
    }
  return names;
}

describe("each module's CONTEXT.md", () => {
  const modules = fs
    .readdirSync(MODULES)
    .filter((name) => fs.existsSync(path.join(MODULES, name, "CONTEXT.md")));

  it("is read from every module", () => {
    expect(modules.length).toBeGreaterThan(10);
  });

  it.each(modules)("%s: lists as public only what its files export", (module) => {
    const context = fs.readFileSync(path.join(MODULES, module, "CONTEXT.md"), "utf8");
    const listed = listedExports(context);
    expect(listed.length, "names listed under 'Its public functions'").toBeGreaterThan(0);
    const missing = listed.filter(({ file, name }) => {
      const where = path.join(MODULES, module, file);
      return !fs.existsSync(where) || !exportsOf(fs.readFileSync(where, "utf8")).has(name);
    });
    expect(missing.map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });
});
