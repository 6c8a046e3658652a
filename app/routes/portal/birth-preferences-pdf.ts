import { data } from "react-router";
import type { Route } from "./+types/birth-preferences-pdf";
import { printablePlan, withinPdfLimit } from "~/modules/birth-plan/page.server.ts";
import { renderBirthPlanPdf } from "~/modules/birth-plan/pdf.server.ts";
import { db, services, signedInMember } from "~/services.server.ts";

/** GET /portal/birth-preferences.pdf (a file name, so the portal's page cache leaves it alone): her plan as a PDF made now (for her, or her birth partner). */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const now = services(args).clock.now();
  if (!(await withinPdfLimit(db(args), member.id, now))) {
    throw data("That's a lot of PDFs in a few minutes. Please wait a little and try again.", { status: 429 });
  }
  const plan = await printablePlan(db(args), member, now);
  if (!plan) throw data(null, { status: 404 });
  const pdf = await renderBirthPlanPdf({ ...plan, generatedAt: now });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="birth-preferences.pdf"',
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
