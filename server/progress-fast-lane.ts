import type { RequestHandler } from "express";
import { ASK_BETTER_AUTH, type SessionReader } from "#app/modules/accounts/session.server.ts";
import { recordProgress } from "#app/modules/listening/listening.server.ts";
import type { Clock } from "#app/platform/clock.server.ts";
import type { DatabaseHandle } from "#app/platform/db.server.ts";
import { isJson, readBody, sendProblem } from "./react-router-handler.ts";

/**
 * The player's progress reports (`POST /api/audio/:trackId/progress`), the
 * most frequent request a member makes, answered without React Router when
 * the quick session read knows the member. Everything else (no session, a
 * session Better Auth must refresh or refuse) goes on, body unread, to the
 * app's route, which answers through the same `recordProgress`.
 */
export function progressFastLane(deps: {
  sessions: SessionReader;
  database: Pick<DatabaseHandle, "commitTogether">;
  clock: Clock;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const session = await deps.sessions.read(req.headers.cookie);
      if (session === null || session === ASK_BETTER_AUTH) return next();
      const body = await readBody(req);
      if (body === "too-large") return sendProblem(res, 413, "The request is too large.");
      const report = parseJson(body);
      if (report === INVALID && isJson(req))
        return sendProblem(res, 400, "The request body is not valid JSON.");
      const trackId = String(req.params.trackId);
      const answer = await recordProgress(
        deps.database,
        session.member,
        trackId,
        report === INVALID ? undefined : report,
        deps.clock.now(),
      );
      res.status(answer.status).set("Cache-Control", "no-store").json(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

const INVALID = Symbol("invalid JSON");

function parseJson(body: Buffer | undefined): unknown {
  try {
    return JSON.parse(body?.toString("utf8") ?? "");
  } catch {
    return INVALID;
  }
}
