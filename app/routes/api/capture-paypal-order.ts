import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/capture-paypal-order";
import { capturePayPalOrder, payPalOrderIdSchema } from "#app/modules/payments/checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

const body = z.object({ orderID: payPalOrderIdSchema });

/** POST /api/capture-paypal-order { orderID } → { status }; COMPLETED means the course is unlocked. */
export async function action(args: Route.ActionArgs) {
  const { orderID } = await readJson(args.request, body, "Send { orderID }.");
  const result = await capturePayPalOrder(checkoutDeps(args), args.context.get(memberContext), orderID);
  if (!result.ok) {
    return data(
      { error: result.error, status: "paypalStatus" in result ? result.paypalStatus : undefined },
      { status: result.status },
    );
  }
  return data({ status: result.status, message: "message" in result ? result.message : undefined });
}
