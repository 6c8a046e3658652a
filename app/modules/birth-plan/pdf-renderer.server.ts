import { createRequire } from "node:module";
import {
  createPdfRenderer as createRenderer,
  type PdfRenderer as Renderer,
  type PdfRendererOptions,
} from "#app/platform/pdf-renderer.server.ts";
import type { BirthPlanPdfInput } from "./pdf.server.ts";

/** The birth preferences PDF's renderer: its own worker thread (pdf-worker.server.ts), one plan at a time. */
export type PdfRenderer = Renderer<BirthPlanPdfInput>;

const BIRTH_PLAN_PDF_WORKER = createRequire(import.meta.url).resolve("#birth-plan-pdf-worker");

export function createPdfRenderer(
  options: Omit<PdfRendererOptions, "workerFile" | "document"> = {},
): PdfRenderer {
  return createRenderer<BirthPlanPdfInput>({
    ...options,
    workerFile: BIRTH_PLAN_PDF_WORKER,
    document: "The birth preferences PDF",
  });
}
