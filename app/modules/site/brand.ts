/** The product's name and the facts every page may show. */
export const BRAND = {
  name: "Tidewell",
  tagline: "Hypnobirthing for a calmer birth",
  /** Shown when no SUPPORT_EMAIL is configured (a local run). */
  defaultSupportEmail: "hello@tidewell.example",
} as const;
