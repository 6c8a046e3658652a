/** Reading a guide: Markdown with YAML front matter (title, subtitle, colour) from content/guides/. */

import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { GUIDES_DIR } from "./paths.ts";
import { COLOURS, type ColourName } from "./theme.ts";

export type Guide = {
  id: string;
  title: string;
  subtitle: string;
  colour: ColourName;
  body: string;
  /** sha256 of the Markdown file, stored in the PDF so a stale PDF can be detected. */
  digest: string;
};

export function sourceDigest(markdown: string): string {
  return createHash("sha256").update(markdown).digest("hex");
}

export function parseGuide(id: string, source: string): Guide {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${id}: missing YAML front matter`);
  const meta: unknown = parseYaml(match[1] ?? "");
  if (typeof meta !== "object" || meta === null) throw new Error(`${id}: front matter is not a mapping`);
  const { title, subtitle, colour } = meta as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") throw new Error(`${id}: front matter needs a title`);
  if (typeof subtitle !== "string") throw new Error(`${id}: front matter needs a subtitle`);
  if (!COLOURS.includes(colour as ColourName)) {
    throw new Error(`${id}: colour must be one of ${COLOURS.join(", ")}`);
  }
  return {
    id,
    title: title.trim(),
    subtitle: subtitle.trim(),
    colour: colour as ColourName,
    body: match[2] ?? "",
    digest: sourceDigest(source),
  };
}

export function listGuideIds(dir: string = GUIDES_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -3))
    .sort();
}

export function readGuide(id: string, dir: string = GUIDES_DIR): Guide {
  return parseGuide(id, readFileSync(path.join(dir, `${id}.md`), "utf8"));
}
