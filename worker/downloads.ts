import { createPartialResponse } from "serwist";
import { DOWNLOADS_CACHE } from "../app/modules/offline/protocol.ts";

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
