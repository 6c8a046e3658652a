import { data } from "react-router";
import type { Route } from "./+types/profile";
import { DeviceStorage } from "~/components/offline/device-storage.tsx";
import { OwnData } from "~/components/portal/own-data.tsx";
import { Achievements } from "~/components/profile/achievements.tsx";
import { BabyArrivalSetting } from "~/components/profile/baby-arrival.tsx";
import { Journey } from "~/components/profile/journey.tsx";
import { CalendarFeed } from "~/components/profile/calendar-feed.tsx";
import { HerJourney } from "~/components/partner/her-journey.tsx";
import { PartnerLink } from "~/components/profile/partner-link.tsx";
import { PartnerSeat } from "~/components/profile/partner-seat.tsx";
import { ReminderSettings } from "~/components/profile/reminder-settings.tsx";
import { ProfileSettings } from "~/components/profile/profile-settings.tsx";
import { answerProfileForm, profileFormSchema } from "~/modules/accounts/profile-forms.server.ts";
import { authMessages } from "~/modules/accounts/providers.ts";
import { isPartnerSeatIntent } from "~/modules/partner/forms.ts";
import { HER_PREGNANCY_REFUSAL, isHerPregnancyIntent } from "~/modules/partner/her-pregnancy.ts";
import { herViewFor } from "~/modules/partner/portal.server.ts";
import { answerPartnerSeatForm, partnerSeatFor } from "~/modules/partner/invite.server.ts";
import { handleProgrammeAction } from "~/modules/program/actions.server.ts";
import { profileOverview } from "~/modules/program/profile-overview.server.ts";
import { calendarFeedUrlFor } from "~/modules/reminders/calendar-feed.server.ts";
import { CALENDAR_FEED_INTENTS, REMINDER_INTENT } from "~/modules/reminders/forms.ts";
import { reminderKeys } from "~/modules/reminders/reminders.server.ts";
import {
  answerCalendarFeedForm,
  answerReminderForm,
  reminderSettings,
} from "~/modules/reminders/settings.server.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { retryAfterHeaders, withRetryAfter } from "~/modules/site/retry-after.ts";
import { redirectWithFlash } from "~/modules/site/flash.server.ts";
import { parseSubmission } from "~/modules/site/form-submission.ts";
import {
  claimant,
  confirmDeps,
  db,
  memberToday,
  requestLog,
  services,
  signedInMember,
} from "~/services.server.ts";

export const headers = withRetryAfter;

export function meta() {
  return [{ title: `Your profile · ${BRAND.name}` }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const { env, push, secret, clock } = services(args);
  const [overview, reminders, calendarUrl, partnerSeat, her] = await Promise.all([
    profileOverview(db(args), member, memberToday(args)),
    reminderSettings(db(args), member.id),
    calendarFeedUrlFor(db(args), member.id, env.BASE_URL, reminderKeys(secret).calendar),
    partnerSeatFor(db(args), member.id, clock.now(), member.timeZone),
    // A birth partner's profile shows her journey, from the same view as their dashboard.
    member.isPartner ? herViewFor(db(args), member, clock.now()) : null,
  ]);
  return { ...overview, reminders, calendarUrl, partnerSeat, her, pushKey: push.publicKey };
}

/** The date editor and the partner link post the programme's forms, answered as on its own pages. */
const PROGRAMME_INTENTS = new Set(["update-date", "create-share-link", "revoke-share-link"]);

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const { database, flash, env } = services(args);
  const formData = await args.request.formData();
  const intent = String(formData.get("intent"));
  // Her dates, her baby's arrival and her link are hers to change, not her partner's.
  if (member.isPartner && isHerPregnancyIntent(intent)) {
    return redirectWithFlash(flash, "/portal/profile", { type: "error", message: HER_PREGNANCY_REFUSAL });
  }
  if (isPartnerSeatIntent(intent)) {
    const answer = await answerPartnerSeatForm(formData, {
      db: database.db,
      mailer: services(args).mailer,
      log: requestLog(args),
      member: { id: member.id, email: member.email, name: member.fullName },
      clientIp: claimant(args).ip,
      baseUrl: env.BASE_URL,
      now: services(args).clock.now(),
    });
    if ("reply" in answer) return data(answer.reply, { status: answer.status });
    return redirectWithFlash(flash, "/portal/profile", answer);
  }
  if (intent === REMINDER_INTENT) {
    const answer = await answerReminderForm(formData, {
      db: database.db,
      log: requestLog(args),
      userId: member.id,
      now: services(args).clock.now(),
    });
    if ("settled" in answer) return redirectWithFlash(flash, "/portal/profile", answer.settled);
    return data(answer.reply, { status: answer.status });
  }
  if (intent === CALENDAR_FEED_INTENTS.on || intent === CALENDAR_FEED_INTENTS.off) {
    const settled = await answerCalendarFeedForm(intent, {
      key: reminderKeys(services(args).secret).calendar,
      db: database.db,
      log: requestLog(args),
      userId: member.id,
    });
    return redirectWithFlash(flash, "/portal/profile", settled);
  }
  if (PROGRAMME_INTENTS.has(intent)) {
    const result = await handleProgrammeAction(formData, {
      db: database.db,
      log: requestLog(args),
      member,
      today: memberToday(args),
      baseUrl: env.BASE_URL,
    });
    return data(result, { status: result.status });
  }
  const submission = parseSubmission(formData, profileFormSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), saved: false }, { status: 400 });
  }
  const answer = await answerProfileForm(submission, claimant(args), {
    ...confirmDeps(args),
    database,
    dataDir: env.DATA_DIR,
    log: requestLog(args),
    headers: args.request.headers,
    today: memberToday(args),
    baseUrl: env.BASE_URL,
  });
  if ("settled" in answer) return redirectWithFlash(flash, "/portal/profile", answer.settled);
  if ("deleted" in answer) {
    return redirectWithFlash(
      flash,
      "/",
      { type: "success", message: authMessages.accountDeleted },
      answer.cookies,
    );
  }
  return data(answer.reply, { status: answer.status, headers: retryAfterHeaders(answer.retryAfterSeconds) });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page grid max-w-4xl gap-8 py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your profile</h1>
      {/* A birth partner's profile: her journey, read only, and none of the forms about her pregnancy. */}
      {loaderData.her ? (
        <HerJourney her={loaderData.her} variant="profile" />
      ) : (
        <>
          <Journey date={loaderData.date} stats={loaderData.stats} />
          <BabyArrivalSetting baby={loaderData.baby} dates={loaderData.birthDates} />
          <Achievements items={loaderData.achievements} />
        </>
      )}
      {/* Reminders, the calendar and the read-only link follow her own programme and dates. */}
      {loaderData.her ? null : (
        <>
          <ReminderSettings
            settings={loaderData.reminders}
            email={loaderData.email}
            pushKey={loaderData.pushKey}
          />
          <CalendarFeed url={loaderData.calendarUrl} />
        </>
      )}
      <PartnerSeat seat={loaderData.partnerSeat} />
      {loaderData.her ? null : <PartnerLink since={loaderData.partnerLinkSince} />}
      <DeviceStorage />
      <ProfileSettings
        fullName={loaderData.fullName}
        email={loaderData.email}
        hideStreaks={loaderData.hideStreaks}
      />
      <OwnData email={loaderData.email} hasPassword={loaderData.hasPassword} />
    </section>
  );
}
