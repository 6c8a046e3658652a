import { Form, Link } from "react-router";
import type { Route } from "./+types/members";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Field } from "~/components/ui/field.tsx";
import { Input } from "~/components/ui/input.tsx";
import {
  filtersToParams,
  MEMBER_FILTER_PARAMS,
  parseMemberFilters,
} from "~/modules/studio/member-filters.ts";
import { searchMembers } from "~/modules/studio/members.server.ts";
import { db } from "~/services.server.ts";
import { Pager, StudioTable, STUDIO_LINK } from "~/components/studio/studio-table.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Members · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const { filters, errors } = parseMemberFilters(args.url.searchParams);
  const cursor = args.url.searchParams.get("after") ?? undefined;
  const page = await searchMembers(db(args), filters, { cursor });
  const params = filtersToParams(filters);
  const next = page.nextCursor ? `?${new URLSearchParams([...params, ["after", page.nextCursor]])}` : null;
  return {
    filters,
    errors,
    page,
    next,
    exportAction: `/studio/members.csv?${params}`,
    paged: Boolean(cursor),
  };
}

const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : "—");

export default function StudioMembers({ loaderData }: Route.ComponentProps) {
  const { filters, errors, page, next, exportAction, paged } = loaderData;
  const names = MEMBER_FILTER_PARAMS;
  const dateField = (id: keyof typeof names, label: string, value: string | undefined) => (
    <Field id={id} label={label}>
      {(a11y) => <Input type="date" name={names[id]} defaultValue={value ?? ""} {...a11y} />}
    </Field>
  );
  return (
    <>
      <h1 className="text-3xl font-semibold">Members</h1>
      <Form method="get" className="mt-6 grid gap-4 rounded-2xl border border-ink/10 bg-white p-4">
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <Field id="query" label="Email or name">
            {(a11y) => (
              <Input type="search" name={names.query} defaultValue={filters.query ?? ""} {...a11y} />
            )}
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
      {errors.length > 0 ? (
        <Alert tone="error" className="mt-4">
          <ul>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
        <p role="status" className="text-ink-soft">
          {page.total.toLocaleString("en-GB")} {page.total === 1 ? "member" : "members"}
        </p>
        {/* A post, as the browser sends a form (the answer is a file to save): a link or another site can't ask. */}
        <Form method="post" action={exportAction} reloadDocument>
          <button type="submit" className={`${STUDIO_LINK} cursor-pointer`}>
            Export these as CSV
          </button>
        </Form>
      </div>
      {page.members.length === 0 ? (
        <p className="mt-4 text-ink-soft">No member matches.</p>
      ) : (
        <StudioTable
          caption="Members, newest first"
          columns={["Member", "Tier", "Joined", "Last active", "Due"]}
          className="mt-2"
        >
          {page.members.map((member) => (
            <tr key={member.id} className="border-b border-ink/5 last:border-0">
              <td className="px-4 py-2">
                <Link
                  to={`/studio/members/${member.id}`}
                  className="font-medium text-plum underline underline-offset-4"
                >
                  {member.name || member.email}
                </Link>
                {member.name ? <span className="block text-sm text-ink-soft">{member.email}</span> : null}
              </td>
              <td className="px-4 py-2 capitalize">{member.role === "owner" ? "owner" : member.tier}</td>
              <td className="px-4 py-2 whitespace-nowrap">{day(member.joinedAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{day(member.lastActiveAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap">
                {member.dueDate ? day(`${member.dueDate}T00:00:00Z`) : "—"}
              </td>
            </tr>
          ))}
        </StudioTable>
      )}
      <Pager first={paged ? `?${filtersToParams(filters)}` : null} next={next} />
    </>
  );
}
