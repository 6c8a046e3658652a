import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, type LimitRule } from "#app/platform/rate-limit.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { firstName } from "#app/modules/people/display.ts";
import { memberIdOf } from "#app/modules/partner/seat.server.ts";
import { loadProgramme } from "#app/modules/program/program.server.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import { BIRTH_PLAN_INTENTS, SAVE_VIA } from "./forms.ts";
import { emptyBirthPlan, parseBirthPlanForm, type BirthPlanContent } from "./plan.ts";
import {
  addPartnerComment,
  birthPlanVersion,
  birthPlanVersions,
  commentsOnPlan,
  currentBirthPlan,
  deletePartnerComment,
  reopenComment,
  resolveComment,
  restoreBirthPlanVersion,
  saveBirthPlan,
} from "./store.server.ts";

/**
 * The birth preferences page, for its two readers: the member, who writes her
 * plan (saved as she goes), looks back at earlier versions and restores one,
 * and resolves her partner's comments; and her birth partner, who reads it and
 * comments on a section. Every read and write goes through the session's own
 * account: hers, or, for a partner, the member they are linked to now.
 */

/** Saves a member can make in ten minutes: autosave while she types, with room to spare. */
export const SAVE_LIMIT: LimitRule = { limit: 300, windowSeconds: 10 * 60 };
/** Comments, resolutions and restores in ten minutes: far more than two people talking a plan over need. */
const CHANGE_LIMIT: LimitRule = { limit: 60, windowSeconds: 10 * 60 };

export const birthPlanMessages = {
  saved: "Saved",
  savedForm: "Your birth preferences are saved.",
  restored: (number: number) =>
    `Version ${number} is restored. Your plan as it was is kept as a version too.`,
  noSuchVersion: "That version isn't one of yours.",
  commented: "Your comment is added. She'll see it beside that section.",
  resolved: "Comment resolved.",
  reopened: "Comment reopened.",
  deleted: "Comment deleted.",
  noSuchComment: "That comment isn't there any more.",
  notAPartner: "Only her birth partner can comment on her plan.",
  invalidComment: "Please write a comment of up to 1,000 characters for one of the plan's sections.",
  tooManyComments: "Her plan has 30 open comments. Once she resolves some, you can add more.",
  partnerReadsOnly: "Her birth partner can read and comment on the plan, not change it.",
  membersOnly: "Only a member can do that with her plan.",
  tooMany: "That's a lot of changes in a few minutes. Please wait a little and try again.",
  unknown: "Something in that request wasn't right. Please reload the page and try again.",
} as const;

/** Whose plan the session's account reads, and as whom: null for a partner whose link has ended. */
async function planOwner(db: Db, member: Pick<Member, "id" | "isPartner">) {
  if (!member.isPartner) return { role: "member" as const, ownerId: member.id };
  const ownerId = await memberIdOf(db, member.id);
  return ownerId ? { role: "partner" as const, ownerId } : null;
}

export interface BirthPlanPageComment {
  id: string;
  sectionId: string;
  body: string;
  authorFirstName: string;
  createdAt: string;
  resolved: boolean;
  /** Written by the account reading the page (a partner may delete their own open comments). */
  mine: boolean;
}

export interface BirthPlanPageData {
  role: "member" | "partner";
  /** The plan's owner's first name. */
  herFirstName: string;
  plan: { content: BirthPlanContent; number: number | null; savedAt: string | null };
  /** Her versions, newest first (for her only; a partner sees the plan as it is). */
  versions: {
    number: number;
    savedAt: string;
    restoredFrom: number | null;
    choices: number;
    notes: number;
  }[];
  /** An earlier version she asked to look at (`?version=N`), read only. */
  viewing: { number: number; content: BirthPlanContent } | null;
  comments: BirthPlanPageComment[];
}

export async function birthPlanPage(
  db: Db,
  member: Pick<Member, "id" | "isPartner" | "firstName">,
  url: URL,
): Promise<BirthPlanPageData | null> {
  const owner = await planOwner(db, member);
  if (!owner) return null;
  const asked = Number(url.searchParams.get("version"));
  const [current, versions, comments, herName, viewing] = await Promise.all([
    currentBirthPlan(db, owner.ownerId),
    owner.role === "member" ? birthPlanVersions(db, owner.ownerId) : [],
    commentsOnPlan(db, owner.ownerId),
    owner.role === "member"
      ? member.firstName
      : db
          .selectFrom("user")
          .select("name")
          .where("id", "=", owner.ownerId)
          .executeTakeFirst()
          .then((row) => firstName(row?.name)),
    owner.role === "member" && Number.isSafeInteger(asked) && asked > 0
      ? birthPlanVersion(db, owner.ownerId, asked)
      : null,
  ]);
  return {
    role: owner.role,
    herFirstName: herName,
    plan: {
      content: current?.content ?? emptyBirthPlan(),
      number: current?.number ?? null,
      savedAt: current?.savedAt.toISOString() ?? null,
    },
    versions: versions.map((version) => ({
      number: version.number,
      savedAt: version.savedAt.toISOString(),
      restoredFrom: version.restoredFrom,
      choices: version.summary.choices,
      notes: version.summary.notes,
    })),
    viewing: viewing ? { number: asked, content: viewing } : null,
    comments: comments.map((comment) => ({
      id: comment.id,
      sectionId: comment.sectionId,
      body: comment.body,
      authorFirstName: comment.authorFirstName,
      createdAt: comment.createdAt.toISOString(),
      resolved: comment.resolved,
      mine: comment.authorId === member.id,
    })),
  };
}

