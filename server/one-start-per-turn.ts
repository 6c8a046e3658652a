/**
 * React Router's requests start one per turn of the event loop, in the order they came.
 *
 * Node accepts one new connection per turn of its event loop (libuv since 1.45), and a turn runs
 * every request that became readable in it. Under a burst of fresh renders one turn held tens of
 * them, hundreds of milliseconds of work, so a new visitor's connection waited seconds to be
 * accepted while the members already connected were served again and again (docs/performance.md,
 * "Where a fresh render stands"). Started one per turn, the renders are served first come, first
 * served, and between two of them the server accepts new connections and answers what costs little:
 * kept pages, files, progress saves. Only the start is spaced out: a request waiting on the network
 * holds nothing up. A read whose visitor left while it waited is not run at all; a change always is.
 */
export function oneStartPerTurn<Rest extends unknown[]>(
  handle: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  const waiting: (() => void)[] = [];
  let draining = false;
  const startNext = () => {
    const start = waiting.shift();
    if (!start) {
      draining = false;
      return;
    }
    start();
    // Queued from inside an immediate, the next start waits for the next turn.
    setImmediate(startNext);
  };
  return async (request, ...rest) => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!draining) {
        draining = true;
        setImmediate(startNext);
      }
    });
    // No one is left to read the answer. A change still runs: the browser drops a save on its way
    // when the page goes (a reload just after a tick), but the member made it.
    if (request.signal.aborted && (request.method === "GET" || request.method === "HEAD")) {
      return new Response(null, { status: 503 });
    }
    return handle(request, ...rest);
  };
}
