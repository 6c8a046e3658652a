import { data } from "react-router";
import type { Route } from "./+types/create-payment-intent";
import {
  startCardPayment,
  startPaymentBody,
  startPaymentHint,
} from "#app/modules/payments/checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext, now } from "#app/request.server.ts";

/** POST /api/create-payment-intent { email?, code?, gift? } → { clientSecret }. Any amount in the body is ignored. */
export async function action(args: Route.ActionArgs) {
  const body = await readJson(args.request, startPaymentBody, startPaymentHint);
  const member = args.context.get(memberContext);
  const result = await startCardPayment(checkoutDeps(args), member, {
    receiptEmail: body?.email ?? null,
    code: body?.code ?? null,
    // A gift's day is read on the server's clock, in the giver's time zone.
    gift: body?.gift && member ? { input: body.gift, now: now(args), timeZone: member.timeZone } : null,
  });
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data(
    { clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId },
    { headers: { "Cache-Control": "no-store" } },
  );
}
