import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import type { ProfileFormReply } from "#app/modules/profile/forms.server.ts";
import { PARTNER_SEAT_INTENTS, partnerInviteSchema } from "#app/modules/partner/forms.ts";
import { INVITATION_DAYS } from "#app/modules/partner/invitation.ts";
import type { PartnerSeat as Seat } from "#app/modules/partner/invite.server.ts";
import { formatLongDate } from "#app/modules/calendar/dates.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";

/**
 * Her birth partner's own account: invite them by email, cancel the
 * invitation while it waits, or remove them. Plain posts, so they work
 * without JavaScript: the server answers with her profile page and a message,
 * or with what was wrong beside the email field.
 */
export function PartnerSeat({ seat }: { seat: Seat }) {
  // Started afresh whenever the seat changes, so a sent address doesn't stay in the field.
  const key = seat.partner
    ? `partner ${seat.partner.firstName}`
    : seat.partnerOf
      ? `partner of ${seat.partnerOf.firstName}`
      : seat.waiting
        ? `waiting ${seat.waiting.email} ${seat.waiting.expiresAt}`
        : "open";
  return <SeatForms key={key} seat={seat} />;
}

function SeatForms({ seat }: { seat: Seat }) {
  const navigation = useNavigation();
  const posting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <section
      aria-labelledby="partner-seat-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="partner-seat-heading" className="text-2xl font-semibold">
        {seat.partnerOf ? "Your partner seat" : "Your birth partner's account"}
      </h2>
      <p className="mt-2 measure text-ink-soft">
        {seat.partnerOf
          ? `Your account is linked to ${seat.partnerOf.firstName}'s, with your own listening and progress. You see her week and how her practice is going, never her email or her dates.`
          : "Your birth partner can have an account of their own, linked to yours, with their own listening and progress. It never shows them your email or your dates. The read-only link below stays for anyone who'd rather not have an account."}
      </p>
      {seat.partnerOf ? (
        <Form method="post" preventScrollReset className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value={PARTNER_SEAT_INTENTS.leave} />
          <p className="font-medium">You're {seat.partnerOf.firstName}'s birth partner.</p>
          <div>
            <Button type="submit" variant="outline" disabled={posting(PARTNER_SEAT_INTENTS.leave)}>
              {posting(PARTNER_SEAT_INTENTS.leave)
                ? "Leaving..."
                : `Stop being ${seat.partnerOf.firstName}'s partner`}
            </Button>
          </div>
        </Form>
      ) : seat.partner ? (
        <Form method="post" preventScrollReset className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value={PARTNER_SEAT_INTENTS.remove} />
          <p className="font-medium">{seat.partner.firstName} is your birth partner.</p>
          <div>
            <Button type="submit" variant="outline" disabled={posting(PARTNER_SEAT_INTENTS.remove)}>
              {posting(PARTNER_SEAT_INTENTS.remove) ? "Removing..." : `Remove ${seat.partner.firstName}`}
            </Button>
          </div>
        </Form>
      ) : seat.waiting ? (
        <Form method="post" preventScrollReset className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value={PARTNER_SEAT_INTENTS.cancel} />
          <p className="font-medium">
            Invitation sent to <span className="break-all">{seat.waiting.email}</span>. It works until{" "}
            {formatLongDate(seat.waiting.expiresOn)}.
          </p>
          <p className="text-sm text-ink-soft">
            If it hasn't arrived, ask them to look in their spam folder. To send it to another address, cancel
            this one first.
          </p>
          <div>
            <Button type="submit" variant="outline" disabled={posting(PARTNER_SEAT_INTENTS.cancel)}>
              {posting(PARTNER_SEAT_INTENTS.cancel) ? "Cancelling..." : "Cancel invitation"}
            </Button>
          </div>
        </Form>
      ) : (
        <InviteForm sending={posting(PARTNER_SEAT_INTENTS.invite)} />
      )}
    </section>
  );
}

function InviteForm({ sending }: { sending: boolean }) {
  // The page answers each of its forms; only an answer to this one is shown here.
  const answer = useActionData<Partial<ProfileFormReply>>();
  const lastResult =
    answer?.result?.initialValue?.intent === PARTNER_SEAT_INTENTS.invite ? answer.result : undefined;
  const [form, fields] = useForm({
    id: "partner-invite-form",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, partnerInviteSchema),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-5 grid gap-4 sm:max-w-md">
      <input type="hidden" name="intent" value={PARTNER_SEAT_INTENTS.invite} />
      <InputField
        field={fields.email}
        type="email"
        label="Your birth partner's email"
        hint={`We'll send them a link to join. It works once, for ${INVITATION_DAYS} days.`}
        autoComplete="off"
        spellCheck={false}
      />
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Send invitation"}
        </Button>
      </div>
    </Form>
  );
}
