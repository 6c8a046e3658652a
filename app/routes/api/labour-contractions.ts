import { data } from "react-router";
import type { Route } from "./+types/labour-contractions";
import { hitSaveLimit, saveHistory } from "#app/modules/labour/history.server.ts";
import { tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { db, memberContext } from "#app/request.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/labour/contractions { contractions: [{ startedAt, endedAt }] }: the
 * signed-in member's device saves her whole contraction history to her
 * account, in place of what it held. Any ids in the body are ignored: the
 * rows are always the session's member's.
 */
export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ error: "Please sign in." }, { status: 401 });
  const now = Date.now();
  const limit = await hitSaveLimit(db(args), member.id, now);
  if (!limit.allowed) {
    const headers = { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) };
    return data({ error: tooManyAttemptsMessage(limit.retryAfterSeconds) }, { status: 429, headers });
  }
  const body: unknown = await args.request.json().catch(() => undefined);
  const list =
    body !== null && typeof body === "object" && Object.hasOwn(body, "contractions")
      ? (body as { contractions: unknown }).contractions
      : undefined;
  const saved = await saveHistory(db(args), member.id, list, now);
  if (!saved.ok) return data({ error: saved.error }, { status: 400, headers: NO_STORE });
  return data({ ok: true, saved: saved.count }, { headers: NO_STORE });
}
