import { canPlayTrack, viewerOf } from "#app/modules/catalogue/access.ts";
import { ALL_SESSIONS, findTrack } from "#app/modules/catalogue/tracks.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { savedPosition, type SavedPosition } from "#app/modules/listening/listening.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { serveMedia } from "./serve.server.ts";
import {
  SIGNED_URL_LIFETIME_SECONDS,
  signMediaPath,
  signedQuery,
  verifyMediaPath,
  type SigningKey,
} from "./signing.server.ts";
import type { MediaStorage } from "./storage.server.ts";
import { isVersionOf } from "./version-keys.ts";
import type { PublishedMedia } from "./versions.server.ts";

/**
 * The members' audio: a signed, expiring URL for a track the member may hear,
 * and the stream behind it. Tier rules are checked at both steps.
 */
export interface AudioDeps {
  db: Db;
  media: MediaStorage;
  keys: readonly SigningKey[];
  /** Which version of each recording is published; without it, the seeded files. */
  published?: Pick<PublishedMedia, "key">;
}

export type Refusal = { ok: false; status: 401 | 403 | 404; message: string };

export const AUDIO_MESSAGES = {
  signIn: "Please sign in to listen.",
  notFound: "We couldn't find that audio session.",
  premium: "This session is part of the Complete Course. Upgrade to listen.",
  badLink: "This audio link has expired or isn't valid. Please press play again.",
} as const;

const audioPath = (file: string) => `/media/audio/${file}`;

export async function signedAudioUrl(
  { db, keys, published }: Omit<AudioDeps, "media">,
  member: Member | null,
  trackId: string,
  now = new Date(),
): Promise<{ ok: true; url: string; expiresAt: string; position: SavedPosition | null } | Refusal> {
  if (!member) return { ok: false, status: 401, message: AUDIO_MESSAGES.signIn };
  const track = findTrack(trackId);
  if (!track) return { ok: false, status: 404, message: AUDIO_MESSAGES.notFound };
  if (!canPlayTrack(viewerOf(member), track)) {
    return { ok: false, status: 403, message: AUDIO_MESSAGES.premium };
  }
  const position = await savedPosition(db, member.id, track.id);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((nowSeconds + SIGNED_URL_LIFETIME_SECONDS) * 1000).toISOString();
  // The published version's own key: published again later, this URL still plays the version it named.
  const path = audioPath(published ? await published.key("audio", track.audioFile) : track.audioFile);
  const signed = signMediaPath(path, member.id, keys, nowSeconds);
  return { ok: true, url: `${path}?${signedQuery(signed)}`, expiresAt, position };
}

/** What a request for an audio file gets: a refusal, a redirect to the bucket, or the stored file. */
export type AudioDelivery =
  Refusal | { ok: true; redirect: string } | { ok: true; file: string; headers: Record<string, string> };

/**
 * GET /media/audio/{file}?exp&kid&sig for the member the URL was made for.
 * Both ways in (server/audio-fast-lane.ts and the app's route) decide here.
 */
export async function deliverAudio(
  { media, keys }: Omit<AudioDeps, "db" | "published">,
  member: Member | null,
  file: string,
  query: URLSearchParams,
  now = new Date(),
): Promise<AudioDelivery> {
  // Any version of a session's recording, published now or before: a member mid-listen keeps hers.
  const track = ALL_SESSIONS.find((t) => isVersionOf(t.audioFile, file));
  if (!track) return { ok: false, status: 404, message: AUDIO_MESSAGES.notFound };
  if (!member) return { ok: false, status: 403, message: AUDIO_MESSAGES.badLink };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const verdict = verifyMediaPath(
    audioPath(file),
    member.id,
    { exp: query.get("exp"), kid: query.get("kid"), sig: query.get("sig") },
    keys,
    nowSeconds,
  );
  if (verdict !== "valid") return { ok: false, status: 403, message: AUDIO_MESSAGES.badLink };
  // The tier is checked again: a URL made before a refund stops working.
  if (!canPlayTrack(viewerOf(member), track)) {
    return { ok: false, status: 403, message: AUDIO_MESSAGES.premium };
  }
  const maxAge = Math.max(0, Number(query.get("exp")) - nowSeconds);
  // On S3 the bytes come straight from the bucket, through a presigned URL that
  // lives only as long as this one (and at most five minutes): each Range
  // request comes back here first, so the checks above always run.
  if (media.presignedUrl) {
    const redirect = await media.presignedUrl("audio", file, Math.max(1, Math.min(maxAge, 300)));
    return { ok: true, redirect };
  }
  return { ok: true, file, headers: { "Cache-Control": `private, max-age=${maxAge}` } };
}

/** The app route's answer: the same delivery as a web Response. */
export async function streamAudio(
  deps: Omit<AudioDeps, "db" | "published">,
  member: Member | null,
  file: string,
  request: Request,
  now = new Date(),
): Promise<Response | Refusal> {
  const delivery = await deliverAudio(deps, member, file, new URL(request.url).searchParams, now);
  if (!delivery.ok) return delivery;
  if ("redirect" in delivery) {
    return new Response(null, {
      status: 302,
      headers: { Location: delivery.redirect, "Cache-Control": "no-store" },
    });
  }
  return serveMedia(deps.media, "audio", delivery.file, request, delivery.headers);
}
