/**
 * `npm run icons`: writes app/components/ui/icons.svg, one <symbol> per icon
 * named in app/components/ui/icons.tsx, drawn from Lucide's own data.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const ICONS_MODULE = path.join(root, "app/components/ui/icons.tsx");
export const SPRITE = path.join(root, "app/components/ui/icons.svg");

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The Lucide names the icons module uses, in its order. */
export function iconNames(moduleSource: string): string[] {
  return [...moduleSource.matchAll(/= icon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]!);
}

const escape = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;");

export function symbolFor(name: string, node: IconNode): string {
  const children = node.map(([tag, attributes]) => {
    const attrs = Object.entries(attributes)
      .filter(([key]) => key !== "key")
      .map(([key, value]) => `${key}="${escape(value)}"`)
      .join(" ");
    return `<${tag} ${attrs}/>`;
  });
  return `<symbol id="${name}" viewBox="0 0 24 24">${children.join("")}</symbol>`;
}

export async function buildSprite(): Promise<string> {
  const names = iconNames(fs.readFileSync(ICONS_MODULE, "utf8"));
  const symbols = [];
  for (const name of names) {
    const file = path.join(root, "node_modules/lucide-react/dist/esm/icons", `${name}.mjs`);
    const { __iconData } = (await import(pathToFileURL(file).href)) as { __iconData: { node: IconNode } };
    symbols.push(symbolFor(name, __iconData.node));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(SPRITE, await buildSprite());
  process.stdout.write(`wrote ${path.relative(root, SPRITE)}\n`);
}
