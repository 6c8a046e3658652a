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
        const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
        const found = names
          .sort()
          .reverse()
          .map((name) => readMessage(path.join(dir, name)))
          .find((m) => m && m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${subject} in ${dir}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function readMessage(file: string): { to: string; subject: string; text: string } | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as { to: string; subject: string; text: string };
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
