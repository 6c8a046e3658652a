import type { Route } from "./+types/invoice-pdf";
import { invoiceNumberFromFile, invoicePdfResponse } from "#app/modules/payments/invoice-pdfs.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { now, services } from "#app/request.server.ts";

/** GET /studio/invoices/2026-0001.pdf (or CN-…): any invoice or credit note as a PDF, for the owner. */
export async function loader(args: Route.LoaderArgs) {
  const owner = requireStudioOwner(args.context);
  const number = invoiceNumberFromFile(args.params.file);
  if (!number) return invoicePdfResponse({ kind: "not-found" });
  const answer = await services(args).invoicePdfs.answer(services(args).database, {
    number,
    viewer: { owner: true },
    accountId: owner.id,
    clientIp: owner.ip,
    now: now(args),
  });
  return invoicePdfResponse(answer);
}
