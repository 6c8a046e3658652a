import crypto from "node:crypto";
import type { DatabaseHandle } from "#app/platform/db.server.ts";
import {
  addressKey,
  hitLimits,
  limitKey,
  type LimitCheck,
  type LimitRule,
} from "#app/platform/rate-limit.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { printablePlan } from "./page.server.ts";
import { createPdfCache, type PdfCache } from "./pdf-cache.ts";
import { BUSY_RETRY_AFTER_SECONDS } from "#app/platform/pdf-renderer.server.ts";
import { createPdfRenderer, type PdfRenderer } from "./pdf-renderer.server.ts";
import { printedDate, type BirthPlanPdfInput } from "./pdf.server.ts";

/**
 * What asking for her plan's PDF gets (`/portal/birth-preferences.pdf`, for her or her birth partner): the PDF
 * kept from a moment ago if nothing it prints has changed, else a new one made off the event loop
 * (pdf-renderer.server.ts), within limits per account, per address and for the whole server.
 */

/** PDFs asked for in ten minutes (each may take the server a moment to make). */
export const PDF_LIMITS = {
  member: { limit: 20, windowSeconds: 10 * 60 },
  /** A household, her and her birth partner, prints a few; more is one client working through accounts. */
  address: { limit: 40, windowSeconds: 10 * 60 },
  /** Every account together: at most a tenth of the PDF worker's pace, so printing can't take the server's CPU. */
  all: { limit: 600, windowSeconds: 10 * 60 },
} satisfies Record<string, LimitRule>;

export const pdfMessages = {
  limited: "That's a lot of PDFs in a few minutes. Please wait a little and try again.",
  busy: "We're making a lot of PDFs just now. Please try again in a few seconds.",
  notFound: "There is no plan to print here.",
} as const;

/** About two hundred plans' PDFs kept in memory. */
const PDF_CACHE_BYTES = 8 * 1024 * 1024;

export type PdfAnswer =
  | { kind: "pdf"; pdf: Uint8Array }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number }
  | { kind: "busy"; retryAfterSeconds: number };

export interface BirthPlanPdfs {
  answer(
    database: Pick<DatabaseHandle, "db" | "commitTogether">,
    member: Pick<Member, "id" | "isPartner" | "firstName">,
    clientIp: string | null,
    now: Date,
  ): Promise<PdfAnswer>;
  close(): Promise<void>;
}

export function createBirthPlanPdfs({
  renderer = createPdfRenderer(),
  cache = createPdfCache(PDF_CACHE_BYTES),
}: { renderer?: PdfRenderer; cache?: PdfCache } = {}): BirthPlanPdfs {
  // One PDF made per plan at a time, however many times it is asked for meanwhile.
  const making = new Map<string, Promise<PdfAnswer>>();

  async function make(memberId: string, stamp: string, input: BirthPlanPdfInput): Promise<PdfAnswer> {
    const rendered = await renderer.render(input);
    if (!rendered.ok) return { kind: "busy", retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
    cache.set(memberId, stamp, rendered.pdf);
    return { kind: "pdf", pdf: rendered.pdf };
  }

  return {
    async answer(database, member, clientIp, now) {
      // Its three counters in one commit: on SQLite each commit waits for the disk, on the event loop.
      const limit = await database.commitTogether((db) =>
        hitLimits(db, pdfLimitChecks(member.id, clientIp), now.getTime()),
      );
      if (!limit.allowed) return { kind: "limited", retryAfterSeconds: limit.retryAfterSeconds };

      const plan = await printablePlan(database.db, member, now);
      if (!plan) return { kind: "not-found" };
      const stamp = pdfStamp(plan, now);
      const kept = cache.get(member.id, stamp);
      if (kept) return { kind: "pdf", pdf: kept };
      const key = `${member.id}\n${stamp}`;
      let pending = making.get(key);
      if (!pending) {
        pending = make(member.id, stamp, { ...plan, generatedAt: now }).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
    close: () => renderer.close(),
  };
}

/** The counters a request for a PDF is held to: her account's, her address's (when known) and everyone's. */
export function pdfLimitChecks(memberId: string, clientIp: string | null): LimitCheck[] {
  return [
    { key: limitKey("birth-plan-pdf", memberId), rule: PDF_LIMITS.member },
    ...(clientIp ? [{ key: addressKey("birth-plan-pdf:ip", clientIp), rule: PDF_LIMITS.address }] : []),
    { key: limitKey("birth-plan-pdf:all", "all"), rule: PDF_LIMITS.all },
  ];
}

/** Everything the PDF prints: her plan, first name and due month, and the date it says it was prepared. */
function pdfStamp(plan: Omit<BirthPlanPdfInput, "generatedAt">, now: Date): string {
  const printed = JSON.stringify([printedDate(now), plan.content, plan.firstName, plan.dueMonth]);
  return crypto.createHash("sha256").update(printed).digest("base64url");
}
