import { data } from "react-router";
import type { Route } from "./+types/create-paypal-order";
import {
  startPaymentBody,
  startPaymentHint,
  startPayPalOrder,
} from "#app/modules/payments/checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

/** POST /api/create-paypal-order { email?, code? } → { id }, with the server's amount and currency. */
export async function action(args: Route.ActionArgs) {
  const body = await readJson(args.request, startPaymentBody, startPaymentHint);
  const result = await startPayPalOrder(checkoutDeps(args), args.context.get(memberContext), {
    receiptEmail: body?.email ?? null,
    code: body?.code ?? null,
  });
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ id: result.id }, { headers: { "Cache-Control": "no-store" } });
}
