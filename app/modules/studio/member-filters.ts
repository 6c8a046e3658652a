import { isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * The studio's members search, as the address bar carries it: what an owner
 * typed and picked, read into filters the server applies. Pure: the page's
 * form and links use it too.
 */

export type MemberTier = "free" | "premium";

export interface MemberFilters {
  /** Part of an email address or a name, trimmed; matched case-insensitively, as typed (no wildcards). */
  query?: string;
  tier?: MemberTier;
  /** Signed up on or after this day (UTC). */
  joinedFrom?: CalendarDate;
  /** Signed up on or before this day (UTC), the whole day included. */
  joinedTo?: CalendarDate;
  /** Last active (her latest session) on or after this day (UTC). */
  activeFrom?: CalendarDate;
  /** Last active on or before this day (UTC), the whole day included. */
  activeTo?: CalendarDate;
  /** Due on or after this day. */
  dueFrom?: CalendarDate;
  /** Due on or before this day. */
  dueTo?: CalendarDate;
}

/** The address's parameter for each filter: the form's field names and the links' too. */
export const MEMBER_FILTER_PARAMS = {
  query: "q",
  tier: "tier",
  joinedFrom: "joinedFrom",
  joinedTo: "joinedTo",
  activeFrom: "activeFrom",
  activeTo: "activeTo",
  dueFrom: "dueFrom",
  dueTo: "dueTo",
} as const satisfies Record<keyof MemberFilters, string>;

const QUERY_MAX_LENGTH = 100;

const TIERS: readonly MemberTier[] = ["free", "premium"];

/** The three ranges, each with the words its errors use. */
const RANGES = [
  { from: "joinedFrom", to: "joinedTo", label: "Joined" },
  { from: "activeFrom", to: "activeTo", label: "Last active" },
  { from: "dueFrom", to: "dueTo", label: "Due" },
] as const;

/**
 * Reads the filters from an address's parameters. Anything that doesn't read
 * (an unknown tier, a date that isn't one, a range that ends before it starts)
 * is left out, with one plain sentence for the owner saying why; the rest
 * still apply. Empty fields are no filter at all.
 */
export function parseMemberFilters(params: URLSearchParams): { filters: MemberFilters; errors: string[] } {
  const filters: MemberFilters = {};
  const errors: string[] = [];
  const read = (key: keyof MemberFilters) => params.get(MEMBER_FILTER_PARAMS[key])?.trim() ?? "";

  const query = read("query");
  if (query.length > QUERY_MAX_LENGTH) {
    errors.push(`Search for at most ${QUERY_MAX_LENGTH} characters of a name or an email address.`);
  } else if (query) {
    filters.query = query;
  }

  const tier = read("tier").toLowerCase();
  if ((TIERS as readonly string[]).includes(tier)) filters.tier = tier as MemberTier;
  else if (tier && tier !== "all") errors.push("Tier must be free or premium.");

  for (const { from, to, label } of RANGES) {
    const start = readDate(read(from), `${label} from`, errors);
    const end = readDate(read(to), `${label} to`, errors);
    if (start && end && start > end) {
      errors.push(`${label}: the "from" date (${start}) is after the "to" date (${end}).`);
      continue;
    }
    if (start) filters[from] = start;
    if (end) filters[to] = end;
  }
  return { filters, errors };
}

/** A day as YYYY-MM-DD, or undefined (with an error when something else was given). */
function readDate(value: string, field: string, errors: string[]): CalendarDate | undefined {
  if (!value) return undefined;
  if (isCalendarDate(value)) return value;
  // (The guard narrows `value` to nothing here: CalendarDate is a string.)
  const shown = String(value).slice(0, 20);
  errors.push(`${field}: "${shown}" is not a date; use YYYY-MM-DD, as in 2026-03-14.`);
  return undefined;
}

/** The filters as address parameters, in a fixed order, for links that keep them (the next page's). */
export function filtersToParams(filters: MemberFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(MEMBER_FILTER_PARAMS) as (keyof MemberFilters)[]) {
    const value = filters[key];
    if (value) params.set(MEMBER_FILTER_PARAMS[key], value);
  }
  return params;
}

/** Which filters are set, by name, in a fixed order: what the audit log says of a search (never what they hold). */
export function usedFilters(filters: MemberFilters): (keyof MemberFilters)[] {
  return (Object.keys(MEMBER_FILTER_PARAMS) as (keyof MemberFilters)[]).filter((key) => filters[key]);
}
