import { flushOutbox, OUTBOX_SYNC_TAG } from "#app/modules/offline/outbox.ts";
import { currentMember } from "./kept-pages.ts";

declare const self: ServiceWorkerGlobalScope;

/**
 * Background Sync: when the connection returns, the browser wakes the worker
 * to send the outbox (what the member did with no signal), even with no
 * portal page open. Only the items of the member whose pages the device keeps
 * now are sent: the session the browser holds is hers (a page for anyone
 * else, or signing out, changes that first). Where the browser has no
 * Background Sync, the next portal page sends them.
 */
export function sendOutboxOnSync(): void {
  self.addEventListener("sync", (event) => {
    if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutbox());
  });
}

async function sendOutbox(): Promise<void> {
  const member = await currentMember();
  if (!member) return;
  const { waiting } = await flushOutbox(fetch, member);
  // Failing the sync asks the browser to try again later, a few times, spaced out.
  if (waiting > 0) throw new Error(`${waiting} queued changes are waiting for the server`);
}