/** What the page's form gets back: the autosave's data, or a message for the next page (a plain form). */
export type BirthPlanAnswer =
  | { kind: "saved"; status: 200; number: number; savedAt: string }
  | { kind: "invalid"; status: 400 | 403 | 404 | 429; message: string; errors?: Record<string, string> }
  | { kind: "message"; type: "success" | "error"; message: string; status: number };

export async function answerBirthPlanForm(
  db: Db,
  member: Pick<Member, "id" | "isPartner">,
  form: FormData,
  now: Date,
): Promise<BirthPlanAnswer> {
  const m = birthPlanMessages;
  const intent = form.get("intent");
  const owner = await planOwner(db, member);
  if (!owner) return { kind: "invalid", status: 403, message: m.notAPartner };

  if (intent === BIRTH_PLAN_INTENTS.save) {
    if (owner.role !== "member") return { kind: "invalid", status: 403, message: m.partnerReadsOnly };
    const limit = await hitLimit(db, limitKey("birth-plan-save", member.id), SAVE_LIMIT, now.getTime());
    if (!limit.allowed) return { kind: "invalid", status: 429, message: m.tooMany };
    const parsed = parseBirthPlanForm(form);
    if (!parsed.ok) {
      return {
        kind: "invalid",
        status: 400,
        message: Object.values(parsed.errors)[0]!,
        errors: parsed.errors,
      };
    }
    const saved = await saveBirthPlan(db, member.id, parsed.content, now);
    if (form.get("via") === SAVE_VIA.autosave) {
      return { kind: "saved", status: 200, number: saved.number, savedAt: saved.savedAt.toISOString() };
    }
    return { kind: "message", type: "success", message: m.savedForm, status: 200 };
  }

  const changes = await hitLimit(db, limitKey("birth-plan-change", member.id), CHANGE_LIMIT, now.getTime());
  if (!changes.allowed) return { kind: "invalid", status: 429, message: m.tooMany };
  const id = String(form.get("commentId") ?? "");

  if (intent === BIRTH_PLAN_INTENTS.comment) {
    if (owner.role !== "partner") return { kind: "invalid", status: 403, message: m.notAPartner };
    const added = await addPartnerComment(db, {
      partnerId: member.id,
      sectionId: String(form.get("sectionId") ?? ""),
      body: String(form.get("body") ?? ""),
      now,
    });
    if (added.ok) return { kind: "message", type: "success", message: m.commented, status: 200 };
    const message =
      added.reason === "too-many"
        ? m.tooManyComments
        : added.reason === "invalid"
          ? m.invalidComment
          : m.notAPartner;
    return { kind: "invalid", status: added.reason === "not-a-partner" ? 403 : 400, message };
  }
  if (intent === BIRTH_PLAN_INTENTS.deleteComment) {
    if (owner.role !== "partner") return { kind: "invalid", status: 403, message: m.notAPartner };
    return (await deletePartnerComment(db, { partnerId: member.id, commentId: id }))
      ? { kind: "message", type: "success", message: m.deleted, status: 200 }
      : { kind: "invalid", status: 404, message: m.noSuchComment };
  }

  // The rest is hers alone.
  if (owner.role !== "member") return { kind: "invalid", status: 403, message: m.membersOnly };
  if (intent === BIRTH_PLAN_INTENTS.restore) {
    const number = Number(form.get("version"));
    const restored = Number.isSafeInteger(number)
      ? await restoreBirthPlanVersion(db, member.id, number, now)
      : null;
    return restored
      ? { kind: "message", type: "success", message: m.restored(number), status: 200 }
      : { kind: "invalid", status: 404, message: m.noSuchVersion };
  }
  if (intent === BIRTH_PLAN_INTENTS.resolve || intent === BIRTH_PLAN_INTENTS.reopen) {
    const done =
      intent === BIRTH_PLAN_INTENTS.resolve
        ? await resolveComment(db, { memberId: member.id, commentId: id, now })
        : await reopenComment(db, { memberId: member.id, commentId: id });
    if (!done) return { kind: "invalid", status: 404, message: m.noSuchComment };
    const message = intent === BIRTH_PLAN_INTENTS.resolve ? m.resolved : m.reopened;
    return { kind: "message", type: "success", message, status: 200 };
  }
  return { kind: "invalid", status: 400, message: m.unknown };
}

/** What the PDF and the print view show: her plan, her first name and the month she is due (never the day). */
export async function printablePlan(
  db: Db,
  member: Pick<Member, "id" | "isPartner" | "firstName">,
  now: Date,
) {
  const owner = await planOwner(db, member);
  if (!owner) return null;
  const [current, her, programme] = await Promise.all([
    currentBirthPlan(db, owner.ownerId),
    db
      .selectFrom("user")
      .innerJoin("profiles", "profiles.id", "user.id")
      .select(["user.name", "profiles.time_zone"])
      .where("user.id", "=", owner.ownerId)
      .executeTakeFirst(),
    loadProgramme(db, owner.ownerId, todayIn("UTC", now)),
  ]);
  return {
    content: current?.content ?? emptyBirthPlan(),
    firstName: firstName(her?.name),
    dueMonth: programme.hasSavedDate ? dueMonthOf(programme.dueDate) : null,
  };
}

/** "March 2027" from "2027-03-14". */
export function dueMonthOf(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
