import type { CSSProperties } from "react";
import type { LabourTheme } from "#app/modules/labour/device-store.ts";

/**
 * Labour mode's two looks, each role a design token from app.css. The page
 * sets them as CSS variables (--labour-page and so on) and every part of it
 * draws with those, so one set of classes serves both. Dark is the default:
 * the room is often dim. theme.test.ts checks every pair against WCAG AA.
 */
export const LABOUR_PALETTES = {
  dark: {
    page: "ink",
    surface: "plum-deep",
    text: "cream",
    soft: "lavender",
    action: "apricot",
    "on-action": "ink",
    quiet: "lavender",
    "on-quiet": "ink",
    edge: "lavender",
    ring: "apricot",
    alert: "apricot-soft",
    "on-alert": "ink",
  },
  light: {
    page: "cream",
    surface: "lavender-soft",
    text: "ink",
    soft: "ink-soft",
    action: "apricot",
    "on-action": "ink",
    quiet: "plum",
    "on-quiet": "cream",
    edge: "plum",
    ring: "plum",
    alert: "apricot-soft",
    "on-alert": "ink",
  },
} as const satisfies Record<LabourTheme, Record<string, string>>;

export type LabourRole = keyof (typeof LABOUR_PALETTES)["dark"];

/** The theme's CSS variables, for the style of the page's outermost element. */
export function themeStyle(theme: LabourTheme): CSSProperties {
  const variables = Object.entries(LABOUR_PALETTES[theme]).map(([role, token]) => [
    `--labour-${role}`,
    `var(--color-${token})`,
  ]);
  // Native controls (a select's list, scrollbars) follow the theme too.
  return { ...Object.fromEntries(variables), colorScheme: theme };
}

/** A select in the theme's colours, 48 px tall. */
export const SELECT =
  "min-h-12 w-full rounded-xl border-2 border-(--labour-edge) bg-(--labour-surface) px-3 text-(--labour-text)";
