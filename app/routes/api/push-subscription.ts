import { data } from "react-router";
import type { Route } from "./+types/push-subscription";
import {
  changePushSubscription,
  hitSubscriptionLimit,
  pushEndpointOptions,
} from "#app/modules/reminders/push.server.ts";
import { tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { db, memberContext, services } from "#app/request.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/push-subscription: the signed-in member's browser hands over its
 * push subscription, `{ endpoint, keys: { p256dh, auth } }` (201), or takes it
 * back, `{ endpoint, unsubscribe: true }` (200). Only ever hers: the member is
 * the session. (A POST, not a DELETE: the server answers GET, HEAD and POST
 * only; server/request-gate.ts.)
 */
export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ error: "Please sign in." }, { status: 401, headers: NO_STORE });
  const limit = await hitSubscriptionLimit(db(args), member.id);
  if (!limit.allowed) {
    const headers = { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) };
    return data({ error: tooManyAttemptsMessage(limit.retryAfterSeconds) }, { status: 429, headers });
  }
  const body: unknown = await args.request.json().catch(() => undefined);
  const change = await changePushSubscription(
    db(args),
    member.id,
    body,
    pushEndpointOptions(services(args).env),
  );
  if (!change.ok) return data({ error: change.error }, { status: 400, headers: NO_STORE });
  if (change.saved) return data({ ok: true }, { status: 201, headers: NO_STORE });
  return data({ ok: true, removed: change.removed }, { headers: NO_STORE });
}
