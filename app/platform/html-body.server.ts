import type { Readable } from "node:stream";

/**
 * A page leaves React as a Node stream and must pass through React Router as a
 * web stream, and the server writes it to a Node response. Converting there
 * and back costs a promise and a copy per chunk, so the web stream made here
 * stays unread until someone reads it, and the server takes the Node stream
 * back (`takeNodeBody`) and pipes it straight to the socket. Anyone else (the
 * page caches, which keep the text) reads the web stream as usual.
 */
const nodeBodies = new WeakMap<ReadableStream<Uint8Array>, Readable>();

export function htmlBody(node: Readable): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        nodeBodies.delete(stream);
        chunks ??= node[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel() {
        node.destroy();
      },
    },
    // Nothing is read before the first reader asks, so the Node stream can still be taken back.
    { highWaterMark: 0 },
  );
  nodeBodies.set(stream, node);
  return stream;
}

/** The Node stream behind a body made by `htmlBody`, if no one has started reading it. */
export function takeNodeBody(body: ReadableStream<Uint8Array> | null): Readable | undefined {
  if (!body || body.locked) return undefined;
  const node = nodeBodies.get(body);
  nodeBodies.delete(body);
  return node;
}
