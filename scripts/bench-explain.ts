/**
 * `npm run bench -- --explain`: what each measured page's JavaScript is made
 * of, by npm package, so a change in the figures names its cause. The client
 * is built a second time, into a temporary directory, with source maps: the
 * same code, byte for byte, under the same file names, plus a map for each
 * chunk. Each chunk's characters are counted by the source they come from,
 * and its compressed size (as the browser received it) is shared out in
 * proportion.
 */
import fs from "node:fs";
import path from "node:path";

/** The parts of a version 3 source map this reads. */
export interface SourceMap {
  sources: (string | null)[];
  sourceRoot?: string;
  mappings: string;
}

/** Bytes of code the bundler wrote itself (imports between chunks, its runtime): no source maps to them. */
export const UNMAPPED = "bundler (unmapped)";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The segments of each generated line, as absolute [column, source?]: the mappings' VLQ decoded. */
export function decodeMappings(mappings: string): [column: number, source?: number][][] {
  const lines: [number, number?][][] = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: [number, number?][] = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields = decodeVlq(segment);
      column += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        segments.push([column, source]);
      } else {
        segments.push([column]);
      }
      // Original line, column and name are relative too, but only the source is needed here.
    }
    lines.push(segments.sort((a, b) => a[0] - b[0]));
  }
  return lines;
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`Not a source map segment: ${segment}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * The characters of `code` that come from each group (`groupOf` names a
 * source's group: its npm package, say), and UNMAPPED for the rest. A
 * segment runs from its column to the next segment's, or the end of its line.
 */
export function attributeChunk(
  code: string,
  map: SourceMap,
  groupOf: (source: string) => string,
): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (group: string, characters: number) =>
    characters > 0 && counts.set(group, (counts.get(group) ?? 0) + characters);
  const groups = map.sources.map((source) => (source === null ? UNMAPPED : groupOf(source)));
  const lines = code.split("\n");
  const segments = decodeMappings(map.mappings);
  let mapped = 0;
  lines.forEach((line, index) => {
    const lineSegments = segments[index] ?? [];
    lineSegments.forEach(([column, source], at) => {
      if (source === undefined) return;
      const end = Math.min(lineSegments[at + 1]?.[0] ?? line.length, line.length);
      const characters = Math.max(0, end - column);
      add(groups[source] ?? UNMAPPED, characters);
      mapped += characters;
    });
  });
  add(UNMAPPED, code.length - mapped);
  return counts;
}

/**
 * The group a source belongs to, from its path relative to the project: the
 * npm package under node_modules (a scoped package's scope, as `@radix-ui/*`),
 * "app code" for app/, or the path's first folder.
 */
export function packageOf(relativePath: string): string {
  const normalized = relativePath.replaceAll("\\", "/");
  const at = normalized.lastIndexOf("node_modules/");
  if (at >= 0) {
    const [first = "", second = ""] = normalized.slice(at + "node_modules/".length).split("/");
    return first.startsWith("@") && second ? `${first}/*` : first;
  }
  const [folder = ""] = normalized.replace(/^(\.\.\/)+/, "").split("/");
  return folder === "app" ? "app code" : folder;
}

/** A page and the scripts it loaded: their paths on the site and compressed sizes. */
export interface PageScripts {
  page: string;
  scripts: { path: string; bytes: number }[];
}

/** A page's compressed JavaScript by group, largest first, summing to what it loaded. */
export interface PageMakeup {
  page: string;
  totalBytes: number;
  chunks: number;
  groups: Map<string, number>;
}

/**
 * Shares out each page's scripts by the source maps in `mappedClient` (a
 * client build with maps). A script with no map beside it is named as itself.
 */
export function explainPages(pages: PageScripts[], mappedClient: string, root: string): PageMakeup[] {
  const makeupOf = new Map<string, Map<string, number>>();
  const chunkMakeup = (sitePath: string) => {
    let shares = makeupOf.get(sitePath);
    if (shares) return shares;
    const file = path.join(mappedClient, sitePath);
    const code = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
    const mapFile = `${file}.map`;
    shares = new Map<string, number>();
    if (code === "") {
      // An empty chunk (a resource route's): nothing to share out.
    } else if (code === null || !fs.existsSync(mapFile)) {
      shares.set(`${path.basename(sitePath)} (no source map)`, 1);
    } else {
      const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as SourceMap;
      const base = path.resolve(path.dirname(file), map.sourceRoot ?? "");
      const characters = attributeChunk(code, map, (source) =>
        packageOf(path.relative(root, path.resolve(base, source))),
      );
      for (const [group, count] of characters) shares.set(group, count / code.length);
    }
    makeupOf.set(sitePath, shares);
    return shares;
  };
  return pages.map(({ page, scripts }) => {
    const groups = new Map<string, number>();
    for (const script of scripts) {
      for (const [group, share] of chunkMakeup(script.path)) {
        groups.set(group, (groups.get(group) ?? 0) + share * script.bytes);
      }
    }
    return {
      page,
      totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      chunks: scripts.length,
      groups: new Map([...groups].sort((a, b) => b[1] - a[1])),
    };
  });
}

/** One table: a row per package, a column per page, largest first; the total row matches the report's. */
export function formatExplanation(pages: PageMakeup[]): string {
  const kb = (bytes: number | undefined) => (bytes === undefined ? "–" : `${(bytes / 1024).toFixed(1)} KB`);
  const largest = new Map<string, number>();
  for (const page of pages) {
    for (const [group, bytes] of page.groups) largest.set(group, Math.max(largest.get(group) ?? 0, bytes));
  }
  const groups = [...largest].sort((a, b) => b[1] - a[1]).map(([group]) => group);
  const lines = [
    `| JavaScript by package (compressed) | ${pages.map((p) => p.page).join(" | ")} |`,
    `| --- |${" ---: |".repeat(pages.length)}`,
  ];
  for (const group of groups) {
    lines.push(`| ${group} | ${pages.map((p) => kb(p.groups.get(group))).join(" | ")} |`);
  }
  lines.push(`| total (chunks) | ${pages.map((p) => `${kb(p.totalBytes)} (${p.chunks})`).join(" | ")} |`);
  return lines.join("\n");
}

/**
 * The client built again into `outDir` with hidden source maps (no comment
 * in the code, so every chunk is the same bytes under the same name as in
 * build/client). Only the client is built, and nothing is written to build/.
 */
export async function buildClientWithSourceMaps(root: string, outDir: string) {
  const { createBuilder } = await import("vite");
  const nodeEnv = process.env.NODE_ENV;
  try {
    const builder = await createBuilder({
      root,
      mode: "production",
      logLevel: "error",
      plugins: [
        {
          name: "bench:client-source-maps",
          configEnvironment(name) {
            if (name === "client") return { build: { sourcemap: "hidden", outDir, emptyOutDir: true } };
          },
        },
      ],
    });
    await builder.build(builder.environments.client!);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
