/**
 * `npm run content:build`: typesets the printable guides.
 *
 * Reads every content/guides/<id>.md (YAML front matter: title, subtitle, colour; Markdown body) and
 * writes content/pdfs/<id>.pdf with pdfkit: A4 portrait, a cover with an abstract illustration in
 * the guide's colour, Fraunces headings, Inter body text, a running footer and a closing note about
 * asking a midwife or doctor. Line breaking and pagination are done here (not by pdfkit) so that
 * headings stay with their text, paragraphs keep at least two lines either side of a page break and
 * affirmations are never split. The PDFs are tagged for screen readers (headings, lists, quotations,
 * paragraphs and links in reading order; a described cover figure; decoration as artifacts). The
 * output is repeatable: fixed dates, no randomness.
 *
 * The steps live in scripts/build-guides/: paths, theme, fonts, guides, text, layout, paginate,
 * tags, cover and build. This file is the entry point and re-exports what tests and other scripts use.
 *
 * Usage: node scripts/build-guides.ts [guide-id ...]
 */

import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildGuide } from "./build-guides/build.ts";
import { listGuideIds } from "./build-guides/guides.ts";
import { PDFS_DIR, ROOT } from "./build-guides/paths.ts";

export { buildGuide, renderGuide, type BuildResult } from "./build-guides/build.ts";
export { woffToSfnt } from "#app/platform/print-fonts.server.ts";
export { listGuideIds, parseGuide, readGuide, sourceDigest, type Guide } from "./build-guides/guides.ts";
export { GUIDES_DIR, PDFS_DIR } from "./build-guides/paths.ts";

/** The page count each guide is written to (content/README.md, cover included); the build warns when one drifts. */
const SPEC_PAGES: Record<string, number> = {
  "introduction-to-hypnobirthing": 8,
  "book-summary": 12,
  "facts-and-myths": 6,
  "birth-facts": 10,
  "hospital-bag-checklist": 4,
  "birth-affirmations-and-scripts": 15,
};

async function main(): Promise<void> {
  const started = performance.now();
  const requested = process.argv.slice(2);
  const ids = requested.length > 0 ? requested : listGuideIds();
  let drift = false;
  for (const id of ids) {
    const result = await buildGuide(id);
    const spec = SPEC_PAGES[id];
    const note = spec === undefined ? "(no spec count)" : spec === result.pages ? "" : `(spec: ${spec})`;
    if (spec !== undefined && spec !== result.pages) drift = true;
    console.log(`${`${id}.pdf`.padEnd(36)} ${String(result.pages).padStart(2)} pages ${note}`.trimEnd());
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built ${ids.length} guide(s) into ${path.relative(ROOT, PDFS_DIR)} in ${seconds} s.`);
  if (drift) console.warn("Some page counts differ from the spec; adjust the guide text.");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
