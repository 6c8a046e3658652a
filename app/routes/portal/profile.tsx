import { data } from "react-router";
import type { Route } from "./+types/profile";
import { DeviceStorage } from "#app/components/offline/device-storage.tsx";
import { OwnData } from "#app/components/portal/own-data.tsx";
import { Achievements } from "#app/components/profile/achievements.tsx";
import { BabyArrivalSetting } from "#app/components/profile/baby-arrival.tsx";
import { Journey } from "#app/components/profile/journey.tsx";
import { CalendarFeed } from "#app/components/profile/calendar-feed.tsx";
import { HerJourney } from "#app/components/partner/her-journey.tsx";
import { PartnerLink } from "#app/components/profile/partner-link.tsx";
import { PartnerSeat } from "#app/components/profile/partner-seat.tsx";
import { ReminderSettings } from "#app/components/profile/reminder-settings.tsx";
import { ProfileSettings } from "#app/components/profile/profile-settings.tsx";
import { answerProfilePageForm, profilePage } from "#app/modules/profile/page.server.ts";
import { reminderKeys } from "#app/modules/reminders/reminders.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { retryAfterHeaders, withRetryAfter } from "#app/modules/site/retry-after.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import {
  claimant,
  confirmDeps,
  db,
  memberToday,
  requestLog,
  services,
  signedInMember,
} from "#app/request.server.ts";

export const headers = withRetryAfter;

export function meta() {
  return [{ title: `Your profile · ${BRAND.name}` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { env, push, secret, clock } = services(args);
  const page = await profilePage(
    { db: db(args), baseUrl: env.BASE_URL, calendarKey: reminderKeys(secret).calendar, now: clock.now() },
    signedInMember(args),
    memberToday(args),
  );
  return { ...page, pushKey: push.publicKey };
}

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const { database, env, secret, clock, flash } = services(args);
  const answer = await answerProfilePageForm(await args.request.formData(), member, claimant(args), {
    ...confirmDeps(args),
    database,
    dataDir: env.DATA_DIR,
    log: requestLog(args),
    headers: args.request.headers,
    today: memberToday(args),
    baseUrl: env.BASE_URL,
    now: clock.now(),
    calendarKey: reminderKeys(secret).calendar,
  });
  if ("flash" in answer) return redirectWithFlash(flash, answer.to, answer.flash, answer.cookies);
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
