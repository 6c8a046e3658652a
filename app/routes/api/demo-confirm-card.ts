import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/demo-confirm-card";
import { paymentIntentIdSchema } from "#app/modules/payments/checkout.server.ts";
import { confirmDemoCard } from "#app/modules/payments/demo-checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

const body = z.object({
  paymentIntentId: paymentIntentIdSchema,
  cardNumber: z.string().max(30),
});

/** POST /api/demo/confirm-card: the demo checkout only (no payment keys, a local run). */
export async function action(args: Route.ActionArgs) {
  const input = await readJson(args.request, body, "Send { paymentIntentId, cardNumber }.");
  const result = await confirmDemoCard(
    checkoutDeps(args),
    args.context.get(memberContext),
    input.paymentIntentId,
    input.cardNumber,
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ status: result.status });
}
