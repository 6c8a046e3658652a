import type { RequestHandler } from "express";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { stagingDirIn } from "#app/modules/media/staging.server.ts";
import { recentlyChecked } from "#app/modules/studio/gate.ts";
import { mediaItem, receiveMediaUpload, tooLargeMessage } from "#app/modules/studio/media.server.ts";
import { studioVisit } from "#app/modules/studio/studio.server.ts";
import type { AppServices } from "#app/services.server.ts";
import { sendProblem, toHeaders } from "./react-router-handler.ts";

/** Where the studio's content page is, for the second factor to come back to. */
const CONTENT_PAGE = "/studio/content";

/**
 * `POST /studio/media/:kind/:id`: a new recording or guide from the studio's
 * content page, the file itself as the body (the page's script sends it and
 * shows its progress). Answered here, before React Router, which reads at most
 * 1 MiB of a body: this one is streamed to disk as it comes. The studio's own
 * checks come first, before a byte is read: same origin (app.ts), an owner
 * through the second factor in the last ten minutes, and the size the sender
 * declares. A refusal closes the connection rather than read the rest.
 */
export function mediaUpload(services: AppServices): RequestHandler {
  const { env, auth, database, clock, media, mediaFacts, publishedMedia, log } = services;
  const maxBytes = env.MEDIA_UPLOAD_MAX_MB * 1024 * 1024;
  const stagingDir = stagingDirIn(env.DATA_DIR);
  return async (req, res, next) => {
    try {
      res.set("Cache-Control", "no-store");
      const headers = toHeaders(req.headers);
      headers.delete(CLIENT_IP_HEADER);
      if (req.ip) headers.set(CLIENT_IP_HEADER, req.ip);
      const now = clock.now();
      const visit = await studioVisit(auth, database.db, headers, now);
      if (visit.access === "sign-in") return sendProblem(res, 401, "Please sign in to the studio first.");
      if (visit.access === "refused" || !visit.owner) {
        return sendProblem(res, 403, "The studio is for the course's owner.");
      }
      if (visit.access !== "open" || !recentlyChecked(visit.owner.checkedAt, now)) {
        const check = `/studio/check?again=1&next=${encodeURIComponent(CONTENT_PAGE)}`;
        res.status(403).set("Connection", "close");
        return void res.json({ error: "Enter your authenticator's code again first.", check });
      }
      const target = mediaItem(String(req.params.kind), String(req.params.id));
      if (!target) return sendProblem(res, 404, "There is no such session or guide.");
      const declared = Number(req.headers["content-length"] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes)
        return sendProblem(res, 413, tooLargeMessage(maxBytes));

      const answer = await receiveMediaUpload(
        {
          db: database.db,
          media,
          facts: mediaFacts,
          published: publishedMedia,
          stagingDir,
          maxBytes,
          log: req.log ?? log,
        },
        visit.owner,
        target,
        req,
        now,
      );
      if (res.destroyed) return;
      if (!answer.ok) return sendProblem(res, answer.status, answer.message);
      res.json({
        message: answer.message,
        version: answer.version,
        seconds: answer.seconds,
        pages: answer.pages,
      });
    } catch (error) {
      next(error);
    }
  };
}
