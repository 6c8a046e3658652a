import { isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import type { CourseAccess } from "./figures.ts";

/**
 * The studio's members search, as the address bar carries it: what an owner
 * typed and picked, read into filters the server applies. Pure: the page's
 * form and links use it too.
 */

export type MemberTier = "free" | "premium";

/** What she has of the course (figures.ts's `courseAccess`), or `course`: paid for or given, either. */
type CourseFilter = CourseAccess | "course";

/** Whose accounts the list shows: members (without this filter), birth partners' seats, or studio owners. */
type AccountsFilter = "partners" | "owners";

/** Whether she has begun the programme (figures.ts's `hasBegunProgramme`). */
type ProgrammeFilter = "begun" | "not-begun";

export interface MemberFilters {
  /** Part of an email address or a name, trimmed; matched case-insensitively, as typed (no wildcards). */
  query?: string;
  who?: AccountsFilter;
  tier?: CourseFilter;
  programme?: ProgrammeFilter;
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
  who: "who",
  tier: "tier",
  programme: "programme",
  joinedFrom: "joinedFrom",
  joinedTo: "joinedTo",
  activeFrom: "activeFrom",
  activeTo: "activeTo",
  dueFrom: "dueFrom",
  dueTo: "dueTo",
} as const satisfies Record<keyof MemberFilters, string>;

const QUERY_MAX_LENGTH = 100;

/** Each choice, by the word the address carries: "premium" is an older link's word for "course". */
const CHOICES = {
  who: { partners: "partners", owners: "owners", members: undefined },
  tier: { paid: "paid", given: "given", course: "course", premium: "course", free: "free", all: undefined },
  programme: { begun: "begun", "not-begun": "not-begun", all: undefined },
} as const;

const CHOICE_ERRORS = {
  who: "Show members, birth partners or studio owners.",
  tier: "Course must be paid for, given, either, or free.",
  programme: "Programme must be begun or not begun.",
};

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

  for (const key of ["who", "tier", "programme"] as const) {
    const value = read(key).toLowerCase();
    if (!value) continue;
    const choices: Record<string, string | undefined> = CHOICES[key];
    if (!Object.hasOwn(choices, value)) errors.push(CHOICE_ERRORS[key]);
    else if (choices[value]) Object.assign(filters, { [key]: choices[value] });
  }

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
