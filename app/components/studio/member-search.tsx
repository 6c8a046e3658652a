import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { STUDIO_LINK } from "#app/components/studio/studio-table.tsx";
import { MEMBER_FILTER_PARAMS, type MemberFilters } from "#app/modules/studio/member-filters.ts";

/** The members search: part of an address or a name, the tier, and (folded away unless used) dates. */
export function MemberSearch({ filters }: { filters: MemberFilters }) {
  const names = MEMBER_FILTER_PARAMS;
  const dateField = (id: keyof typeof names, label: string, value: string | undefined) => (
    <Field id={id} label={label}>
      {(a11y) => <Input type="date" name={names[id]} defaultValue={value ?? ""} {...a11y} />}
    </Field>
  );
  return (
    <Form method="get" className="mt-6 grid gap-4 rounded-2xl border border-ink/10 bg-white p-4">
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <Field id="query" label="Email or name">
          {(a11y) => <Input type="search" name={names.query} defaultValue={filters.query ?? ""} {...a11y} />}
        </Field>
        <Field id="tier" label="Tier">
          {(a11y) => (
            <select
              name={names.tier}
              defaultValue={filters.tier ?? ""}
              className="block min-h-12 w-full rounded-xl border border-ink/25 bg-white px-4 text-ink"
              {...a11y}
            >
              <option value="">All</option>
              <option value="free">Free</option>
              <option value="premium">Premium</option>
            </select>
          )}
        </Field>
      </div>
      <details
        className="group"
        open={Boolean(
          filters.joinedFrom ||
          filters.joinedTo ||
          filters.activeFrom ||
          filters.activeTo ||
          filters.dueFrom ||
          filters.dueTo,
        )}
      >
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-plum">
          More filters: dates
        </summary>
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
