import type { AuditAction, AuditDetailValue } from "./audit.server.ts";

/** What each audit entry says it was, in the studio's words. */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  "owner.created": "Owner made on the command line",
  "owner.two-factor-enrolled": "Authenticator set up",
  "owner.two-factor-reset": "Authenticator removed on the command line",
  "owner.passkey-added": "Passkey added",
  "owner.passkey-removed": "Passkey removed",
  "studio.second-factor": "Second factor completed",
  "studio.second-factor-failed": "Second factor refused",
  "member.premium-granted": "Premium granted",
  "member.premium-revoked": "Premium taken back",
  "member.sign-in-link-sent": "Sign-in link sent",
  "member.deleted": "Account deleted",
  "member.role-changed": "Role changed",
  "members.exported": "Members exported",
  "purchase.refunded": "Purchase refunded",
  "contact.replied": "Contact message answered",
  "contact.archived": "Conversation archived",
  "contact.unarchived": "Conversation moved to the inbox",
  "contact.marked-unread": "Conversation marked as unread",
};

/**
 * An entry's detail as the studio shows it ("purchase: … · amount: 27.00 EUR · provider: stripe"):
 * lists joined, an amount in its currency, and the reason the owner gave while it is kept.
 */
export function auditDetailText(detail: Record<string, AuditDetailValue>, reason: string | null): string {
  const { amountMinor, currency, ...rest } = detail;
  const parts = Object.entries(rest).map(
    ([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") || "none" : String(value)}`,
  );
  if (typeof amountMinor === "number") {
    parts.push(
      `amount: ${(amountMinor / 100).toFixed(2)} ${typeof currency === "string" ? currency : ""}`.trim(),
    );
  }
  if (reason) parts.push(`reason: ${reason}`);
  return parts.join(" · ");
}
