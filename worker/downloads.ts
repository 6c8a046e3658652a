import { createPartialResponse } from "serwist";
import { DOWNLOADS_CACHE } from "#app/modules/offline/protocol.ts";

/**
 * A downloaded session, from the device: the whole file, or the part a Range
 * asks for (206 with its Content-Range; Safari always asks for ranges, and
 * seeking does everywhere). A session not downloaded is a 404: this address
 * never goes to the network.
 */
export async function downloadedAudio(request: Request): Promise<Response> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  const stored = await cache.match(new URL(request.url).pathname);
  if (!stored) return new Response("This session isn't downloaded on this device.", { status: 404 });
  return request.headers.has("range") ? createPartialResponse(request, stored) : stored;
}

/**
 * A session's captions. When the session is downloaded its captions are kept
 * beside it, and come from the device first, as its recording does: they play
 * together with no signal, or a weak one in labour, and both go together (when
 * removed, after a refund, at sign-out). A session not downloaded has its
 * captions from the network, as if there were no worker.
 */
export async function downloadedCaptions(request: Request): Promise<Response> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  return (await cache.match(new URL(request.url).pathname)) ?? fetch(request);
}
