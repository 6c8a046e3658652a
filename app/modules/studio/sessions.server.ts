import {
  changeSession,
  type SessionSettingsSnapshot,
} from "#app/modules/catalogue/session-settings.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import type { SessionForm } from "./forms.ts";
import type { StudioOwner } from "./studio.server.ts";

/** State changes and moves an owner may make in an hour: a reordering of every group, many times over. */
const SESSION_CHANGES_PER_HOUR = 120;

/**
 * A session's state or place, set on the content page (the route has checked
 * her second factor): counted, changed with its audit entry in one
 * transaction, and followed at once by this instance's catalogue.
 */
export async function answerSessionForm(
  deps: { db: Db; sessionSettings: Pick<SessionSettingsSnapshot, "changed"> },
  owner: StudioOwner,
  form: SessionForm,
  now: Date,
): Promise<{ ok: true; message: string } | { ok: false; status: number; message: string }> {
  const limit = await hitLimit(deps.db, limitKey("studio-sessions", owner.id), {
    limit: SESSION_CHANGES_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const change =
    form.intent === "session-state"
      ? { session: form.session, state: form.state }
      : { session: form.session, move: form.move };
  const action =
    form.intent === "session-move"
      ? "session.moved"
      : form.state === "published"
        ? "session.published"
        : "session.coming-soon";
  const changed = await changeSession(deps.db, change, now, (trx, { track, place }) =>
    recordAudit(
      trx,
      {
        actorId: owner.id,
        action,
        detail: place === null ? { session: track.id } : { session: track.id, place },
        ip: owner.ip,
      },
      now,
    ),
  );
  if (!changed.ok) return { ok: false, status: 400, message: `Nothing was changed: ${changed.message}` };
  deps.sessionSettings.changed();
  const { track, group, place } = changed.value;
  if (place !== null) return { ok: true, message: `${track.title} is now number ${place} in the ${group}.` };
  return {
    ok: true,
    message:
      action === "session.published"
        ? `${track.title} is published: members see it in the library again.`
        : `${track.title} is coming soon: members no longer see it or play it.`,
  };
}
