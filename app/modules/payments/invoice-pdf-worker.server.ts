/**
 * The worker thread that makes invoice and credit note PDFs (started by invoice-pdfs.server.ts through the
 * platform's PDF renderer). Everything it imports must resolve in Node as it is (see
 * #app/platform/pdf-worker.server.ts).
 */
import { answerPdfRequests } from "#app/platform/pdf-worker.server.ts";
import { renderInvoicePdf, type InvoicePdfInput } from "./invoice-pdf.server.ts";

answerPdfRequests<InvoicePdfInput>(renderInvoicePdf);
