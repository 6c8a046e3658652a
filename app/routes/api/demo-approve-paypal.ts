import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/demo-approve-paypal";
import { payPalOrderIdSchema } from "#app/modules/payments/checkout.server.ts";
import { approveDemoOrder } from "#app/modules/payments/demo-checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

const body = z.object({ orderID: payPalOrderIdSchema });

/** POST /api/demo/approve-paypal: stands in for PayPal's approval window in the demo checkout. */
export async function action(args: Route.ActionArgs) {
  const { orderID } = await readJson(args.request, body, "Send { orderID }.");
  const result = await approveDemoOrder(checkoutDeps(args), args.context.get(memberContext), orderID);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ approved: true });
}
