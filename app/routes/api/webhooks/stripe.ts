import { data } from "react-router";
import type { Route } from "./+types/stripe";
import { handleStripeWebhook } from "#app/modules/payments/webhooks.server.ts";
import { checkoutDeps } from "#app/request.server.ts";

/** POST /api/webhooks/stripe: verified over the exact bytes Stripe sent. */
export async function action(args: Route.ActionArgs) {
  const raw = Buffer.from(await args.request.arrayBuffer());
  const result = await handleStripeWebhook(
    checkoutDeps(args),
    raw,
    args.request.headers.get("stripe-signature"),
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ received: true });
}
