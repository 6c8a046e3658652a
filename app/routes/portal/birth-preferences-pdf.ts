import type { Route } from "./+types/birth-preferences-pdf";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { pdfMessages } from "#app/modules/birth-plan/pdf-service.server.ts";
import { services, signedInMember, now } from "#app/request.server.ts";

/**
 * GET /portal/birth-preferences.pdf (a file name, so the portal's page cache leaves it alone): her plan as a PDF
 * (for her, or her birth partner). A refusal is a short message the browser shows in place of the download.
 */
export async function loader(args: Route.LoaderArgs) {
  const answer = await services(args).birthPlanPdfs.answer(
    services(args).database,
    signedInMember(args),
    args.request.headers.get(CLIENT_IP_HEADER),
    now(args),
  );
  switch (answer.kind) {
    case "pdf":
      return new Response(new Uint8Array(answer.pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="birth-preferences.pdf"',
          "Content-Length": String(answer.pdf.byteLength),
          "Cache-Control": "private, no-store",
        },
      });
    case "limited":
      return refusal(429, pdfMessages.limited, answer.retryAfterSeconds);
    case "busy":
      return refusal(503, pdfMessages.busy, answer.retryAfterSeconds);
    case "not-found":
      return refusal(404, pdfMessages.notFound);
  }
}

function refusal(status: number, message: string, retryAfterSeconds?: number) {
  return new Response(`${message}\n`, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...(retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {}),
    },
  });
}
