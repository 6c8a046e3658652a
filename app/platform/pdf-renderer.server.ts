import { Worker } from "node:worker_threads";
import type { PdfWorkerAnswer } from "./pdf-worker.server.ts";

/**
 * Makes PDFs (a birth plan, an invoice) in a worker thread, a few at a time, so that laying one out (a tenth of a
 * second or more of CPU) never holds up the event loop that answers every other request. Documents wait their
 * turn in a short queue; when it is full the answer is "busy" at once (the route's 503), so a burst of PDFs can't
 * pile up work, memory and waiting visitors. Each kind of document has its worker file (pdf-worker.server.ts's
 * `answerPdfRequests`), found through package.json's "imports" so that it resolves the same from the sources
 * (Vite's dev server, tests) and from any chunk of the server build (the image keeps `app/`).
 */

/** PDFs made at once: one worker thread, so on two cores the other one stays with the server's requests. */
const PDF_WORKERS = 1;
/** PDFs that may wait for a worker, beyond those being made: at about 0.15 s each, a wait of a second or two. */
const PDF_QUEUE = 8;
/** How long a "busy" answer asks her to wait before trying again (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** A PDF that takes longer than this is given up, and its worker replaced. */
const RENDER_TIMEOUT_MS = 30_000;
/**
 * A worker holds about 70 MB once it has made a PDF (pdfkit and the fonts, loaded in about half a second); with
 * nothing to do for this long it stops and gives them back, and the next PDF starts another.
 */
const IDLE_MS = 5 * 60_000;
/** A document takes a few tens of MB to lay out: a worker that needs far more stops, and the server carries on. */
const HEAP_MB = 128;

export type Rendered = { ok: true; pdf: Buffer } | { ok: false; reason: "busy" };

export interface PdfRenderer<Input> {
  render(input: Input): Promise<Rendered>;
  /** Stops the workers; PDFs waiting or being made are refused. */
  close(): Promise<void>;
  /** The worker threads running now. */
  readonly threads: number;
}

export interface PdfRendererOptions {
  /** The worker's file: `createRequire(import.meta.url).resolve("#…-pdf-worker")`. */
  workerFile: string;
  /** What it makes, for its errors: "The invoice PDF". */
  document: string;
  workers?: number;
  queue?: number;
  timeoutMs?: number;
  idleMs?: number;
}

interface Job {
  input: unknown;
  resolve: (rendered: Rendered) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Set once it has been told to stop: it takes no more jobs. */
  stopping: boolean;
  failure?: Error;
  timer?: NodeJS.Timeout;
}

export function createPdfRenderer<Input>({
  workerFile,
  document,
  workers = PDF_WORKERS,
  queue = PDF_QUEUE,
  timeoutMs = RENDER_TIMEOUT_MS,
  idleMs = IDLE_MS,
}: PdfRendererOptions): PdfRenderer<Input> {
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let closed = false;

  const stop = (slot: Slot, failure?: Error) => {
    slot.stopping = true;
    slot.failure ??= failure;
    clearTimeout(slot.timer);
    void slot.worker.terminate();
  };

  const startWorker = (): Slot => {
    // The worker never keeps the process alive on its own: a request waiting for it does.
    const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    const slot: Slot = { worker, job: null, stopping: false };
    slot.worker.unref();
    slot.worker.on("message", (answer: PdfWorkerAnswer) => {
      const job = slot.job;
      if (!job) return;
      slot.job = null;
      clearTimeout(slot.timer);
      if (answer.ok) {
        job.resolve({
          ok: true,
          pdf: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.length),
        });
      } else {
        job.reject(new Error(`${document} could not be made: ${answer.message}`));
      }
      next();
    });
    slot.worker.on("error", (error) => (slot.failure ??= error));
    slot.worker.on("exit", () => {
      slots.splice(slots.indexOf(slot), 1);
      clearTimeout(slot.timer);
      slot.job?.reject(slot.failure ?? new Error("The PDF worker stopped before the PDF was made"));
      slot.job = null;
      next();
    });
    slots.push(slot);
    return slot;
  };

  /** Gives waiting documents to free workers (starting one if there is room), and lets idle ones go. */
  const next = () => {
    for (;;) {
      const job = waiting[0];
      if (!job || closed) break;
      const slot =
        slots.find((s) => !s.job && !s.stopping) ??
        (slots.filter((s) => !s.stopping).length < workers ? startWorker() : undefined);
      if (!slot) break;
      waiting.shift();
      clearTimeout(slot.timer);
      slot.job = job;
      slot.timer = setTimeout(
        () => stop(slot, new Error(`${document} took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      slot.worker.postMessage(job.input);
    }
    for (const slot of slots) {
      if (slot.job || slot.stopping) continue;
      clearTimeout(slot.timer);
      slot.timer = setTimeout(() => stop(slot), idleMs);
      slot.timer.unref();
    }
  };

  return {
    render(input) {
      if (closed) return Promise.reject(new Error("The PDF renderer is closed"));
      const inProgress = slots.filter((slot) => slot.job).length;
      if (inProgress + waiting.length >= workers + queue) {
        return Promise.resolve({ ok: false, reason: "busy" });
      }
      return new Promise<Rendered>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        next();
      });
    },
    get threads() {
      return slots.length;
    },
    async close() {
      closed = true;
      const closing = new Error("The server is shutting down");
      for (const job of waiting.splice(0)) job.reject(closing);
      await Promise.all(
        slots.map((slot) => {
          const exited = new Promise((resolve) => slot.worker.once("exit", resolve));
          stop(slot, closing);
          return exited;
        }),
      );
    },
  };
}
