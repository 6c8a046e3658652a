import { data } from "react-router";
import type { Route } from "./+types/paypal";
import { handlePayPalWebhook } from "#app/modules/payments/webhooks.server.ts";
import { checkoutDeps } from "#app/request.server.ts";

/** POST /api/webhooks/paypal: PayPal is asked whether the call is genuine before anything changes. */
export async function action(args: Route.ActionArgs) {
  const raw = Buffer.from(await args.request.arrayBuffer());
  const result = await handlePayPalWebhook(checkoutDeps(args), args.request.headers, raw);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ received: true });
}
