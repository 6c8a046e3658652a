import type { Submission, SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";
import type { Logger } from "#app/platform/log.server.ts";
import {
  confirmIdentity,
  confirmMessages,
  sendDeletionCode,
  type Claimant,
  type ConfirmDeps,
  type ProofOutcome,
} from "#app/modules/accounts/confirm-identity.server.ts";
import type { Flash } from "#app/modules/site/flash.server.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";
import { birthDateError } from "#app/modules/accounts/baby.ts";
import {
  babyArrivedSchema,
  babyUndoSchema,
  deleteAccountSchema,
  profileNameSchema,
  sendDeletionCodeSchema,
  streakSettingsSchema,
} from "#app/modules/accounts/forms.ts";
import { deleteMember, type DeletionDeps } from "#app/modules/accounts/own-data.server.ts";
import {
  savedDueDate,
  setBabyArrival,
  setStreaksHidden,
} from "#app/modules/program/programme-settings.server.ts";
import { updateFullName } from "#app/modules/accounts/profile.server.ts";
import { authMessages } from "#app/modules/accounts/providers.ts";
import { signOut } from "#app/modules/accounts/sign-in.server.ts";
import { partnerSeatEndedEmail } from "#app/modules/email/templates.ts";
import { partnerToTellOfClosure } from "#app/modules/partner/invite.server.ts";

/**
 * The profile page's own forms: her name, her streak setting, her baby's
 * arrival (and its undoing), a code to prove it's her, and deleting her account.
 */
export const profileFormSchema = z.discriminatedUnion("intent", [
  profileNameSchema,
  streakSettingsSchema,
  babyArrivedSchema,
  babyUndoSchema,
  deleteAccountSchema,
  sendDeletionCodeSchema,
]);

/** A profile form that passed the schema. */
export type ProfileFormSubmission = Extract<
  Submission<z.input<typeof profileFormSchema>, string[], z.output<typeof profileFormSchema>>,
  { status: "success" }
>;

/** What a profile form gets back: its reply, and whether the name was saved or a code went out. */
export interface ProfileFormReply {
  result: SubmissionResult<string[]>;
  saved?: boolean;
  codeSent?: boolean;
  message?: string;
}

/**
 * A reply and its status; or a setting saved (or not), to say on the profile
 * page it goes back to (a plain post works without JavaScript); or the account
 * gone, with the cookies that end its session.
 */
export type ProfileFormAnswer =
  | { reply: ProfileFormReply; status: number; retryAfterSeconds?: number }
  | { settled: Flash }
  | { deleted: true; cookies: string[] };

export type ProfileFormDeps = ConfirmDeps &
  DeletionDeps & {
    log: Logger;
    /** The request's, so deleting the account ends the session that asked. */
    headers: Headers;
    /** Her calendar date, in her time zone: a birth day can't come after it. */
    today: CalendarDate;
    /** For the link in the email that tells her birth partner the seat ended. */
    baseUrl: string;
  };

/** Does what a profile form asks, for the session's member. */
export async function answerProfileForm(
  submission: ProfileFormSubmission,
  who: Claimant,
  deps: ProfileFormDeps,
): Promise<ProfileFormAnswer> {
  const form = submission.value;
  if (form.intent === "update-name") {
    try {
      await updateFullName(deps.db, who.id, form.name);
      return { reply: { result: submission.reply(), saved: true }, status: 200 };
    } catch (error) {
      deps.log.error({ err: error }, "profile update failed");
      const result = submission.reply({ formErrors: [authMessages.profileUpdateFailed] });
      return { reply: { result, saved: false }, status: 500 };
    }
  }
  if (form.intent === "streak-settings") {
    const hidden = form.hideStreaks === "on";
    try {
      await setStreaksHidden(deps.db, who.id, hidden);
      const message = hidden ? authMessages.streaksHidden : authMessages.streaksShown;
      return { settled: { type: "success", message } };
    } catch (error) {
      deps.log.error({ err: error }, "streak setting failed");
      return { settled: { type: "error", message: authMessages.settingFailed } };
    }
  }
  if (form.intent === "baby-arrived") {
    try {
      // A day she can't mean is answered beside the field, and changes nothing.
      const problem = birthDateError(form.bornOn, deps.today, await savedDueDate(deps.db, who.id));
      if (problem) {
        return { reply: { result: submission.reply({ fieldErrors: { bornOn: [problem] } }) }, status: 400 };
      }
      await setBabyArrival(deps.db, who.id, { bornOn: form.bornOn, name: form.babyName || null });
      return { settled: { type: "success", message: authMessages.babyArrived } };
    } catch (error) {
      deps.log.error({ err: error }, "baby's arrival not saved");
      return { settled: { type: "error", message: authMessages.settingFailed } };
    }
  }
  if (form.intent === "undo-baby-arrived") {
    try {
      await setBabyArrival(deps.db, who.id, null);
      return { settled: { type: "success", message: authMessages.babyArrivalUndone } };
    } catch (error) {
      deps.log.error({ err: error }, "baby's arrival not undone");
      return { settled: { type: "error", message: authMessages.settingFailed } };
    }
  }
  if (form.intent === "send-deletion-code") {
    const sent = await sendDeletionCode(deps, who);
    if (!sent.ok) {
      return {
        reply: { result: submission.reply({ formErrors: [sent.message] }), codeSent: false },
        ...refusal(sent),
      };
    }
    const message = confirmMessages.codeSent(who.email);
    return { reply: { result: submission.reply(), codeSent: true, message }, status: 200 };
  }
  // Delete, once the password or the emailed code proves it's her: end the session, remove everything.
  const proof = form.password ? { password: form.password } : { code: form.code ?? "" };
  const proved = await confirmIdentity(deps, who, proof);
  if (!proved.ok) {
    const result = submission.reply({ formErrors: [proved.message], hideFields: ["password"] });
    return { reply: { result }, ...refusal(proved) };
  }
  const ended = await signOut(deps.auth, deps.headers);
  const partner = await partnerToTellOfClosure(deps.db, who.id);
  await deleteMember(deps, who.id);
  // Her birth partner hears that the seat has ended; their own account stays theirs.
  if (partner) {
    await deps.mailer
      .send({
        kind: "partner-seat-ended",
        to: partner.email,
        ...partnerSeatEndedEmail({
          memberFirstName: partner.memberFirstName,
          portalUrl: `${deps.baseUrl}/portal`,
        }),
      })
      .catch((error: unknown) => deps.log.error({ err: error }, "partner not told the seat ended"));
  }
  return { deleted: true, cookies: ended.ok ? ended.cookies : [] };
}

/** A refused proof's status, and over a limit how long to wait. */
function refusal(outcome: Extract<ProofOutcome, { ok: false }>) {
  return outcome.status === 429
    ? { status: 429, retryAfterSeconds: outcome.retryAfterSeconds }
    : { status: outcome.status };
}
