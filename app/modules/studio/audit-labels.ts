import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { ALL_SESSIONS } from "#app/modules/catalogue/tracks.ts";
import type { RefundReason } from "#app/modules/payments/owner-refunds.ts";
import { formatPrice } from "#app/modules/payments/price.ts";
import { paymentReference } from "#app/modules/payments/receipt.ts";
import { isPieceKind, PIECE_KIND_WORDS } from "#app/modules/catalogue/pieces.ts";
import { quotedTitle } from "./words.ts";
import { countOf } from "#app/modules/words/plural.ts";
import type { AuditAction, AuditDetailValue } from "./audit.server.ts";
import { REFUND_REASON_LABELS } from "./refunds.ts";
import { timeZoneWords } from "./studio-time.ts";

/** What each audit entry says it was, in the studio's words. */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  "owner.created": "Owner made on the command line",
  "owner.two-factor-enrolled": "Authenticator set up",
  "owner.two-factor-reset": "Authenticator removed on the command line",
  "owner.passkey-added": "Passkey added",
  "owner.passkey-removed": "Passkey removed",
  "owner.backup-codes-remade": "New backup codes made",
  "owner.authenticator-replaced": "Authenticator replaced",
  "studio.second-factor": "Second factor completed",
  "studio.second-factor-failed": "Second factor refused",
  "studio.time-zone-set": "Studio time zone set",
  "member.premium-granted": "Premium granted",
  "member.premium-revoked": "Premium taken back",
  "member.sign-in-link-sent": "Sign-in link sent",
  "member.deleted": "Account deleted",
  "member.role-changed": "Role changed",
  "members.exported": "Members exported",
  "invoices.exported": "Invoices exported",
  "purchase.refunded": "Purchase refunded",
  "offer.created": "Offer made",
  "offer.ended": "Offer ended early",
  "recording.uploaded": "Uploaded a new recording",
  "recording.published": "Published a new recording",
  "recording.restored": "Restored an earlier recording",
  "guide.uploaded": "Uploaded a new guide",
  "guide.published": "Published a new guide",
  "guide.restored": "Restored an earlier guide",
  "captions.drafted": "Saved a draft of the captions",
  "captions.published": "Published the captions",
  "session.published": "Session published",
  "session.coming-soon": "Session marked coming soon",
  "session.moved": "Session moved",
  "contact.replied": "Contact message answered",
  "contact.archived": "Conversation archived",
  "contact.unarchived": "Conversation moved to the inbox",
  "contact.marked-unread": "Conversation marked as unread",
  "words.draft-saved": "Draft saved",
  "words.published": "Published",
};

/**
 * An entry's line in the log: its label, and for a recording or a guide what it was, as the owner
 * would say it ("Published a new recording of Fear Release (24 min)").
 */
export function auditHeadline(action: AuditAction, detail: Record<string, AuditDetailValue>): string {
  const label = AUDIT_LABELS[action] ?? action;
  if (typeof detail.session === "string") {
    const title = ALL_SESSIONS.find((track) => track.id === detail.session)?.title ?? detail.session;
    const length =
      typeof detail.seconds === "number" ? ` (${Math.max(1, Math.round(detail.seconds / 60))} min)` : "";
    // "Published the captions of Fear Release", but "Session moved: Fear Release".
    return `${label}${action.startsWith("session.") ? ":" : " of"} ${title}${length}`;
  }
  if (typeof detail.guide === "string") {
    const title = GUIDES.find((guide) => guide.id === detail.guide)?.title ?? detail.guide;
    const pages = typeof detail.pages === "number" ? ` (${countOf(detail.pages, "page")})` : "";
    return `${label}: ${title}${pages}`;
  }
  return label;
}

/** The parts of a detail the headline already says. */
const IN_HEADLINE = new Set(["session", "seconds", "guide", "pages"]);

