import { data } from "react-router";
import type { Route } from "./+types/create-payment-intent";
import {
  startCardPayment,
  startPaymentBody,
  startPaymentHint,
} from "#app/modules/payments/checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

/** POST /api/create-payment-intent { email?, code? } → { clientSecret }. Any amount in the body is ignored. */
export async function action(args: Route.ActionArgs) {
  const body = await readJson(args.request, startPaymentBody, startPaymentHint);
  const result = await startCardPayment(checkoutDeps(args), args.context.get(memberContext), {
    receiptEmail: body?.email ?? null,
    code: body?.code ?? null,
  });
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data(
    { clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId },
    { headers: { "Cache-Control": "no-store" } },
  );
}
