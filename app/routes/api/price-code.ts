import { data } from "react-router";
import type { Route } from "./+types/price-code";
import { priceCode, priceCodeBody, priceCodeHint } from "#app/modules/payments/checkout.server.ts";
import { readJson } from "#app/platform/json.server.ts";
import { checkoutDeps, memberContext } from "#app/request.server.ts";

/** POST /api/price-code { code, forGift? } → { price, saving }: the course's price (or a gift's) with a code, before paying. */
export async function action(args: Route.ActionArgs) {
  const body = await readJson(args.request, priceCodeBody, priceCodeHint);
  const result = await priceCode(
    checkoutDeps(args),
    args.context.get(memberContext),
    body.code,
    body.forGift ?? false,
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ price: result.price, saving: result.saving }, { headers: { "Cache-Control": "no-store" } });
}
