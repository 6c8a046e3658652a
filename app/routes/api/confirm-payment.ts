import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/confirm-payment";
import { confirmCardPayment, paymentIntentIdSchema } from "#app/modules/payments/checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

const body = z.object({ paymentIntentId: paymentIntentIdSchema });

/** POST /api/confirm-payment { paymentIntentId }: the server asks Stripe, and grants if it succeeded. */
export async function action(args: Route.ActionArgs) {
  const { paymentIntentId } = await readJson(args.request, body, "Send { paymentIntentId }.");
  const result = await confirmCardPayment(
    checkoutDeps(args),
    args.context.get(memberContext),
    paymentIntentId,
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ status: result.status, premium: result.premium });
}
