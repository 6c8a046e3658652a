/** Page geometry (A4 portrait, in points), the palette and the four colour themes a guide can pick. */

import { PRINT_PALETTE } from "#app/modules/site/print-palette.ts";

// Page geometry (points; A4 portrait)

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN_X = 76;
export const CONTENT_TOP = 76;
export const CONTENT_BOTTOM = PAGE_HEIGHT - 80;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
export const FOOTER_RULE_Y = PAGE_HEIGHT - 58;
export const FOOTER_BASELINE = PAGE_HEIGHT - 40;

// ---------------------------------------------------------------------------------------------
// Palette (the product's, for print) and themes.

export const C = PRINT_PALETTE;

export const COLOURS = ["lavender", "sage", "apricot", "plum"] as const;
export type ColourName = (typeof COLOURS)[number];

export type Theme = {
  /** Decoration only (rules, quote bars, ornaments): never carries text. */
  accent: string;
  /** Tinted panels behind text. */
  soft: string;
  /** Text-safe accent: list markers, numbers, links, small headings. */
  deep: string;
  cover: {
    skyTop: string;
    skyBottom: string;
    moon: string;
    halo: string;
    waves: [string, string, string];
    waveOpacity: [number, number, number];
    breath: string;
    stars: boolean;
  };
};

export const THEMES: Record<ColourName, Theme> = {
  lavender: {
    accent: C.lavender,
    soft: C.lavenderSoft,
    deep: C.plum,
    cover: {
      skyTop: C.lavenderSoft,
      skyBottom: C.cream,
      moon: C.white,
      halo: C.lavender,
      waves: [C.lavender, C.lavender, C.plum],
      waveOpacity: [0.45, 0.8, 0.55],
      breath: C.plum,
      stars: false,
    },
  },
  sage: {
    accent: C.sage,
    soft: C.sageSoft,
    deep: C.sageDeep,
    cover: {
      skyTop: C.sageSoft,
      skyBottom: C.cream,
      moon: C.apricotSoft,
      halo: C.apricot,
      waves: [C.sage, C.sage, C.sageDeep],
      waveOpacity: [0.3, 0.6, 0.75],
      breath: C.sageDeep,
      stars: false,
    },
  },
  apricot: {
    accent: C.apricot,
    soft: C.apricotSoft,
    deep: C.plum,
    cover: {
      skyTop: C.apricotSoft,
      skyBottom: C.cream,
      moon: C.apricot,
      halo: C.apricot,
      waves: [C.lavender, C.apricot, C.plum],
      waveOpacity: [0.55, 0.7, 0.5],
      breath: C.plum,
      stars: false,
    },
  },
  plum: {
    accent: C.plum,
    soft: C.lavenderSoft,
    deep: C.plum,
    cover: {
      skyTop: C.ink,
      skyBottom: C.plum,
      moon: C.cream,
      halo: C.lavender,
      waves: [C.lavender, C.lavender, C.lavenderSoft],
      waveOpacity: [0.25, 0.45, 0.8],
      breath: C.lavender,
      stars: true,
    },
  },
};
