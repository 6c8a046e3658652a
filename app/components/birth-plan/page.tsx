import { useEffect, useId, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { BirthPlanIcon } from "#app/components/birth-plan/icons.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FOCUS_AFTER, focusNext, focusSettled, focusTarget } from "#app/components/ui/focus-after.ts";
import { Download, FileText } from "#app/components/ui/icons.tsx";
import { Textarea } from "#app/components/ui/input.tsx";
import type {
  BirthPlanAnswer,
  BirthPlanPageComment,
  BirthPlanPageData,
} from "#app/modules/birth-plan/page.server.ts";
import {
  CHOICE_FIELD,
  chosenIn,
  NOTE_MAX_LENGTH,
  noteField,
  noteIn,
  type BirthPlanContent,
} from "#app/modules/birth-plan/plan.ts";
import {
  BIRTH_PLAN_SECTIONS,
  type BirthPlanChoice,
  type BirthPlanSection,
} from "#app/modules/birth-plan/sections.ts";
import { SectionComments } from "./comments.tsx";
import { BIRTH_PLAN_INTENTS as INTENTS, PLAN_FORM_ID, SAVE_VIA } from "#app/modules/birth-plan/forms.ts";
import { SavedTime } from "./saved-time.tsx";
import { Heading, SheetSection } from "./sheet.tsx";
import { useAutosave, type AutosaveStatus } from "./use-autosave.ts";
import { EarlierVersions, ViewingVersion } from "./versions.tsx";

const PLAN_A = BIRTH_PLAN_SECTIONS.filter((section) => section.plan === "a");
const PLANS_B_AND_C = BIRTH_PLAN_SECTIONS.filter((section) => section.plan !== "a");
const CARD = "rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft";
const CHANGE_INTRO =
  "Births can take a different path, so here you can choose what matters to you for an induction or a caesarean birth too.";

/**
 * The birth preferences page. The member writes her plan here (saved as she goes, and by a plain form without
 * JavaScript), looks back at earlier versions and resolves her birth partner's comments; her partner reads the plan
 * and comments on a section.
 */
export function BirthPlanPage({
  data,
  answer,
  memberKey,
}: {
  data: BirthPlanPageData;
  /** The action's answer to a plain post (an invalid save shows its message here). */
  answer?: BirthPlanAnswer;
  /** The signed-in member's key: her draft on this device is kept under it. */
  memberKey: string;
}) {
  if (data.role === "partner") return <PartnerPage data={data} />;
  // A new save from the server (a restore, a plain save) starts the form afresh from it.
  const key = `${data.plan.number ?? "none"} ${data.plan.savedAt ?? ""}`;
  return <MemberPage key={key} data={data} answer={answer} memberKey={memberKey} />;
}

function PageHeader({ intro, status }: { intro: string; status?: ReactNode }) {
  return (
    <header className="grid gap-3">
      <h1 className="text-3xl font-semibold md:text-4xl">Birth preferences</h1>
      <p className="measure text-lg text-ink-soft">{intro}</p>
      <div className="flex flex-wrap items-center gap-3">
        {/* A file to download, not a page of the app: an ordinary link. */}
        <Button asChild variant="outline" size="sm">
          <a href="/portal/birth-preferences.pdf">
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to="/portal/birth-preferences/print">
            <FileText aria-hidden="true" />
            Print view
          </Link>
        </Button>
      </div>
      {status}
    </header>
  );
}

/** Plan A's sections, then plans B and C under "If things change", each drawn by `card` at its heading level. */
function PlanSections({ card }: { card: (section: BirthPlanSection, level: 2 | 3) => ReactNode }) {
  return (
    <>
      <div className="grid gap-6">{PLAN_A.map((section) => card(section, 2))}</div>
      <section aria-labelledby="plan-change-heading" className="grid gap-6">
        <div>
          <h2 id="plan-change-heading" className="text-2xl font-semibold md:text-3xl">
            If things change
          </h2>
          <p className="mt-1 measure text-ink-soft">{CHANGE_INTRO}</p>
        </div>
        {PLANS_B_AND_C.map((section) => card(section, 3))}
      </section>
    </>
  );
}

/** The comments on each section, by section id. */
function commentsBySection(comments: BirthPlanPageComment[]) {
  const bySection = new Map<string, BirthPlanPageComment[]>();
  for (const comment of comments) {
    bySection.set(comment.sectionId, [...(bySection.get(comment.sectionId) ?? []), comment]);
  }
  return (sectionId: string) => bySection.get(sectionId) ?? [];
}

function MemberPage({
  data,
  answer,
  memberKey,
}: {
  data: BirthPlanPageData;
  answer?: BirthPlanAnswer;
  memberKey: string;
}) {
  const { status, restored } = useAutosave({
    formId: PLAN_FORM_ID,
    memberKey,
    serverSavedAt: data.plan.savedAt,
  });
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENTS.save;
  // After Save (its button is disabled while it goes), focus goes to the page's word on the save.
  useEffect(() => {
    if (navigation.state === "idle") focusSettled(FOCUS_AFTER.birthPlanSave);
  }, [navigation.state]);
  const invalid = answer?.kind === "invalid" ? answer : null;
  const errors = invalid?.errors ?? {};
  const commentsOn = commentsBySection(data.comments);

  const card = (section: BirthPlanSection, level: 2 | 3) => (
    <section key={section.id} className={CARD}>
      <SectionFields
        section={section}
        content={data.plan.content}
        level={level}
        error={errors[noteField(section.id)]}
      />
      <SectionComments
        section={section}
        comments={commentsOn(section.id)}
        reader="member"
        herFirstName={data.herFirstName}
        level={level === 2 ? 3 : 4}
      />
    </section>
  );

  return (
    <div className="container-page grid gap-8 py-8 md:py-12">
      <PageHeader
        intro="Choose what matters to you, section by section. Everything is saved as you go, and your midwife can read it at a glance."
        status={<SaveStatus status={status} savedAt={data.plan.savedAt} restored={restored} />}
      />

      {data.viewing ? <ViewingVersion viewing={data.viewing} herFirstName={data.herFirstName} /> : null}

      {invalid ? (
        <div ref={focusTarget(FOCUS_AFTER.birthPlanSave)}>
          <Alert tone="error">
            <p>{invalid.message}</p>
            {errors[CHOICE_FIELD] && errors[CHOICE_FIELD] !== invalid.message ? (
              <p>{errors[CHOICE_FIELD]}</p>
            ) : null}
          </Alert>
        </div>
      ) : null}

      {/*
       * The form's controls sit in the section cards below (each names this form), because a section's comments,
       * each with a small form of its own, come between them and forms can't be nested.
       */}
      <PlanSections card={card} />

      <Form
        id={PLAN_FORM_ID}
        method="post"
        preventScrollReset
        onSubmit={() => focusNext(FOCUS_AFTER.birthPlanSave)}
        className="flex flex-wrap items-center gap-4 rounded-[var(--radius-card)] border border-line bg-sand/60 p-5"
      >
        <input type="hidden" name="intent" value={INTENTS.save} />
        <input type="hidden" name="via" value={SAVE_VIA.form} />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save my preferences"}
        </Button>
        <p className="text-sm text-ink-soft">Your changes save as you go. This saves them now.</p>
      </Form>

      <EarlierVersions versions={data.versions} current={data.plan.number} />
    </div>
  );
}

/** Where her plan stands, said politely beside the heading: saving, saved, kept on this device, or why not. */
function SaveStatus({
  status,
  savedAt,
  restored,
}: {
  status: AutosaveStatus;
  savedAt: string | null;
  restored: boolean;
}) {
  let text: ReactNode = null;
  if (status.kind === "idle") {
    text = savedAt ? (
      <>
        Last saved <SavedTime iso={savedAt} />
      </>
    ) : null;
  } else if (status.kind === "saving") {
    text = "Saving…";
  } else if (status.kind === "saved") {
    text = (
      <>
        Saved at <SavedTime iso={status.savedAt} clock />
      </>
    );
  } else if (status.kind === "offline") {
    text = "Saved on this device. It will be saved to your account when you're back online.";
  } else if (status.kind === "failed") {
    text = "Saved on this device. Your account couldn't take it just now, so we'll try again in a moment.";
  } else {
    text = status.message;
  }
  return (
    // Always in the page, so a screen reader hears each change of it.
    <div
      ref={focusTarget(FOCUS_AFTER.birthPlanSave)}
      role="status"
      aria-live="polite"
      className="min-h-7 text-[0.95rem] text-ink-soft"
    >
      {restored ? (
        <p>We put back changes you made on this device that hadn't reached your account yet.</p>
      ) : null}
      {text ? (
        <p className={status.kind === "refused" ? "font-medium text-danger" : undefined}>{text}</p>
      ) : null}
    </div>
  );
}

/** A section of the editor: its choices as tick boxes and her note, grouped under the section's title. */
function SectionFields({
  section,
  content,
  level,
  error,
}: {
  section: BirthPlanSection;
  content: BirthPlanContent;
  level: 2 | 3;
  /** What was wrong with her note, after a plain save. */
  error?: string;
}) {
  const introId = useId();
  const chosen = new Set(chosenIn(content, section.id).map((choice) => choice.id));
  return (
    <fieldset aria-describedby={introId}>
      <legend>
        <Heading level={level} className="text-2xl font-semibold">
          {section.title}
        </Heading>
      </legend>
      <p id={introId} className="mt-1 measure text-ink-soft">
        {section.intro}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {section.choices.map((choice) => (
          <li key={choice.id}>
            <ChoiceBox choice={choice} checked={chosen.has(choice.id)} />
          </li>
        ))}
      </ul>
      <div className="mt-5">
        <NoteField section={section} defaultValue={noteIn(content, section.id)} error={error} />
      </div>
    </fieldset>
  );
}

function ChoiceBox({ choice, checked }: { choice: BirthPlanChoice; checked: boolean }) {
  const id = useId();
  const explanationId = `${id}-explained`;
  return (
    // The whole card is the label's to click (its ::after covers it); the tick says chosen, not only the colour.
    <div className="relative flex h-full items-start gap-3 rounded-2xl border border-line bg-white p-4 transition-colors duration-200 hover:border-sage has-checked:border-sage-deep has-checked:bg-sage-soft">
      <input
        id={id}
        type="checkbox"
        form={PLAN_FORM_ID}
        name={CHOICE_FIELD}
        value={choice.id}
        defaultChecked={checked}
        aria-describedby={explanationId}
        className="relative z-10 mt-0.5 tick-box shrink-0 cursor-pointer"
      />
      <div className="grid gap-1">
        <label
          htmlFor={id}
          className="flex cursor-pointer items-start gap-2 font-medium after:absolute after:inset-0 after:rounded-2xl after:content-['']"
        >
          <BirthPlanIcon name={choice.icon} className="size-6 shrink-0 text-plum" />
          <span>{choice.label}</span>
        </label>
        <p id={explanationId} className="text-sm text-ink-soft">
          {choice.explanation}
        </p>
      </div>
    </div>
  );
}

function NoteField({
  section,
  defaultValue,
  error,
}: {
  section: BirthPlanSection;
  defaultValue: string;
  error?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-[0.95rem] font-medium">
        Your note
        {/* Heard once, as the field's name; "optional" is for the eye, like every field here. */}
        <span aria-hidden="true" className="font-normal text-ink-soft">
          {" "}
          (optional)
        </span>
      </label>
      <Textarea
        id={id}
        form={PLAN_FORM_ID}
        name={noteField(section.id)}
        defaultValue={defaultValue}
        maxLength={NOTE_MAX_LENGTH}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className="text-sm text-ink-soft">
        Anything else about {section.title.toLowerCase()}, in your own words. Up to{" "}
        {NOTE_MAX_LENGTH.toLocaleString("en-GB")} characters.
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Her birth partner's page: her plan, read only, section by section, each with its comments and a way to add one. */
function PartnerPage({ data }: { data: BirthPlanPageData }) {
  const name = data.herFirstName;
  const commentsOn = commentsBySection(data.comments);
  const card = (section: BirthPlanSection, level: 2 | 3) => {
    const chosen = chosenIn(data.plan.content, section.id);
    const note = noteIn(data.plan.content, section.id);
    return (
      <section key={section.id} aria-labelledby={`section-${section.id}`} className={CARD}>
        <Heading level={level} id={`section-${section.id}`} className="text-2xl font-semibold">
          {section.title}
        </Heading>
        <div className="mt-3">
          {chosen.length > 0 || note ? (
            <SheetSection summary={{ section, chosen, note }} level={level} showTitle={false} />
          ) : (
            <p className="text-ink-soft">Nothing chosen here yet.</p>
          )}
        </div>
        <SectionComments
          section={section}
          comments={commentsOn(section.id)}
          reader="partner"
          herFirstName={name}
          level={level === 2 ? 3 : 4}
        />
      </section>
    );
  };
  return (
    <div className="container-page grid gap-8 py-8 md:py-12">
      <PageHeader
        intro={`${name}'s birth preferences. You can read them and leave a comment on any section for ${name} to see.`}
      />
      <PlanSections card={card} />
    </div>
  );
}
