import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { STUDIO_LINK } from "#app/components/studio/studio-table.tsx";
import { COURSE_ACCESS_WORDS } from "#app/modules/studio/figures.ts";
import { MEMBER_FILTER_PARAMS, type MemberFilters } from "#app/modules/studio/member-filters.ts";

const SELECT = "block min-h-12 w-full rounded-xl border border-ink/25 bg-white px-4 text-ink";

/**
 * The members search: part of an address or a name, the course, the programme,
 * and (folded away unless used) whose accounts and dates. Each choice is a
 * figure of the overview's, counted the same way.
 */
export function MemberSearch({ filters }: { filters: MemberFilters }) {
  const names = MEMBER_FILTER_PARAMS;
  const select = (
    id: "who" | "tier" | "programme",
    label: string,
    options: [value: string, words: string][],
  ) => (
    <Field id={id} label={label}>
      {(a11y) => (
        <select name={names[id]} defaultValue={filters[id] ?? ""} className={SELECT} {...a11y}>
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const dateField = (id: keyof typeof names, label: string, value: string | undefined) => (
    <Field id={id} label={label}>
      {(a11y) => <Input type="date" name={names[id]} defaultValue={value ?? ""} {...a11y} />}
    </Field>
  );
  return (
    <Form method="get" className="mt-6 grid gap-4 rounded-2xl border border-ink/10 bg-white p-4">
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <Field id="query" label="Email or name">
          {(a11y) => <Input type="search" name={names.query} defaultValue={filters.query ?? ""} {...a11y} />}
        </Field>
        {select("tier", "Course", [
          ["", "Any"],
          ["paid", COURSE_ACCESS_WORDS.paid],
          ["given", COURSE_ACCESS_WORDS.given],
          ["course", "Has the course (paid or given)"],
          ["free", COURSE_ACCESS_WORDS.free],
        ])}
        {select("programme", "Programme", [
          ["", "Any"],
          ["begun", "Began the programme"],
          ["not-begun", "Not begun yet"],
        ])}
      </div>
      <details
        className="group"
        open={Boolean(
          filters.who ||
          filters.joinedFrom ||
          filters.joinedTo ||
          filters.activeFrom ||
          filters.activeTo ||
          filters.dueFrom ||
          filters.dueTo,
        )}
      >
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-plum">
          More filters: accounts and dates
        </summary>
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {select("who", "Show", [
            ["", "Members"],
            ["partners", "Birth partners"],
            ["owners", "Studio owners"],
          ])}
          {dateField("joinedFrom", "Joined from", filters.joinedFrom)}
          {dateField("joinedTo", "Joined up to", filters.joinedTo)}
          {dateField("activeFrom", "Last active from", filters.activeFrom)}
          {dateField("activeTo", "Last active up to", filters.activeTo)}
          {dateField("dueFrom", "Due from", filters.dueFrom)}
          {dateField("dueTo", "Due up to", filters.dueTo)}
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Search</Button>
        <Link to="/studio/members" className={STUDIO_LINK}>
          Clear
        </Link>
      </div>
    </Form>
  );
}
