import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseSubmission } from "~/modules/site/form-submission.ts";
import { Award, Flame, Headphones, Sparkles, Trophy } from "~/components/ui/icons.tsx";
import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster.tsx";
import * as z from "zod/mini";
import type { Route } from "./+types/profile";
import { Button } from "~/components/ui/button.tsx";
import { Field } from "~/components/ui/field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { OwnData, type OwnDataResult } from "~/components/portal/own-data.tsx";
import {
  confirmIdentity,
  confirmMessages,
  hasPassword,
  sendDeletionCode,
} from "~/modules/accounts/confirm-identity.server.ts";
import { deleteAccountSchema, profileNameSchema, sendDeletionCodeSchema } from "~/modules/accounts/forms.ts";
import { deleteMember } from "~/modules/accounts/own-data.server.ts";
import { updateFullName } from "~/modules/accounts/profile.server.ts";
import { authMessages } from "~/modules/accounts/providers.ts";
import { signOut } from "~/modules/accounts/sign-in.server.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { redirectWithFlash } from "~/modules/site/flash.server.ts";
import {
  claimant,
  confirmDeps,
  db,
  memberToday,
  requestLog,
  services,
  signedInMember,
} from "~/services.server.ts";
import { DueDateEditor } from "~/components/program/due-date-editor.tsx";
import { ShareLinkButton } from "~/components/program/share-link-button.tsx";
import { useProgrammeAction } from "~/components/program/use-programme-action.ts";
import { shareLinkCreatedAt } from "~/modules/partner/share.server.ts";
import { handleProgrammeAction } from "~/modules/program/actions.server.ts";
import { formatLongDate, formatShortDate } from "~/modules/program/calendar.ts";
import { achievements, currentStreak, dayCount, type Achievement } from "~/modules/program/practice.ts";
import { loadProgramme } from "~/modules/program/program.server.ts";
import { pregnancyWeek, weeksRemaining } from "~/modules/program/program.ts";

export function meta() {
  return [{ title: `Your profile · ${BRAND.name}` }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const today = memberToday(args);
  const programme = await loadProgramme(db(args), member.id, today);
  const streak = currentStreak(programme.practice, today);
  return {
    fullName: member.fullName,
    email: member.email,
    date: {
      label: programme.isInduction ? "Induction date" : "Due date",
      text: `${formatLongDate(programme.dueDate)}${programme.hasSavedDate ? "" : " (Default Schedule)"}`,
    },
    stats: {
      completedSessions: programme.completedAudios,
      streak,
      longestStreak: programme.practice.longest,
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
      weeksRemaining: weeksRemaining(programme.dueDate, today),
    },
    achievements: achievements(programme.completedAudios, programme.practice.longest),
    partnerLinkSince: await shareLinkCreatedAt(db(args), member.id),
    hasPassword: await hasPassword(db(args), member.id),
  };
}

const profileActionSchema = z.discriminatedUnion("intent", [
  profileNameSchema,
  deleteAccountSchema,
  sendDeletionCodeSchema,
]);
const PROGRAMME_INTENTS = new Set(["update-date", "create-share-link", "revoke-share-link"]);

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const { database, auth, flash, env } = services(args);
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
  const submission = parseSubmission(formData, profileActionSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), saved: false }, { status: 400 });
  }
  if (submission.value.intent === "update-name") {
    try {
      await updateFullName(database.db, member.id, submission.value.name);
      return { result: submission.reply(), saved: true };
    } catch (error) {
      requestLog(args).error({ err: error }, "profile update failed");
      return data(
        { result: submission.reply({ formErrors: [authMessages.profileUpdateFailed] }), saved: false },
        { status: 500 },
      );
    }
  }
  const proving = { deps: confirmDeps(args), who: claimant(args) };
  if (submission.value.intent === "send-deletion-code") {
    const sent = await sendDeletionCode(proving.deps, proving.who);
    if (!sent.ok) {
      return data<OwnDataResult>(
        { result: submission.reply({ formErrors: [sent.message] }), codeSent: false },
        { status: sent.status },
      );
    }
    return data<OwnDataResult>({
      result: submission.reply(),
      codeSent: true,
      message: confirmMessages.codeSent(member.email),
    });
  }
  // Delete, once the password or the emailed code proves it's her: end the session, remove everything.
  const { password, code } = submission.value;
  const proved = await confirmIdentity(
    proving.deps,
    proving.who,
    password ? { password } : { code: code ?? "" },
  );
  if (!proved.ok) {
    return data<OwnDataResult>(
      { result: submission.reply({ formErrors: [proved.message], hideFields: ["password"] }) },
      { status: proved.status },
    );
  }
  const ended = await signOut(auth, args.request.headers);
  await deleteMember({ database, dataDir: env.DATA_DIR }, member.id);
  return redirectWithFlash(
    flash,
    "/",
    { type: "success", message: authMessages.accountDeleted },
    ended.ok ? ended.cookies : [],
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  return (
    <section className="container-page grid max-w-4xl gap-8 py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your profile</h1>
      <section
        aria-labelledby="journey-heading"
        className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
      >
        <h2 id="journey-heading" className="text-2xl font-semibold">
          Your journey
        </h2>
        <div className="mt-4">
          <DueDateEditor label={loaderData.date.label} dateText={loaderData.date.text} />
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat
            icon={<Headphones aria-hidden="true" className="size-5" />}
            label="Completed sessions"
            value={stats.completedSessions}
          />
          <Stat
            icon={<Flame aria-hidden="true" className="size-5" />}
            label="Current streak"
            value={stats.streak > 0 ? dayCount(stats.streak) : "Not yet"}
            note={stats.streak > 0 ? undefined : "Begins with today's practice"}
          />
          <Stat
            icon={<Trophy aria-hidden="true" className="size-5" />}
            label="Longest streak"
            value={stats.longestStreak > 0 ? dayCount(stats.longestStreak) : "Not yet"}
          />
          <Stat
            icon={<Award aria-hidden="true" className="size-5" />}
            label="Weeks to go"
            value={stats.weeksRemaining}
            note={`Week ${stats.pregnancyWeek} of pregnancy`}
          />
        </dl>
      </section>
      <Achievements items={loaderData.achievements} />
      <PartnerLink since={loaderData.partnerLinkSince} />
      <ProfileSettings fullName={loaderData.fullName} email={loaderData.email} />
      <OwnData email={loaderData.email} hasPassword={loaderData.hasPassword} />
    </section>
  );
}

