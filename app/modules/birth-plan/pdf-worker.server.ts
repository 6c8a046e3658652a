/**
 * The worker thread that makes birth preferences PDFs (started by pdf-renderer.server.ts), so that laying out a
 * plan never holds up the server's event loop. Everything it imports must resolve in Node as it is (see
 * #app/platform/pdf-worker.server.ts).
 */
import { answerPdfRequests } from "#app/platform/pdf-worker.server.ts";
import { renderBirthPlanPdf, type BirthPlanPdfInput } from "./pdf.server.ts";

answerPdfRequests<BirthPlanPdfInput>(renderBirthPlanPdf);
