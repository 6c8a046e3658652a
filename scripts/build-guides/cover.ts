/** The cover (wordmark, an abstract illustration in the guide's colour, title) and the running footer. */

import { assertPrintable } from "./fonts.ts";
import type { Guide } from "./guides.ts";
import { artifact, tagged, Tag } from "./tags.ts";
import { smarten } from "./text.ts";
import {
  C,
  CONTENT_WIDTH,
  FOOTER_BASELINE,
  FOOTER_RULE_Y,
  MARGIN_X,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type Theme,
} from "./theme.ts";

/** Small deterministic PRNG (mulberry32) seeded from the guide id, so each cover differs. */
function rng(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wavePath(
  doc: PDFKit.PDFDocument,
  x: number,
  width: number,
  baseY: number,
  amplitude: number,
  wavelength: number,
  phase: number,
): void {
  const steps = Math.ceil(width / (wavelength / 2)) + 2;
  const start = x - phase * wavelength;
  doc.moveTo(start, baseY);
  for (let s = 0; s < steps; s += 1) {
    const x0 = start + (s * wavelength) / 2;
    const dir = s % 2 === 0 ? -1 : 1;
    doc.bezierCurveTo(
      x0 + wavelength * 0.18,
      baseY + dir * amplitude * 1.3,
      x0 + wavelength * 0.32,
      baseY + dir * amplitude * 1.3,
      x0 + wavelength / 2,
      baseY,
    );
  }
}

/** The cover's words and its illustration, tagged in the order they are seen, under `root`. */
export function drawCover(doc: PDFKit.PDFDocument, guide: Guide, theme: Theme, root: Tag): void {
  const random = rng(guide.id);
  const art = theme.cover;
  artifact(doc, () => doc.rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT).fillColor(C.cream).fill());

  // Wordmark
  tagged(doc, new Tag("P", root), () => {
    doc.font("serif-600").fontSize(15).fillColor(C.ink).text("Tidewell", MARGIN_X, 58, { lineBreak: false });
  });
  // Letter-spaced capitals come out of a PDF as single letters: the element says the words.
  tagged(doc, new Tag("P", root, { actual: "Printable guide" }), () => {
    doc.font("sans-600").fontSize(8.5).fillColor(C.inkSoft);
    const label = "PRINTABLE GUIDE";
    doc.text(label, PAGE_WIDTH - MARGIN_X - doc.widthOfString(label, { characterSpacing: 1.2 }), 62, {
      lineBreak: false,
      characterSpacing: 1.2,
    });
  });

  // Illustration panel
  const px = MARGIN_X;
  const py = 100;
  const pw = CONTENT_WIDTH;
  const ph = 400;
  // Its alternative text says what was drawn, so the figure is made after the drawing.
  const content = doc.markStructureContent("Figure");
  doc.save();
  doc.roundedRect(px, py, pw, ph, 22).clip();
  const sky = doc.linearGradient(0, py, 0, py + ph);
  sky.stop(0, art.skyTop).stop(1, art.skyBottom);
  doc.rect(px, py, pw, ph).fill(sky);

  if (art.stars) {
    for (let s = 0; s < 26; s += 1) {
      const sx = px + 14 + random() * (pw - 28);
      const sy = py + 14 + random() * ph * 0.5;
      doc
        .circle(sx, sy, 0.6 + random() * 1.1)
        .fillOpacity(0.35 + random() * 0.5)
        .fillColor(C.cream)
        .fill();
    }
    doc.fillOpacity(1);
  }

  // Moon with halo ripples
  const mx = px + pw * (0.28 + random() * 0.44);
  const my = py + ph * (0.3 + random() * 0.06);
  const r = 50 + random() * 14;
  for (let ring = 3; ring >= 1; ring -= 1) {
    doc
      .circle(mx, my, r + ring * 20)
      .lineWidth(1.1)
      .strokeOpacity(0.5 - ring * 0.11)
      .strokeColor(art.halo)
      .stroke();
  }
  doc.strokeOpacity(1);
  const crescent = random() > 0.5;
  if (crescent) {
    // A crescent: the moon less a circle offset towards the upper right (even-odd clip).
    doc.save();
    doc
      .rect(px, py, pw, ph)
      .circle(mx + r * 0.42, my - r * 0.24, r * 0.86)
      .clip("even-odd");
    doc.circle(mx, my, r).fillColor(art.moon).fill();
    doc.restore();
  } else doc.circle(mx, my, r).fillColor(art.moon).fill();

  // Breath lines: long, slow curves drifting across the sky
  const breaths = 2 + Math.floor(random() * 3);
  for (let b = 0; b < breaths; b += 1) {
    const by = py + ph * (0.5 + b * 0.045) - 8;
    const x0 = px + pw * (0.06 + random() * 0.2);
    const x1 = px + pw * (0.62 + random() * 0.32);
    const lift = 10 + random() * 14;
    doc.moveTo(x0, by);
    doc.bezierCurveTo(x0 + (x1 - x0) * 0.3, by - lift, x0 + (x1 - x0) * 0.6, by + lift, x1, by - 2);
    doc
      .lineWidth(1.3)
      .lineCap("round")
      .strokeOpacity(0.65 - b * 0.1)
      .strokeColor(art.breath)
      .stroke();
  }
  doc.strokeOpacity(1);

  // Waves, back to front
  art.waves.forEach((colour, w) => {
    const baseY = py + ph * (0.66 + w * 0.1);
    const amplitude = 6 + random() * 6 - w;
    const wavelength = 120 + random() * 90;
    wavePath(doc, px, pw, baseY, amplitude, wavelength, random());
    doc
      .lineTo(px + pw + 300, py + ph + 10)
      .lineTo(px - 300, py + ph + 10)
      .closePath()
      .fillOpacity(art.waveOpacity[w] ?? 1)
      .fillColor(colour)
      .fill();
  });
  doc.fillOpacity(1);
  doc.restore();
  doc.endMarkedContent();
  const moon = crescent ? "a crescent moon" : "a full moon";
  const stars = art.stars ? ", under a starry sky" : "";
  const alt = `Cover illustration: ${moon} over gentle waves, in ${guide.colour} tones${stars}.`;
  const figure = new Tag("Figure", root, { alt, bbox: [px, py, px + pw, py + ph], placement: "Block" });
  figure.elementIn(doc).add(content);

  // Title and subtitle
  assertPrintable(guide.title + guide.subtitle, `${guide.id} front matter`);
  const title = smarten([{ text: guide.title, font: "serif-600", size: 34, colour: C.ink }])[0]?.text ?? "";
  const subtitle =
    smarten([{ text: guide.subtitle, font: "sans-400", size: 13, colour: C.inkSoft }])[0]?.text ?? "";
  tagged(doc, new Tag("H1", root), () => {
    doc.font("serif-600").fontSize(34).fillColor(C.ink);
    doc.text(title, MARGIN_X, 540, { width: CONTENT_WIDTH - 20, lineGap: 2 });
  });
  doc.moveDown(0.35);
  tagged(doc, new Tag("P", root), () => {
    doc.font("sans-400").fontSize(13).fillColor(C.inkSoft);
    doc.text(subtitle, MARGIN_X, doc.y, { width: CONTENT_WIDTH - 40, lineGap: 6 });
  });

  // Foot of the cover
  artifact(doc, () => {
    doc
      .moveTo(MARGIN_X, PAGE_HEIGHT - 86)
      .lineTo(MARGIN_X + CONTENT_WIDTH, PAGE_HEIGHT - 86)
      .lineWidth(0.6)
      .strokeColor(C.line)
      .stroke();
  });
  tagged(doc, new Tag("P", root), () => {
    doc
      .font("sans-400")
      .fontSize(9.5)
      .fillColor(C.inkSoft)
      .text("For you and your birth partner, to read together.", MARGIN_X, PAGE_HEIGHT - 70, {
        lineBreak: false,
      });
  });
}

/** The running footer (guide title, page number): pagination, which a reader skips. */
export function drawFooter(doc: PDFKit.PDFDocument, title: string, pageNumber: number): void {
  artifact(
    doc,
    () => {
      doc
        .moveTo(MARGIN_X, FOOTER_RULE_Y)
        .lineTo(MARGIN_X + CONTENT_WIDTH, FOOTER_RULE_Y)
        .lineWidth(0.6)
        .strokeColor(C.line)
        .stroke();
      doc
        .font("sans-400")
        .fontSize(8.5)
        .fillColor(C.inkSoft)
        .text(`Tidewell · ${title}`, MARGIN_X, FOOTER_BASELINE, { lineBreak: false, baseline: "alphabetic" });
      const number = String(pageNumber);
      doc.font("sans-600").fontSize(8.5);
      doc.text(number, MARGIN_X + CONTENT_WIDTH - doc.widthOfString(number), FOOTER_BASELINE, {
        lineBreak: false,
        baseline: "alphabetic",
      });
    },
    "Pagination",
  );
}
