import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for tests: the app delivers to it over SMTP exactly as it
 * would to a mail provider, and tests read what arrived.
 */
interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message's own headers, by lower-case name, folded lines unfolded. */
  headers: Map<string, string>;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the first message (after those already seen) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The next `count` deliveries are refused, by default with a temporary failure (451). */
  failNext(count: number, responseCode?: number): void;
  /** The next `count` deliveries lose their connection halfway through the message. */
  dropNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  let failureCode = 451;
  let drops = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (drops > 0) {
          drops -= 1;
          // The connection goes, as when a mail server restarts mid-message; nothing was accepted.
          return sockets.get(session.remotePort)?.destroy();
        }
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: failureCode });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({ ...parseMessage(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const sockets = new Map<number, Socket>();
  server.server.on("connection", (socket: Socket) => {
    if (socket.remotePort) sockets.set(socket.remotePort, socket);
    socket.once("close", () => sockets.delete(socket.remotePort!));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No matching email arrived. Received: ${messages.map((m) => `${m.to} "${m.subject}"`).join(", ") || "none"}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    failNext(count, responseCode = 451) {
      failures = count;
      failureCode = responseCode;
    },
    dropNext(count) {
      drops = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME to read what nodemailer sends: headers, multipart/alternative, QP and base64. */
function parseMessage(raw: string): Omit<ReceivedMail, "to" | "raw"> {
  const { headers, body } = splitPart(raw);
  const subject = decodeWords(headers.get("subject") ?? "");
  const parts: { type: string; content: string }[] = [];
  collectParts(headers, body, parts);
  return {
    subject,
    headers,
    text: parts.find((p) => p.type.startsWith("text/plain"))?.content ?? "",
    html: parts.find((p) => p.type.startsWith("text/html"))?.content ?? "",
  };
}

function splitPart(raw: string) {
  const index = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, index).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(
  headers: Map<string, string>,
  body: string,
  parts: { type: string; content: string }[],
) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith("--")) break;
      const inner = splitPart(section.replace(/^\r?\n/, ""));
      collectParts(inner.headers, inner.body, parts);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  parts.push({ type, content: decodeBody(body, encoding) });
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _charset, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
