import fs from "node:fs";
import path from "node:path";
import type { TestSmtpServer } from "./smtp.ts";

/** Where a test reads what a server emailed: its local outbox folder, or a test SMTP server. */
export interface Mailbox {
  /** The newest message to `to` whose subject matches, waiting for it to arrive. */
  latest(to: string, subject: RegExp, timeoutMs?: number): Promise<{ subject: string; text: string }>;
}

/** A server without SMTP_URL writes each email to DATA_DIR/outbox as JSON. */
export function localOutbox(dataDir: string): Mailbox {
  const dir = path.join(dataDir, "outbox");
  return {
    async latest(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = newestMatching(
          dir,
          (m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${subject} in ${dir}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

type OutboxMessage = { to: string; subject: string; text: string };

/** Messages already read, by file: a stored email never changes (a deleted one leaves the listing). */
const read = new Map<string, OutboxMessage>();

/**
 * The newest message in the folder that matches, newest first: a run's shared server writes
 * thousands, and a test waiting for one of the last few parses each file once.
 */
function newestMatching(dir: string, matches: (m: OutboxMessage) => boolean): OutboxMessage | undefined {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
  for (const name of names.sort().reverse()) {
    const file = path.join(dir, name);
    const message = read.get(file) ?? readMessage(file);
    if (!message) continue;
    read.set(file, message);
    if (matches(message)) return message;
  }
  return undefined;
}

function readMessage(file: string): OutboxMessage | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as OutboxMessage;
  } catch {
    return null; // being written
  }
}

export function smtpMailbox(smtp: TestSmtpServer): Mailbox {
  return {
    async latest(to, subject, timeoutMs) {
      const matches = (m: { to: string[]; subject: string }) =>
        m.to.some((address) => address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject);
      await smtp.waitFor(matches, timeoutMs);
      return smtp.messages.filter(matches).at(-1)!;
    },
  };
}
