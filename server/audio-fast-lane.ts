import type { RequestHandler } from "express";
import { ASK_BETTER_AUTH, type SessionReader } from "#app/modules/accounts/session.server.ts";
import { deliverAudio } from "#app/modules/media/audio.server.ts";
import { sendMedia } from "#app/modules/media/serve.server.ts";
import type { SigningKey } from "#app/modules/media/signing.server.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";

/**
 * `GET /media/audio/:file`: every Range request of a playing track, answered
 * before React Router when the quick session read knows who is asking (or
 * that nobody is signed in). The decision is the app route's own
 * (`deliverAudio`); only the way out is shorter: the file goes from disk to
 * the socket with no web streams in between. A session Better Auth must
 * refresh or refuse goes on to the app's route.
 */
export function audioFastLane(deps: {
  sessions: SessionReader;
  media: MediaStorage;
  mediaKeys: readonly SigningKey[];
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const session = await deps.sessions.read(req.headers.cookie);
      if (session === ASK_BETTER_AUTH) return next();
      const query = new URLSearchParams(req.url.slice(req.url.indexOf("?") + 1 || req.url.length));
      const delivery = await deliverAudio(
        { media: deps.media, keys: deps.mediaKeys },
        session?.member ?? null,
        String(req.params.file),
        query,
      );
      if (!delivery.ok) {
        res
          .status(delivery.status)
          .set("Cache-Control", "no-store")
          .type("text/plain")
          .send(delivery.message);
      } else if ("redirect" in delivery) {
        res.set("Cache-Control", "no-store").redirect(302, delivery.redirect);
      } else {
        await sendMedia(deps.media, "audio", delivery.file, req, res, delivery.headers);
      }
    } catch (error) {
      next(error);
    }
  };
}
