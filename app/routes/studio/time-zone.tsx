import { data, useNavigation } from "react-router";
import type { Route } from "./+types/time-zone";
import { useStudioClock } from "#app/components/studio/studio-clock.tsx";
import { TimeZoneForm } from "#app/components/studio/time-zone-form.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { readStudioForm, timeZoneForms } from "#app/modules/studio/forms.ts";
import { answerTimeZoneForm } from "#app/modules/studio/settings.server.ts";
import { db, services, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Time zone · Tidewell Studio" }];

/** Saves the studio's time zone: the zone every studio time is shown in, for this owner. */
export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const formData = await args.request.formData();
  const typed = formData.get("timeZone");
  const read = readStudioForm(formData, timeZoneForms);
  const answer = read.ok
    ? await answerTimeZoneForm(db(args), owner, read.form, now(args))
    : { ok: false as const, status: 400, message: read.message };
  if (!answer.ok) {
    return data(
      { error: answer.message, typed: typeof typed === "string" ? typed : "" },
      { status: answer.status },
    );
  }
  return redirectWithFlash(services(args).flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioTimeZone({ actionData }: Route.ComponentProps) {
  const clock = useStudioClock();
  const navigation = useNavigation();
  if (!clock) return null;
  return (
    <TimeZoneForm
      // A new form once the zone changes: the box shows the zone saved.
      key={clock.timeZone}
      clock={clock}
      error={actionData?.error ?? null}
      typed={actionData?.typed ?? null}
      saving={navigation.state === "submitting"}
    />
  );
}
