import { data } from "react-router";
import type { Route } from "./+types/profile";
import { DeviceStorage } from "~/components/offline/device-storage.tsx";
import { OwnData } from "~/components/portal/own-data.tsx";
import { Achievements } from "~/components/profile/achievements.tsx";
import { BabyArrivalSetting } from "~/components/profile/baby-arrival.tsx";
import { Journey } from "~/components/profile/journey.tsx";
import { PartnerLink } from "~/components/profile/partner-link.tsx";
import { ProfileSettings } from "~/components/profile/profile-settings.tsx";
import { answerProfileForm, profileFormSchema } from "~/modules/accounts/profile-forms.server.ts";
import { authMessages } from "~/modules/accounts/providers.ts";
import { handleProgrammeAction } from "~/modules/program/actions.server.ts";
import { profileOverview } from "~/modules/program/profile-overview.server.ts";
import { BRAND } from "~/modules/site/brand.ts";
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

export function meta() {
  return [{ title: `Your profile · ${BRAND.name}` }];
}

export function loader(args: Route.LoaderArgs) {
  return profileOverview(db(args), signedInMember(args), memberToday(args));
}

/** The date editor and the partner link post the programme's forms, answered as on its own pages. */
const PROGRAMME_INTENTS = new Set(["update-date", "create-share-link", "revoke-share-link"]);

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const { database, flash, env } = services(args);
  const formData = await args.request.formData();
  if (PROGRAMME_INTENTS.has(String(formData.get("intent")))) {
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
  return data(answer.reply, { status: answer.status });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page grid max-w-4xl gap-8 py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your profile</h1>
      <Journey date={loaderData.date} stats={loaderData.stats} />
      <BabyArrivalSetting baby={loaderData.baby} dates={loaderData.birthDates} />
      <Achievements items={loaderData.achievements} />
      <PartnerLink since={loaderData.partnerLinkSince} />
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