/** How the owner reads each part of an entry's detail; a part not named here reads "name: value". */
const DETAIL_WORDS: Record<string, (value: AuditDetailValue) => string> = {
  purchase: (id) => `payment reference ${paymentReference(String(id))}`,
  provider: (provider) =>
    provider === "paypal" ? "by PayPal" : provider === "stripe" ? "by card" : String(provider),
  method: (method) =>
    ({ totp: "with her authenticator", "backup-code": "with a backup code", passkey: "with a passkey" })[
      String(method)
    ] ?? `with ${String(method)}`,
  outcome: (outcome) => (outcome === "already-owner" ? "was already an owner" : "made an owner"),
  count: (count) => countOf(Number(count), "member"),
  filters: (filters) =>
    Array.isArray(filters) && filters.length > 0
      ? `searched by ${filters.map(filterWords).join(", ")}`
      : "all members",
  from: (role) => `from ${String(role)}`,
  to: (role) => `to ${String(role)}`,
  thread: (id) => `conversation ${String(id).toUpperCase()}`,
  passkey: (id) => `passkey ${String(id).slice(0, 8)}`,
  version: (version) => `version ${String(version)}`,
  revision: (number) => `revision ${String(number)}`,
  place: (place) => `now number ${String(place)} in its course`,
  restored: (number) => `brought back from revision ${String(number)}`,
  code: (code) => `code ${String(code)}`,
  percentOff: (percent) => `${String(percent)}% off`,
  maxUses: (uses) => `up to ${countOf(Number(uses), "use")}`,
  timeZone: (zone) =>
    timeZoneWords(String(zone)) === String(zone)
      ? `to ${String(zone)}`
      : `to ${timeZoneWords(String(zone))} (${String(zone)})`,
};

const FILTER_WORDS: Record<string, string> = {
  query: "name or email",
  who: "whose accounts",
  tier: "course",
  programme: "programme begun or not",
  joinedFrom: "joined from",
  joinedTo: "joined until",
  activeFrom: "active from",
  activeTo: "active until",
  dueFrom: "due from",
  dueTo: "due until",
};
const filterWords = (filter: string) => FILTER_WORDS[filter] ?? filter;

/**
 * An entry's detail in the owner's words ("payment reference 9EA962B7 · by card · €27 · reason: Paid
 * by mistake"): the payment as her receipts name it, an amount in its currency, and the reason she gave
 * (a refund's as she chose it, and her own words while they are kept).
 */
export function auditDetailText(
  detail: Record<string, AuditDetailValue>,
  reason: string | null,
  pieceTitle: string | null = null,
): string {
  const { amountMinor, currency, because, kind, piece, ...rest } = detail;
  // A piece of the site's words, as a sentence names it: "the article “oxytocin”".
  const words =
    typeof kind === "string" && typeof piece === "string"
      ? [
          `the ${isPieceKind(kind) ? PIECE_KIND_WORDS[kind].one : kind} ${pieceTitle ? quotedTitle(pieceTitle) : `“${piece}”`}`,
        ]
      : [];
  const parts = [
    ...words,
    ...Object.entries(rest)
      .filter(([key]) => !IN_HEADLINE.has(key))
      .map(([key, value]) =>
        Object.hasOwn(DETAIL_WORDS, key)
          ? DETAIL_WORDS[key]!(value)
          : `${key}: ${Array.isArray(value) ? value.join(", ") || "none" : String(value)}`,
      ),
  ];
  if (typeof amountMinor === "number") {
    parts.push(
      typeof currency === "string"
        ? formatPrice({ amountMinor, currency })
        : `amount: ${(amountMinor / 100).toFixed(2)}`,
    );
  }
  // A refund's reason as she chose it from the studio's list, then what she added in her own words.
  const chosen =
    typeof because === "string"
      ? Object.hasOwn(REFUND_REASON_LABELS, because)
        ? REFUND_REASON_LABELS[because as RefundReason]
        : because
      : null;
  const why = [chosen, reason].filter(Boolean).join(": ");
  if (why) parts.push(`reason: ${why}`);
  return parts.join(" · ");
}
