/**
 * The birth preferences icons as raw SVG path data: one list of `d` strings per icon, drawn on a 24×24 grid to
 * be stroked (1.75 wide, round caps and joins, no fill). Circles are written as two arcs; a dot is a zero-length
 * segment (`h.01`) that the round cap turns into a small disc. The page's component
 * (app/components/birth-plan/icons.tsx) and the PDF (pdf.server.ts) both draw from this one list, so the two
 * always match. Drawn for Tidewell; not taken from any icon sheet.
 */

/** A circle as path data: two half arcs, so that a PDF path parser draws it as well as a browser. */
const ring = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/** A raised open hand, fingers together: the shape behind "hand" and "massage". */
const HAND = [
  "M8 12.5V6.75a1.25 1.25 0 0 1 2.5 0V11",
  "M10.5 11V5.25a1.25 1.25 0 0 1 2.5 0V11",
  "M13 11V6.25a1.25 1.25 0 0 1 2.5 0V12",
  "M15.5 12V9.25a1.25 1.25 0 0 1 2.5 0V14.5a6.5 6.5 0 0 1-6.5 6.5h-.6a5.5 5.5 0 0 1-4.3-2.1L4.4 15.9a1.35 1.35 0 0 1 2-1.8L8 15.5",
];

export const BIRTH_PLAN_ICON_PATHS = {
  /** A table lamp giving low light. */
  lamp: ["M8.5 3.5h7l3 7.5h-13l3-7.5Z", "M12 11v7", "M8.5 20.5h7", "M12 18v2.5"],
  /** Headphones: her own music or hypnobirthing tracks. */
  music: [
    "M4.5 16v-3.5a7.5 7.5 0 0 1 15 0V16",
    "M4.5 15a2 2 0 0 1 2-2h1v7h-1a2 2 0 0 1-2-2v-3Z",
    "M19.5 15a2 2 0 0 0-2-2h-1v7h1a2 2 0 0 0 2-2v-3Z",
  ],
  /** A birth pool with a drop of water above it. */
  water: [
    "M3.5 11.5h17V15a5 5 0 0 1-5 5h-7a5 5 0 0 1-5-5v-3.5Z",
    "M6.5 15c1-.75 2-.75 3 0s2 .75 3 0 2-.75 3 0 1.75.7 2 .5",
    "M12 2.5c1.4 1.8 2.25 3 2.25 4.1a2.25 2.25 0 0 1-4.5 0c0-1.1.85-2.3 2.25-4.1Z",
  ],
  /** Two footprints: moving, walking, changing position. */
  footsteps: [
    "M8 3.5c1.55 0 2.5 1.9 2.5 4.25S9.55 12 8 12s-2.5-1.9-2.5-4.25S6.45 3.5 8 3.5Z",
    "M6.5 14.75h3",
    "M16 8.5c1.55 0 2.5 1.9 2.5 4.25S17.55 17 16 17s-2.5-1.9-2.5-4.25S14.45 8.5 16 8.5Z",
    "M14.5 19.75h3",
  ],
  /** A birth ball resting on the floor. */
  ball: [
    ring(12, 11, 7.5),
    "M5.6 7.75c3.9 1.8 8.9 1.8 12.8 0",
    "M4.85 13.75c4.5-1.5 9.8-1.5 14.3 0",
    "M7.5 21h9",
  ],
  /** A speech bubble with a gentle wave: talk kept low. */
  "quiet-voices": [
    "M5.5 4.5h13a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-4.5 3.5v-3.5H5.5a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z",
    "M7.5 10.5c1.1-.9 2.2-.9 3.25 0s2.2.9 3.25 0 2.2-.9 3 0",
  ],
  /** A closed door: privacy, few people. */
  door: ["M6 20.5V4.5a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v16", "M3.5 20.5h17", "M14.5 12.25h.01"],
  /** A small bottle with rising scent: familiar things from home. */
  scent: [
    "M9 12h6v7.5a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1V12Z",
    "M10.5 9h3v3h-3Z",
    "M10.5 6.5c0-1.25 1.25-1.25 1.25-2.5",
    "M13.25 6.5c0-1.25 1.25-1.25 1.25-2.5",
  ],
  /** A speech bubble with three dots: talking things through, being told first. */
  speech: [
    "M5.5 4.5h13a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-4.5 3.5v-3.5H5.5a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z",
    "M8.5 10.5h.01",
    "M12 10.5h.01",
    "M15.5 10.5h.01",
  ],
  /** A speech bubble with a question mark: asking why, asking what else. */
  question: [
    "M5.5 4.5h13a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-4.5 3.5v-3.5H5.5a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z",
    "M10 8.75a2 2 0 1 1 2.9 1.8c-.55.3-.9.7-.9 1.35",
    "M12 14h.01",
  ],
  /** Lines of moving air: breathing. */
  breath: [
    "M3.5 8.5h9a2.5 2.5 0 1 0-2.5-2.5",
    "M3.5 12.5h14a2.5 2.5 0 1 1-2.5 2.5",
    "M3.5 16.5h6.5",
    "M16.5 8.5h4",
  ],
  /** An open hand: being close, support, a hand to hold. */
  hand: HAND,
  /** An open hand with strokes beside it: light touch massage. */
  massage: [...HAND, "M20.5 4.5c.9.9.9 2.6 0 3.5", "M3.5 5c-.9.9-.9 2.6 0 3.5"],
  /** An hourglass: waiting, time, no hurry. */
  hourglass: [
    "M7 3.5h10",
    "M7 20.5h10",
    "M8.25 3.5v2.25c0 2 3.75 4.25 3.75 6.25s-3.75 4.25-3.75 6.25v2.25",
    "M15.75 3.5v2.25c0 2-3.75 4.25-3.75 6.25s3.75 4.25 3.75 6.25v2.25",
    "M12 17.25h.01",
  ],
  /** A TENS unit with its two pads. */
  tens: [
    "M4.5 4h5a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z",
    "M7 8h.01",
    "M5.5 11.5h3",
    "M10.5 7.5c3.5 0 3.5 2.5 6 2.5",
    "M10.5 12c2.5 0 3 5.5 6 5.5",
    "M16.5 8h3a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1h-3Z",
    "M16.5 15.5h3a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1h-3Z",
  ],
  /** A mouthpiece and its hose: gas and air. */
  "gas-and-air": [
    "M3.5 10.5a1.5 1.5 0 0 1 1.5-1.5h3.5v6H5a1.5 1.5 0 0 1-1.5-1.5v-3Z",
    "M8.5 8h3.5v8H8.5",
    "M12 12h2c2.75 0 2.75 7 5.5 7h1",
    "M16.5 5.5h.01",
    "M19.5 8h.01",
    "M18.5 3.5h.01",
  ],
  /** A syringe: an injection (pain relief, a managed third stage, vitamin K). */
  injection: [
    "M14.5 5.5l4 4-8.5 8.5H6v-4l8.5-8.5Z",
    "M16.5 3.5l4 4",
    "M18.5 5.5l2-2",
    "M6 18l-2.5 2.5",
    "M11 9l1.5 1.5",
    "M8.5 11.5l1.5 1.5",
  ],
  /** Three vertebrae with a fine tube beside them: an epidural. */
  epidural: [
    "M8.5 3h5a1 1 0 0 1 1 1v1a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z",
    "M8.5 10h5a1 1 0 0 1 1 1v1a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-1a1 1 0 0 1 1-1Z",
    "M8.5 17h5a1 1 0 0 1 1 1v1a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-1a1 1 0 0 1 1-1Z",
    "M11 6v4",
    "M11 13v4",
    "M14.5 11.5h2.5a2 2 0 0 1 2 2v7",
  ],
  /** A heart with sound waves: listening to the baby's heartbeat from time to time. */
  listen: [
    "M9 17.5c-3.1-2-5.25-4.1-5.25-6.4a2.6 2.6 0 0 1 5.25-1 2.6 2.6 0 0 1 5.25 1c0 2.3-2.15 4.4-5.25 6.4Z",
    "M17 9a4.5 4.5 0 0 1 0 5.5",
    "M19.5 6.5a8 8 0 0 1 0 10.5",
  ],
  /** A strip with a heartbeat trace: continuous monitoring. */
  trace: [
    "M4.5 5h15a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z",
    "M6 13h3l1.5-4 2.5 7 1.5-3h3.5",
  ],
  /** A small sensor sending a signal: wireless monitoring. */
  wireless: [
    "M8.5 14h7a1 1 0 0 1 1 1v4.5a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1V15a1 1 0 0 1 1-1Z",
    "M9 10.5a4.25 4.25 0 0 1 6 0",
    "M6.25 7.75a8.25 8.25 0 0 1 11.5 0",
    "M12 17.25h.01",
  ],
  /** A drop: waters, early milk. */
  drop: [
    "M12 3.5c3.2 4 5.25 6.9 5.25 9.75a5.25 5.25 0 0 1-10.5 0C6.75 10.4 8.8 7.5 12 3.5Z",
    "M9.75 13.75a2.25 2.25 0 0 0 2.25 2.25",
  ],
  /** A leaf: the body's own way, a physiological third stage. */
  leaf: [
    "M5 19c0-8.5 5.5-14 14.5-14.5C19.5 13.5 13.5 19 5 19Z",
    "M5 19l9-9",
    "M9.5 14.5h3.5",
    "M9.5 14.5V11",
  ],
  /** The cord, with a clamp across it. */
  cord: [
    "M3.5 14c1.4-3 2.8-3 4.2 0s2.8 3 4.2 0 2.8-3 4.2 0 2.8 3 4.4 0",
    "M16.5 8.5v11",
    "M14.75 8.5h3.5",
    "M14.75 19.5h3.5",
  ],
  /** A baby held in cradling arms: skin to skin. */
  cradle: [
    ring(8.25, 10.5, 2.75),
    "M11 9h5.75a2.5 2.5 0 0 1 0 5H8.5",
    "M3.5 14.5c1.2 3.7 4.7 6 8.5 6s7.3-2.3 8.5-6",
  ],
  /** A drop holding a small heart: feeding your baby from your body. */
  "feed-breast": [
    "M12 3c3.4 4.2 5.5 7.2 5.5 10.25a5.5 5.5 0 0 1-11 0C6.5 10.2 8.6 7.2 12 3Z",
    "M12 17c-1.6-1-2.6-2.1-2.6-3.1a1.3 1.3 0 0 1 2.6-.35 1.3 1.3 0 0 1 2.6.35c0 1-1 2.1-2.6 3.1Z",
  ],
  /** A baby's bottle. */
  bottle: [
    "M10.5 3.5h3l.5 3h-4l.5-3Z",
    "M9 6.5h6v2H9Z",
    "M9 8.5h6l1 2v8.5a1.5 1.5 0 0 1-1.5 1.5h-5A1.5 1.5 0 0 1 8 19v-8.5l1-2Z",
    "M10.5 13.5h2",
    "M10.5 16.5h2",
  ],
  /** A sleeping baby's face. */
  baby: [
    ring(12, 12.5, 7.5),
    "M12 5c0-1.5 1.25-2.25 2.5-1.5",
    "M8.5 12.25c.6.6 1.4.6 2 0",
    "M13.5 12.25c.6.6 1.4.6 2 0",
    "M12 16h.01",
  ],
  /** Steps: one thing at a time. */
  steps: ["M3.5 20.5h4.25v-4.25H12V12h4.25V7.75h4.25", "M3.5 20.5h17"],
  /** A house: going home, staying home for longer. */
  home: ["M3.5 11.5 12 4.5l8.5 7", "M6 9.5v11h12v-11", "M10 20.5V15h4v5.5"],
  /** A drip bag and its line. */
  drip: [
    "M8.5 3.5h7v7.5a3.5 3.5 0 0 1-7 0V3.5Z",
    "M8.5 7h3",
    "M12 14.5v2.5c0 2 1.5 3.5 3.5 3.5h5",
    "M12 2v1.5",
  ],
  /** A drape lowered, with an arrow down: seeing your baby born at a caesarean. */
  screen: [
    "M3.5 4.5h17",
    "M12 4.5v7",
    "M9 8.75l3 3 3-3",
    "M4 15h16v3.25c-2.7 1.3-5.3 1.3-8 0s-5.3-1.3-8 0V15Z",
  ],
  /** A camera: photographs. */
  camera: [
    "M4.5 8H7l1.5-2.5h7L17 8h2.5a1 1 0 0 1 1 1v9.5a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z",
    ring(12, 13.5, 3.25),
    "M17.5 10.5h.01",
  ],
} as const satisfies Record<string, readonly string[]>;

export type BirthPlanIconName = keyof typeof BIRTH_PLAN_ICON_PATHS;

export const BIRTH_PLAN_ICON_NAMES = Object.keys(BIRTH_PLAN_ICON_PATHS) as BirthPlanIconName[];
