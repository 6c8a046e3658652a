import type { Auth } from "#app/modules/accounts/auth.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { deleteMember, type DeletionDeps } from "#app/modules/accounts/own-data.server.ts";
import { setAccountRole } from "#app/modules/accounts/owner-role.server.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import { sendMagicLink } from "#app/modules/accounts/sign-in.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit, recordAuditWithReason } from "./audit.server.ts";
import { thenTo, type MemberForm, type StudioFormAnswer } from "./forms.ts";
import { isOwner, MEMBER_ROLE, OWNER_ROLE } from "./gate.ts";
import { requireRecentStudioCheck } from "./recent-check.server.ts";
import type { StudioOwner } from "./studio.server.ts";

/**
 * What an owner can do to a member's account from the studio. Each action is
 * written to the audit log; bad input changes nothing and says why.
 */
type ActionResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/** Sign-in links an owner may send in an hour: each is an email. */
const SIGN_IN_LINKS_PER_HOUR = 20;

async function accountOf(db: Db, memberId: string) {
  return db
    .selectFrom("user")
    .leftJoin("member_access", "member_access.user_id", "user.id")
    .select(["user.id", "user.email", "user.role", "member_access.subscription_tier as tier"])
    .where("user.id", "=", memberId)
    .executeTakeFirst();
}

const NO_SUCH_MEMBER: ActionResult = { ok: false, status: 404, message: "There is no such member." };

/**
 * Does what a member page's form asks. A role is a way into the studio, and
 * a deletion can't be undone: both ask for the second factor again first,
 * unless she gave it minutes ago (and come back to her page once she has).
 */
export async function answerMemberForm(
  deps: DeletionDeps & { auth: Auth },
  owner: StudioOwner,
  memberId: string,
  form: MemberForm,
  now: Date,
): Promise<StudioFormAnswer> {
  const db = deps.database.db;
  const here = `/studio/members/${memberId}`;
  switch (form.intent) {
    case "grant-premium":
    case "revoke-premium":
      return thenTo(
        here,
        await changePremium(db, owner, memberId, form.intent === "grant-premium", form.reason, now),
      );
    case "make-owner":
    case "make-member":
      requireRecentStudioCheck(owner, now, here);
      return thenTo(
        here,
        await changeRole(db, owner, memberId, form.intent === "make-owner" ? OWNER_ROLE : MEMBER_ROLE, now),
      );
    case "sign-in-link":
      return thenTo(here, await sendSignInLink({ auth: deps.auth, db }, owner, memberId, now));
    case "delete":
      requireRecentStudioCheck(owner, now, here);
      if (!form.confirm) return { ok: false, status: 400, message: "Tick the box to confirm the deletion." };
      // Her page is gone: back to the members.
      return thenTo("/studio/members", await deleteMemberAccount(deps, owner, memberId, now));
  }
}

/** Grants premium (the whole course) or takes it back, with the owner's reason (as the form's schema read it). */
async function changePremium(
  db: Db,
  owner: StudioOwner,
  memberId: string,
  grant: boolean,
  reason: string,
  now: Date,
): Promise<ActionResult> {
  const member = await accountOf(db, memberId);
  if (!member) return NO_SUCH_MEMBER;
  const tier = grant ? "premium" : "free";
  if ((member.tier ?? "free") === tier) {
    return {
      ok: false,
      status: 409,
      message: grant ? "She has premium already." : "She has no premium to take back.",
    };
  }
  await setSubscriptionTier(db, memberId, tier, now.toISOString());
  await recordAuditWithReason(
    db,
    {
      actorId: owner.id,
      action: grant ? "member.premium-granted" : "member.premium-revoked",
      subjectId: memberId,
      ip: owner.ip,
    },
    reason,
    now,
  );
  return { ok: true, message: grant ? "Premium granted." : "Premium taken back." };
}

/** Emails the member a sign-in link, as the sign-in page would. */
async function sendSignInLink(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  memberId: string,
  now: Date,
): Promise<ActionResult> {
  const member = await accountOf(deps.db, memberId);
  if (!member) return NO_SUCH_MEMBER;
  const limit = await hitLimit(deps.db, limitKey("studio-sign-in-link", owner.id), {
    limit: SIGN_IN_LINKS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const headers = new Headers({ [CLIENT_IP_HEADER]: owner.ip ?? "studio" });
  const sent = await sendMagicLink(deps.auth, headers, member.email);
  if (!sent.ok) return { ok: false, status: sent.status, message: sent.message };
  await recordAudit(
    deps.db,
    { actorId: owner.id, action: "member.sign-in-link-sent", subjectId: memberId, ip: owner.ip },
    now,
  );
  return { ok: true, message: "Sign-in link sent." };
}

/** Deletes the member's account completely, as she can herself. An owner's account is not deleted from here. */
async function deleteMemberAccount(
  deps: DeletionDeps,
  owner: StudioOwner,
  memberId: string,
  now: Date,
): Promise<ActionResult> {
  const member = await accountOf(deps.database.db, memberId);
  if (!member) return NO_SUCH_MEMBER;
  if (isOwner(member.role)) {
    return { ok: false, status: 403, message: "An owner's account can't be deleted from the studio." };
  }
  await deleteMember(deps, memberId);
  await recordAudit(
    deps.database.db,
    { actorId: owner.id, action: "member.deleted", subjectId: memberId, ip: owner.ip },
    now,
  );
  return { ok: true, message: "The account is deleted." };
}

/**
 * Makes a member an owner, or an owner a member again. An owner can't take her own role away (the
 * studio would lock her out mid-change); the command line is there for that.
 */
async function changeRole(
  db: Db,
  owner: StudioOwner,
  memberId: string,
  role: typeof OWNER_ROLE | typeof MEMBER_ROLE,
  now: Date,
): Promise<ActionResult> {
  if (memberId === owner.id) {
    return { ok: false, status: 403, message: "You can't change your own role from the studio." };
  }
  const changed = await setAccountRole(db, memberId, role, now);
  if (!changed) return NO_SUCH_MEMBER;
  if (changed.from === role) {
    return {
      ok: false,
      status: 409,
      message:
        role === OWNER_ROLE ? "This account is an owner's already." : "This account is a member's already.",
    };
  }
  await recordAudit(
    db,
    {
      actorId: owner.id,
      action: "member.role-changed",
      subjectId: memberId,
      detail: { from: isOwner(changed.from) ? OWNER_ROLE : MEMBER_ROLE, to: role },
      ip: owner.ip,
    },
    now,
  );
  return {
    ok: true,
    message:
      role === OWNER_ROLE
        ? "Now an owner: the studio asks this account to set up its own authenticator."
        : "A member again: the studio is closed to this account.",
  };
}
