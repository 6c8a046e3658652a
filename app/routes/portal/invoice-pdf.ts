import type { Route } from "./+types/invoice-pdf";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { invoiceNumberFromFile, invoicePdfResponse } from "#app/modules/payments/invoice-pdfs.server.ts";
import { now, services, signedInMember } from "#app/request.server.ts";

/**
 * GET /portal/invoices/2026-0001.pdf (or CN-2026-0001.pdf, a credit note): one of her own invoices as a PDF.
 * Anyone else's, or none by that number, is the same 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const number = invoiceNumberFromFile(args.params.file);
  if (!number) return invoicePdfResponse({ kind: "not-found" });
  const answer = await services(args).invoicePdfs.answer(services(args).database, {
    number,
    viewer: { memberId: member.id },
    accountId: member.id,
    clientIp: args.request.headers.get(CLIENT_IP_HEADER),
    now: now(args),
  });
  return invoicePdfResponse(answer);
}
