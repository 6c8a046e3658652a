import fs from "node:fs";
import path from "node:path";
import type { TestSmtpServer } from "./smtp.ts";

/** Where a test reads what a server emailed: its local outbox folder, or a test SMTP server. */
export interface Mailbox {
  /** The newest message to `to` whose subject matches, waiting for it to arrive. */
  latest(to: string, subject: RegExp, timeoutMs?: number): Promise<{ subject: string; text: string }>;
}

interface LocalOutbox extends Mailbox {
  /**
   * The `n`th message (from 1, oldest first) to `to` whose subject matches, waiting for it to arrive:
   * for a second email of a kind, which `latest` could answer with the first before the second is sent.
   */
  nth(to: string, subject: RegExp, n: number, timeoutMs?: number): Promise<{ subject: string; text: string }>;
}

/** A server without SMTP_URL writes each email to DATA_DIR/outbox as JSON. */
export function localOutbox(dataDir: string): LocalOutbox {
  const dir = path.join(dataDir, "outbox");
  const addressedTo = (to: string, subject: RegExp) => (m: OutboxMessage) =>
    m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject);
  async function waitFor<T>(find: () => T | undefined, timeoutMs: number, missing: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${missing} in ${dir}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    latest(to, subject, timeoutMs = 10_000) {
      return waitFor(
        () => newestMatching(dir, addressedTo(to, subject)),
        timeoutMs,
        `No email to ${to} matching ${subject}`,
      );
    },
    nth(to, subject, n, timeoutMs = 10_000) {
      return waitFor(
        () => allMatching(dir, addressedTo(to, subject))[n - 1],
        timeoutMs,
        `No email number ${n} to ${to} matching ${subject}`,
      );
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
  for (const file of outboxFiles(dir).reverse()) {
    const message = cachedMessage(file);
    if (message && matches(message)) return message;
  }
  return undefined;
}

/** Every message in the folder that matches, oldest first (a file's name begins with when it was sent). */
function allMatching(dir: string, matches: (m: OutboxMessage) => boolean): OutboxMessage[] {
  return outboxFiles(dir)
    .map(cachedMessage)
    .filter((message): message is OutboxMessage => message !== null && matches(message));
}

function outboxFiles(dir: string): string[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
  return names.sort().map((name) => path.join(dir, name));
}

function cachedMessage(file: string): OutboxMessage | null {
  const message = read.get(file) ?? readMessage(file);
  if (message) read.set(file, message);
  return message;
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
