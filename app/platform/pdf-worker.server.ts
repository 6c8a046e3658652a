/**
 * The inside of a PDF worker thread (pdf-renderer.server.ts starts one per kind of document): takes one
 * document's input at a time and answers with the PDF's bytes, or the error's message.
 *
 * Node runs a worker's file as it is, in every mode (Node 24 strips the types): it and everything it imports
 * must use `#app/` or relative imports with their extension, and only erasable TypeScript.
 */
import { parentPort } from "node:worker_threads";

export type PdfWorkerAnswer = { ok: true; pdf: Uint8Array } | { ok: false; message: string };

export function answerPdfRequests<Input>(render: (input: Input) => Promise<Uint8Array>): void {
  const port = parentPort;
  if (!port) throw new Error("a PDF worker runs as a worker thread (pdf-renderer.server.ts starts it)");
  port.on("message", async (input: Input) => {
    let answer: PdfWorkerAnswer;
    try {
      // Its own memory (a Buffer may share a pool), handed over rather than copied.
      answer = { ok: true, pdf: new Uint8Array(await render(input)) };
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer, answer.ok ? [answer.pdf.buffer as ArrayBuffer] : []);
  });
}
