import http from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";

/** A stand-in for a webhook route: records what arrives and answers the queued statuses, then 200. */
export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export async function startWebhookReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer(async (req, res) => {
    received.push({ headers: req.headers, body: await text(req) });
    res.writeHead(statuses.shift() ?? 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
