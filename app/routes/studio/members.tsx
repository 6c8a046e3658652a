import { Form, Link } from "react-router";
import type { Route } from "./+types/members";
import { MemberSearch } from "#app/components/studio/member-search.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { nounFor } from "#app/modules/words/plural.ts";
import { filtersToParams, parseMemberFilters } from "#app/modules/studio/member-filters.ts";
import { searchMembers } from "#app/modules/studio/members.server.ts";
import { studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { COURSE_ACCESS_WORDS } from "#app/modules/studio/figures.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { db, now } from "#app/request.server.ts";
import { Pager, StudioTable, STUDIO_LINK } from "#app/components/studio/studio-table.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Members · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const { filters, errors } = parseMemberFilters(args.url.searchParams);
  const cursor = args.url.searchParams.get("after") ?? undefined;
  // Her days: a member who joined at 00:30 her time joined that day.
  const timeZone = await studioTimeZone(db(args), args.context.get(studioOwnerContext)!.id);
  const page = await searchMembers(db(args), filters, { cursor, now: now(args), timeZone });
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

/** Whose accounts the list shows, by the "Show" filter. */
const SHOWN = { members: "member", partners: "birth partner", owners: "studio owner" } as const;

export default function StudioMembers({ loaderData }: Route.ComponentProps) {
  const { filters, errors, page, next, exportAction, paged } = loaderData;
  const when = useStudioTime();
  const day = (at: string | null) => when(at, { dayOnly: true });
  return (
    <>
      <h1 className="text-3xl font-semibold">Members</h1>
      <MemberSearch filters={filters} />
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
          {page.total.toLocaleString("en-GB")} {nounFor(page.total, SHOWN[filters.who ?? "members"])}
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
          columns={["Member", "Course", "Joined", "Last active", "Due"]}
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
              <td className="px-4 py-2">{COURSE_ACCESS_WORDS[member.access]}</td>
              <td className="px-4 py-2 whitespace-nowrap">{day(member.joinedAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{day(member.lastActiveAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{day(member.dueDate)}</td>
            </tr>
          ))}
        </StudioTable>
      )}
      <Pager first={paged ? `?${filtersToParams(filters)}` : null} next={next} />
    </>
  );
}