function Stat({
  icon,
  label,
  value,
  note,
}: {
  icon: React.ReactNode;
  label: string;
  value: string | number;
  note?: string;
}) {
  return (
    <div className="rounded-2xl bg-sand p-4">
      <dt className="flex items-center gap-2 text-sm text-ink-soft">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 font-serif text-2xl font-semibold">{value}</dd>
      {note ? <dd className="text-sm text-ink-soft">{note}</dd> : null}
    </div>
  );
}

function Achievements({ items }: { items: Achievement[] }) {
  const earned = items.filter((item) => item.unlocked);
  const [next, ...later] = items.filter((item) => !item.unlocked);
  return (
    <section
      aria-labelledby="achievements-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="achievements-heading" className="text-2xl font-semibold">
        Achievements
      </h2>
      {earned.length === 0 ? (
        <p className="mt-2 text-ink-soft">
          Each one marks a step you have taken. Your first is one session away.
        </p>
      ) : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {earned.map((item) => (
          <li key={item.id} className="flex items-center gap-3 rounded-2xl bg-apricot-soft p-4">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-apricot text-ink">
              <Trophy aria-hidden="true" className="size-5" />
            </span>
            <AchievementText item={item} />
          </li>
        ))}
        {next ? (
          <li className="flex items-center gap-3 rounded-2xl border border-dashed border-line p-4 text-ink-soft">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-sand text-plum">
              <Sparkles aria-hidden="true" className="size-5" />
            </span>
            <AchievementText item={next} ahead />
          </li>
        ) : null}
      </ul>
      {later.length > 0 ? (
        <details className="mt-3 text-ink-soft">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-plum">
            What comes after
          </summary>
          <ul className="mt-2 grid gap-1 pl-1">
            {later.map((entry) => (
              <li key={entry.id}>
                <span className="font-medium text-ink">{entry.title}</span>: {entry.description.toLowerCase()}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function AchievementText({ item, ahead = false }: { item: Achievement; ahead?: boolean }) {
  return (
    <span>
      <span className="block font-semibold text-ink">
        {ahead ? <span className="font-normal text-ink-soft">Next: </span> : null}
        {item.title}
      </span>
      <span className="block text-sm">
        {item.description}
        <span className="sr-only">{item.unlocked ? " (earned)" : " (ahead of you)"}</span>
      </span>
    </span>
  );
}

function PartnerLink({ since }: { since: string | null }) {
  const revoke = useProgrammeAction();
  return (
    <section
      aria-labelledby="partner-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="partner-heading" className="text-2xl font-semibold">
        Your birth partner's link
      </h2>
      <p className="mt-2 text-ink-soft">
        A private, read-only page showing your streak and this week's practice, with tips for them. It never
        shows your email or your dates.
      </p>
      {since ? (
        <p className="mt-3 font-medium">A link is active, made on {formatShortDate(since.slice(0, 10))}.</p>
      ) : (
        <p className="mt-3 font-medium">There is no active link.</p>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <ShareLinkButton label={since ? "Make a new link" : "Create a partner link"} />
        {since ? (
          <revoke.fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke-share-link" />
            <Button type="submit" variant="ghost" disabled={revoke.pending}>
              Turn off the link
            </Button>
          </revoke.fetcher.Form>
        ) : null}
      </div>
    </section>
  );
}

type ProfileActionData = Awaited<ReturnType<typeof action>>;

function ProfileSettings({ fullName, email }: { fullName: string; email: string }) {
  const fetcher = useFetcher<ProfileActionData>();
  const result = fetcher.data && "result" in fetcher.data ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: "profile-settings",
    lastResult: fetcher.state === "idle" ? result?.result : undefined,
    defaultValue: { name: fullName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, profileNameSchema),
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.saved) toast.success(authMessages.profileUpdated);
    else if (result.result.error?.[""]) toast.error(authMessages.profileUpdateFailed);
  }, [fetcher.state, result]);

  return (
    <section
      aria-labelledby="settings-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="settings-heading" className="text-2xl font-semibold">
        Profile settings
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-5 grid gap-4">
        <input type="hidden" name="intent" value="update-name" />
        <Field id={fields.name.id} label="Full name" errors={fields.name.errors}>
          {(a11y) => (
            <Input
              {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
              {...a11y}
              autoComplete="name"
            />
          )}
        </Field>
        <Field id="profile-email" label="Email" hint="Email cannot be changed. Contact support if needed.">
          {(a11y) => <Input {...a11y} type="email" value={email} readOnly />}
        </Field>
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
