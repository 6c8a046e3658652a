import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type * as Nodemailer from "nodemailer";
import type { Logger } from "#app/platform/log.server.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import type { EmailMessage } from "./templates.ts";

/** Something that can deliver one message now, or throw. */
export interface MailTransport {
  kind: "smtp" | "local-outbox";
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/** Outbound calls give up after this, so a slow mail server never holds a request for long. */
const SMTP_TIMEOUT_MS = 10_000;

export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  baseUrl: string;
  log: Logger;
  /** How long the mail server may keep us waiting at each step; 10 s unless a test needs less. */
  timeoutMs?: number;
}): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from, options.timeoutMs ?? SMTP_TIMEOUT_MS)
    : localOutboxTransport(path.join(options.dataDir, "outbox"), options.baseUrl, options.log);
}

// nodemailer is large and the local outbox never needs it: it loads with the first email sent, not at boot.
let mailer: Promise<typeof Nodemailer> | undefined;
const loadNodemailer = () => (mailer ??= import("nodemailer"));

function smtpTransport(url: string, from: string, timeoutMs: number): MailTransport {
  let transporter: Nodemailer.Transporter | undefined;
  const connect = async () => {
    const { default: nodemailer } = await loadNodemailer();
    // The timeouts go with the URL in one options object: a second argument would be message
    // defaults, and the connection would keep nodemailer's own limits (minutes).
    return (transporter ??= nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    }));
  };
  return {
    kind: "smtp",
    async send(message) {
      const smtp = await connect();
      await smtp.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.unsubscribeUrl
          ? {
              list: { unsubscribe: message.unsubscribeUrl },
              headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
            }
          : {}),
      });
    },
    close: () => transporter?.close(),
  };
}

export interface StoredEmail extends EmailMessage {
  id: string;
  createdAt: string;
}

/** A local run keeps its email in DATA_DIR/outbox, readable at /dev/outbox. */
function localOutboxTransport(dir: string, baseUrl: string, log: Logger): MailTransport {
  return {
    kind: "local-outbox",
    async send(message) {
      await fs.promises.mkdir(dir, { recursive: true });
      const createdAt = new Date().toISOString();
      const id = `${createdAt.replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
      const stored: StoredEmail = { ...message, id, createdAt };
      // Written aside, then renamed: a reader never sees half a message.
      const file = path.join(dir, `${id}.json`);
      await fs.promises.writeFile(`${file}.part`, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await fs.promises.rename(`${file}.part`, file);
      // The content can hold a sign-in link and the subject a name: the log says what kind of
      // message it is and where to read it, never to whom or what it says.
      log.info({ email: message.kind, id }, `an email is in the local outbox: ${baseUrl}/dev/outbox`);
    },
    close: () => {},
  };
}

export function readLocalOutbox(dataDir: string, limit = 50): StoredEmail[] {
  return localOutboxFiles(dataDir)
    .sort()
    .reverse()
    .slice(0, limit)
    .map((file) => readStoredEmail(file));
}

/**
 * Removes the local outbox's messages to or about any of these (normalised)
 * addresses: a deleted account leaves no email behind.
 */
export function forgetLocalOutbox(dataDir: string, addresses: readonly string[]) {
  const wanted = new Set(addresses);
  for (const file of localOutboxFiles(dataDir)) {
    let message: StoredEmail;
    try {
      message = readStoredEmail(file);
    } catch {
      continue; // not one of ours
    }
    const { to, about } = message;
    if (wanted.has(normalizeEmail(to)) || (about !== undefined && wanted.has(normalizeEmail(about)))) {
      fs.rmSync(file, { force: true });
    }
  }
}

function localOutboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => path.join(dir, name));
}

function readStoredEmail(file: string): StoredEmail {
  return JSON.parse(fs.readFileSync(file, "utf8")) as StoredEmail;
}
