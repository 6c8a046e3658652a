/**
 * The worker thread that makes birth preferences PDFs (started by pdf-renderer.server.ts), so that laying out a
 * plan never holds up the server's event loop. It takes one plan at a time and answers with the PDF's bytes.
 *
 * Node runs this file as it is, in every mode (Node 24 strips the types): it and everything it imports must use
 * relative imports with their extension (no `~/`), and only erasable TypeScript.
 */
import { parentPort } from "node:worker_threads";
import { renderBirthPlanPdf, type BirthPlanPdfInput } from "./pdf.server.ts";

export type PdfWorkerAnswer = { ok: true; pdf: Uint8Array } | { ok: false; message: string };

const port = parentPort;
if (!port) throw new Error("pdf-worker.server.ts runs as a worker thread (pdf-renderer.server.ts starts it)");

port.on("message", async (input: BirthPlanPdfInput) => {
  let answer: PdfWorkerAnswer;
  try {
    // Its own memory (a Buffer may share a pool), handed over rather than copied.
    answer = { ok: true, pdf: new Uint8Array(await renderBirthPlanPdf(input)) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, answer.ok ? [answer.pdf.buffer as ArrayBuffer] : []);
});
