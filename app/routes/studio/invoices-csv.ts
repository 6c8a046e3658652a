import { redirect } from "react-router";
import type { Route } from "./+types/invoices-csv";
import { recordAudit } from "#app/modules/studio/audit.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { invoicesCsv } from "#app/modules/studio/invoice-csv.ts";
import { invoicesIssued, parseInvoicePeriod } from "#app/modules/studio/invoices.server.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { db, now } from "#app/request.server.ts";

/** A GET exports nothing (a link, or another site sending her browser here): the export is a form on Purchases. */
export function loader() {
  throw redirect("/studio/purchases");
}

/**
 * A period's invoices and credit notes as CSV, for the accountant: posted from the purchases page, the days on
 * the owner's studio clock, both included. Logged in the audit log.
 */
export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const at = now(args);
  const period = parseInvoicePeriod(Object.fromEntries(await args.request.formData()));
  if (!period.ok) {
    return new Response(`${period.message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const timeZone = await studioTimeZone(db(args), owner.id);
  const invoices = await invoicesIssued(db(args), period, timeZone);
  await recordAudit(
    db(args),
    {
      actorId: owner.id,
      action: "invoices.exported",
      detail: { from: period.from, to: period.to, count: invoices.length },
      ip: owner.ip,
    },
    at,
  );
  return new Response(invoicesCsv(invoices, timeZone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tidewell-invoices-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
