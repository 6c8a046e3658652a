import type { SubmissionResult } from "@conform-to/react";
import type { Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { addressKey, hitLimits, limitKey, type LimitRule } from "#app/platform/rate-limit.server.ts";
import { firstName } from "#app/modules/people/display.ts";
import type { Mailer } from "#app/modules/email/outbox.server.ts";
import { partnerInvitationEmail } from "#app/modules/email/templates.ts";
import { todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";
import type { Flash } from "#app/modules/site/flash.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { PARTNER_SEAT_INTENTS, partnerInviteSchema, partnerSeatMessages } from "./forms.ts";
import { INVITATION_DAYS } from "./invitation.ts";
import {
  cancelInvitation,
  invitePartner,
  leaveAsPartner,
  memberIdOf,
  partnerIdOf,
  removePartner,
  waitingInvitation,
} from "./seat.server.ts";

/**
 * The member's side of the partner seat, as her profile page posts it: invite
 * her birth partner by email, cancel the invitation while it waits, remove her
 * partner. Each answers with a message for her profile page, or with what was
 * wrong beside the email field.
 */

/** Invitations one member can send in a day: enough to correct a typo or two, too few to mail strangers. */
export const INVITATION_LIMIT: LimitRule = { limit: 5, windowSeconds: 24 * 60 * 60 };
/**
 * Invitations from one client address in a day, whichever members send them: a household or a class
 * on one network is well within it; accounts made by the dozen to mail strangers are not.
 */
export const INVITATION_IP_LIMIT: LimitRule = { limit: 20, windowSeconds: 24 * 60 * 60 };

export interface PartnerSeatDeps {
  db: Db;
  mailer: Pick<Mailer, "send">;
  log: Logger;
  /** The signed-in member: only her own invitation and partner are ever touched. */
  member: { id: string; email: string; name: string };
  /** Where the request comes from (the client's IP), for the limit per address. */
  clientIp: string;
  baseUrl: string;
  now: Date;
}

export type PartnerSeatAnswer = Flash | { reply: { result: SubmissionResult<string[]> }; status: number };

export async function answerPartnerSeatForm(
  formData: FormData,
  deps: PartnerSeatDeps,
): Promise<PartnerSeatAnswer> {
  const intent = String(formData.get("intent"));
  try {
    if (intent === PARTNER_SEAT_INTENTS.cancel) return await cancel(deps);
    if (intent === PARTNER_SEAT_INTENTS.remove) return await remove(deps);
    if (intent === PARTNER_SEAT_INTENTS.leave) return await leave(deps);
    return await invite(formData, deps);
  } catch (error) {
    deps.log.error({ err: error, intent }, "partner seat not changed");
    return { type: "error", message: partnerSeatMessages.failed };
  }
}

async function invite(formData: FormData, deps: PartnerSeatDeps): Promise<PartnerSeatAnswer> {
  const submission = parseSubmission(formData, partnerInviteSchema);
  if (submission.status !== "success") return { reply: { result: submission.reply() }, status: 400 };
  const { db, member, now } = deps;
  const address = submission.value.email;
  const limit = await hitLimits(
    db,
    [
      { key: limitKey("partner-invitation", member.id), rule: INVITATION_LIMIT },
      { key: addressKey("partner-invitation:ip", deps.clientIp), rule: INVITATION_IP_LIMIT },
    ],
    now.getTime(),
  );
  if (!limit.allowed) return { type: "error", message: partnerSeatMessages.tooMany };

  const outcome = await invitePartner(db, member, address, now);
  if (!outcome.ok) {
    if (outcome.reason === "own-address") {
      return {
        reply: { result: submission.reply({ fieldErrors: { email: [partnerSeatMessages.ownAddress] } }) },
        status: 400,
      };
    }
    return {
      type: "error",
      message:
        outcome.reason === "is-a-partner" ? partnerSeatMessages.isAPartner : partnerSeatMessages.hasPartner,
    };
  }

  const content = partnerInvitationEmail({
    memberName: member.name,
    url: `${deps.baseUrl}/partner/join/${outcome.token}`,
    days: INVITATION_DAYS,
  });
  try {
    // False when the address has had all the email we send for now: she hears that it went all the
    // same (the email module's rule), so the form tells no one how much an address has received.
    await deps.mailer.send({ kind: "partner-invitation", to: address, about: member.email, ...content });
  } catch (error) {
    deps.log.error({ err: error }, "partner invitation not queued");
    // Her page shouldn't say an invitation waits that was never sent.
    await cancelInvitation(db, member.id, now).catch(() => undefined);
    return { type: "error", message: partnerSeatMessages.notSent };
  }
  return { type: "success", message: partnerSeatMessages.sent(address) };
}

async function cancel({ db, member, now }: PartnerSeatDeps): Promise<Flash> {
  if (!(await waitingInvitation(db, member.id, now))) {
    return { type: "info", message: partnerSeatMessages.nothingWaiting };
  }
  await cancelInvitation(db, member.id, now);
  return { type: "success", message: partnerSeatMessages.cancelled };
}

async function remove({ db, member }: PartnerSeatDeps): Promise<Flash> {
  const partnerId = await partnerIdOf(db, member.id);
  const name = partnerId ? await partnerFirstName(db, partnerId) : null;
  if (!(await removePartner(db, member.id))) return { type: "info", message: partnerSeatMessages.noPartner };
  return { type: "success", message: partnerSeatMessages.removed(name ?? "Your partner") };
}

async function leave({ db, member }: PartnerSeatDeps): Promise<Flash> {
  const memberId = await memberIdOf(db, member.id);
  const name = memberId ? await partnerFirstName(db, memberId) : null;
  if (!(await leaveAsPartner(db, member.id)))
    return { type: "info", message: partnerSeatMessages.notAPartner };
  return { type: "success", message: partnerSeatMessages.left(name ?? "their") };
}

async function partnerFirstName(db: Db, partnerId: string): Promise<string | null> {
  const row = await db.selectFrom("user").select("name").where("id", "=", partnerId).executeTakeFirst();
  return row ? firstName(row.name) : null;
}

/** Her partner seat as her profile page shows it; or, for a partner's account, whose partner it is. */
export interface PartnerSeat {
  partner: { firstName: string } | null;
  /** This account is the birth partner of the member named. */
  partnerOf: { firstName: string } | null;
  waiting: {
    email: string;
    /** When the link stops working, as an ISO instant. */
    expiresAt: string;
    /** The day it stops working, in her time zone. */
    expiresOn: CalendarDate;
  } | null;
}

export async function partnerSeatFor(
  db: Db,
  memberId: string,
  now: Date,
  timeZone = "UTC",
): Promise<PartnerSeat> {
  const [partnerId, ofMemberId] = await Promise.all([partnerIdOf(db, memberId), memberIdOf(db, memberId)]);
  if (partnerId) {
    return {
      partner: { firstName: (await partnerFirstName(db, partnerId)) ?? "Your partner" },
      partnerOf: null,
      waiting: null,
    };
  }
  if (ofMemberId) {
    return {
      partner: null,
      partnerOf: { firstName: (await partnerFirstName(db, ofMemberId)) ?? "A member" },
      waiting: null,
    };
  }
  const waiting = await waitingInvitation(db, memberId, now);
  return {
    partner: null,
    partnerOf: null,
    waiting: waiting
      ? {
          email: waiting.email,
          expiresAt: waiting.expiresAt.toISOString(),
          expiresOn: todayIn(timeZone, waiting.expiresAt),
        }
      : null,
  };
}

/** Her partner's address and her first name, to tell them the seat ended when she closes her account. */
export async function partnerToTellOfClosure(
  db: Db,
  memberId: string,
): Promise<{ email: string; memberFirstName: string } | null> {
  const row = await db
    .selectFrom("partner_links")
    .innerJoin("user as partner", "partner.id", "partner_links.partner_id")
    .innerJoin("user as member", "member.id", "partner_links.user_id")
    .select(["partner.email as email", "member.name as memberName"])
    .where("partner_links.user_id", "=", memberId)
    .executeTakeFirst();
  return row ? { email: row.email, memberFirstName: firstName(row.memberName) } : null;
}
