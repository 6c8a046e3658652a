import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { Baby } from "#app/components/ui/icons.tsx";
import type { BabyArrival } from "#app/modules/accounts/baby.ts";
import { babyArrivedSchema } from "#app/modules/accounts/forms.ts";
import type { ProfileFormReply } from "#app/modules/profile/forms.server.ts";
import { formatLongDate } from "#app/modules/calendar/dates.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";

const INTENT = "baby-arrived";
const UNDO = "undo-baby-arrived";

/**
 * "My baby has arrived": the day and, if she likes, the name. Plain posts, so
 * they work without JavaScript: the server answers with her profile page again
 * and a message, or with what was wrong beside the field. Undo clears both.
 */
export function BabyArrivalSetting({
  baby,
  dates,
}: {
  baby: BabyArrival | null;
  /** The days the picker offers: from the earliest taken to her today. */
  dates: { min: string; max: string };
}) {
  // Started afresh whenever what is saved changes, so the fields show it (or nothing, once undone).
  return <ArrivalForms key={baby ? `${baby.bornOn} ${baby.name ?? ""}` : "none"} baby={baby} dates={dates} />;
}

function ArrivalForms({ baby, dates }: { baby: BabyArrival | null; dates: { min: string; max: string } }) {
  // The page answers each of its forms; only an answer to this one is shown here.
  const answer = useActionData<Partial<ProfileFormReply>>();
  const lastResult = answer?.result?.initialValue?.intent === INTENT ? answer.result : undefined;
  const [form, fields] = useForm({
    id: "baby-arrived",
    lastResult,
    defaultValue: { bornOn: baby?.bornOn, babyName: baby?.name ?? undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, babyArrivedSchema),
  });
  const navigation = useNavigation();
  const posting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <section
      aria-labelledby="baby-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="baby-heading" className="flex scroll-mt-24 items-center gap-2 text-2xl font-semibold">
        <Baby aria-hidden="true" className="size-6 text-plum" /> My baby has arrived
      </h2>
      <p className="mt-2 measure text-ink-soft">
        {baby
          ? `Congratulations. ${baby.name ?? "Your baby"} was born on ${formatLongDate(baby.bornOn)}, and your portal has changed to suit these early days. You can correct the day or the name here.`
          : "When your baby is here, tell us the day, and their name if you'd like. Your portal will change to suit life with a newborn: no countdown and no streaks, just the sessions whenever you want them."}
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-5 grid gap-4 sm:max-w-md">
        <input type="hidden" name="intent" value={INTENT} />
        <InputField
          field={fields.bornOn}
          type="date"
          label="Date of birth"
          hint="The day on your own calendar."
          min={dates.min}
          max={dates.max}
        />
        <InputField
          field={fields.babyName}
          type="text"
          label={
            <>
              Baby's name <span className="font-normal text-ink-soft">(optional)</span>
            </>
          }
          autoComplete="off"
        />
        <div>
          <Button type="submit" disabled={posting(INTENT)}>
            {posting(INTENT) ? "Saving..." : baby ? "Save changes" : "Share the news"}
          </Button>
        </div>
      </Form>
      {baby ? (
        <Form method="post" preventScrollReset className="mt-6 grid gap-3 border-t border-line pt-5">
          <input type="hidden" name="intent" value={UNDO} />
          <p className="text-sm text-ink-soft">
            Not arrived yet, or marked by mistake? Undo it and your portal goes back to how it was.
          </p>
          <div>
            <Button type="submit" variant="outline" disabled={posting(UNDO)}>
              {posting(UNDO) ? "Undoing..." : "Undo"}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
