import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ChevronDown } from "#app/components/ui/icons.tsx";
import type { BirthPlanPageData } from "#app/modules/birth-plan/page.server.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { BIRTH_PLAN_INTENTS as INTENTS } from "#app/modules/birth-plan/forms.ts";
import { SavedTime } from "./saved-time.tsx";
import { BirthPlanSheet } from "./sheet.tsx";

const PAGE = "/portal/birth-preferences";

/** A plain post that makes a new version with an earlier one's content; nothing is lost by it. */
function RestoreVersion({ number }: { number: number }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === INTENTS.restore &&
    navigation.formData.get("version") === String(number);
  return (
    <Form method="post" action={PAGE}>
      <input type="hidden" name="intent" value={INTENTS.restore} />
      <input type="hidden" name="version" value={number} />
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        {pending ? "Restoring…" : `Restore version ${number}`}
      </Button>
    </Form>
  );
}

/**
 * Her earlier versions, newest first: when each was saved, what it held, and a way to look at one or restore it.
 * The version she has now is not listed (it is the form below). Folded away: most visits don't need it.
 */
export function EarlierVersions({
  versions,
  current,
}: {
  versions: BirthPlanPageData["versions"];
  /** The number of the version she has now, left out of the list. */
  current: number | null;
}) {
  const earlier = versions.filter((version) => version.number !== current);
  if (earlier.length === 0) return null;
  return (
    <details className="group rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft">
      {/* Its own chevron: a flex summary loses the browser's marker. */}
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-serif text-xl font-semibold [&::-webkit-details-marker]:hidden">
        Earlier versions ({earlier.length})
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <p className="mt-2 measure text-ink-soft">
        Each time you come back to your plan, the one before is kept. Restoring one keeps your plan as it is
        now as a version too.
      </p>
      <ol className="mt-4 grid gap-3">
        {earlier.map((version) => (
          <li
            key={version.number}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 py-3"
          >
            <div>
              <p className="font-medium">
                Version {version.number} · <SavedTime iso={version.savedAt} />
              </p>
              <p className="text-sm text-ink-soft">
                {countOf(version.choices, "choice")}, {countOf(version.notes, "note")}
                {version.restoredFrom !== null ? ` · Restored from version ${version.restoredFrom}` : ""}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Link to={`${PAGE}?version=${version.number}`} className="inline-flex min-h-11 items-center">
                Look at it<span className="sr-only">: version {version.number}</span>
              </Link>
              <RestoreVersion number={version.number} />
            </div>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** An earlier version she asked to look at (`?version=N`): read only, above her plan as it is now. */
export function ViewingVersion({
  viewing,
  herFirstName,
}: {
  viewing: NonNullable<BirthPlanPageData["viewing"]>;
  herFirstName: string;
}) {
  return (
    <section
      aria-labelledby="viewing-version-heading"
      className="grid gap-5 rounded-[var(--radius-card)] border-2 border-lavender bg-lavender-soft p-6 shadow-soft"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="viewing-version-heading" className="text-2xl font-semibold">
            You're looking at version {viewing.number}
          </h2>
          <p className="mt-1 text-ink-soft">This is how your plan was then. Your plan now is below.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <RestoreVersion number={viewing.number} />
          <Link to={PAGE} className="inline-flex min-h-11 items-center">
            Back to your plan now
          </Link>
        </div>
      </div>
      <div className="rounded-2xl bg-white/80 p-5">
        <BirthPlanSheet content={viewing.content} herFirstName={herFirstName} variant="inline" />
      </div>
    </section>
  );
}
