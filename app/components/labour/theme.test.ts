import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LABOUR_PALETTES, themeStyle, type LabourRole } from "./theme.ts";

const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../app.css"), "utf8");

function tokenHex(token: string): string {
  const match = new RegExp(`--color-${token}:\\s*(#[0-9a-f]{6});`, "i").exec(css);
  if (!match) throw new Error(`No colour token ${token} in app.css`);
  return match[1]!;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Text on a background: 4.5:1. */
const TEXT: [LabourRole, LabourRole][] = [
  ["text", "page"],
  ["text", "surface"],
  ["soft", "page"],
  ["soft", "surface"],
  ["on-action", "action"],
  ["on-quiet", "quiet"],
  ["on-alert", "alert"],
];
/**
 * Focus rings and outlined controls' edges against what they sit on: 3:1. A filled
 * button is known by its label (as the site's apricot buttons on cream are), so its fill isn't here.
 */
const NON_TEXT: [LabourRole, LabourRole][] = [
  ["ring", "page"],
  ["ring", "surface"],
  ["edge", "page"],
];

describe.each(["dark", "light"] as const)("labour mode's %s theme", (theme) => {
  const colour = (role: LabourRole) => tokenHex(LABOUR_PALETTES[theme][role]);

  it.each(TEXT)("%s on %s meets WCAG AA for text", (fore, back) => {
    expect(contrast(colour(fore), colour(back))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT)("%s against %s meets 3:1", (fore, back) => {
    expect(contrast(colour(fore), colour(back))).toBeGreaterThanOrEqual(3);
  });

  it("sets each role as a variable on the design token", () => {
    expect(themeStyle(theme)).toMatchObject({
      "--labour-page": `var(--color-${LABOUR_PALETTES[theme].page})`,
      colorScheme: theme,
    });
  });
});
