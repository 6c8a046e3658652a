import { redirect } from "react-router";
import type { Route } from "./+types/members-csv";
import { recordAudit } from "#app/modules/studio/audit.server.ts";
import { studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { csvHeader, csvRows } from "#app/modules/studio/member-csv.ts";
import { filtersToParams, parseMemberFilters, usedFilters } from "#app/modules/studio/member-filters.ts";
import { PAGE_SIZE_MAX, searchMembers } from "#app/modules/studio/members.server.ts";
import { requireRecentStudioCheck } from "#app/modules/studio/recent-check.server.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { todayIn } from "#app/modules/program/calendar.ts";
import { db, now } from "#app/request.server.ts";

/** The members page with the same search. */
const membersPage = (url: URL) =>
  `/studio/members?${filtersToParams(parseMemberFilters(url.searchParams).filters)}`;

/**
 * A GET exports nothing (a link, a bookmark, or another site sending her
 * browser here with her cookies): it goes back to the members page, where
 * the export is a button.
 */
export function loader(args: Route.LoaderArgs) {
  throw redirect(membersPage(args.url));
}

/**
 * The members the search (in the address) finds, as CSV: posted from the
 * members page, so only her own page can ask for it (cross-site posts are
 * refused before any route). An export of members' details asks for the
 * second factor again unless it was given minutes ago, and is logged.
 */
export async function action(args: Route.ActionArgs) {
  const owner = args.context.get(studioOwnerContext)!;
  const at = now(args);
  requireRecentStudioCheck(owner, at, membersPage(args.url));
  const { filters } = parseMemberFilters(args.url.searchParams);
  // Her days on her own clock, the file's name too.
  const timeZone = await studioTimeZone(db(args), owner.id);
  let body = csvHeader();
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await searchMembers(db(args), filters, { cursor, limit: PAGE_SIZE_MAX, timeZone });
    body += csvRows(page.members, timeZone);
    count += page.members.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  await recordAudit(
    db(args),
    {
      actorId: owner.id,
      action: "members.exported",
      detail: { count, filters: usedFilters(filters) },
      ip: owner.ip,
    },
    at,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tidewell-members-${todayIn(timeZone, at)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
