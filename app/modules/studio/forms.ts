import * as z from "zod/mini";
import { isCalendarDate, isValidTimeZone } from "#app/modules/calendar/dates.ts";
import { CODE_RULE, normaliseCode } from "#app/modules/payments/offers.ts";
import { studioReturnPath } from "./gate.ts";
import { REFUND_REASONS } from "#app/modules/payments/owner-refunds.ts";
import { REASON_MAX, REASON_MIN } from "./member-actions.ts";
import { refundBackPath } from "./refunds.ts";

/**
 * The studio's forms: for each page, a union on `intent` of what each of its
 * forms sends, read once by the page's action (readStudioForm). A field that
 * must hold something says so here, in the words the page shows; any other
 * post (a stale page, a forged one) is answered with the page's `otherwise`.
 */
export interface PageForms<Schema extends z.ZodMiniType> {
  schema: Schema;
  /** What the page says to a post that is none of its forms. */
  otherwise: string;
}

function pageForms<
  const Options extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]],
>(otherwise: string, options: Options) {
  return { schema: z.discriminatedUnion("intent", options), otherwise };
}

/** A field as the form sent it, or "" when it sent none. */
const field = z._default(z.string(), "");

/** Where the page goes once she has given her second factor: a studio path only. */
const returnPath = z.pipe(
  field,
  z.transform((path: string) => studioReturnPath(path)),
);

/** The result of the browser's WebAuthn ceremony, sent as JSON; null when it isn't JSON. */
const ceremony = z.pipe(
  field,
  z.transform((text): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }),
);

const USE_THE_FORMS = "Please use the forms on this page.";

const REASON_RULE = `Please give a reason (${REASON_MIN} to ${REASON_MAX} characters): it is kept with the audit log's entry.`;

/** A member's page: premium (with a reason), her role, a sign-in link, deleting her account. */
export const memberForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.enum(["grant-premium", "revoke-premium"]),
    reason: z.prefault(
      z.string().check(z.trim(), z.minLength(REASON_MIN, REASON_RULE), z.maxLength(REASON_MAX, REASON_RULE)),
      "",
    ),
  }),
  z.object({ intent: z.enum(["make-owner", "make-member"]) }),
  z.object({ intent: z.literal("sign-in-link") }),
  // The box is looked at once the second factor has been asked for again, so here it is only yes or no.
  z.object({
    intent: z.literal("delete"),
    confirm: z.pipe(
      z.optional(z.string()),
      z.transform((value) => value === "yes"),
    ),
  }),
]);

const NOTE_RULE = `Please keep the note to ${REASON_MAX} characters.`;

/**
 * A refund's confirmation: why (one of the studio's reasons; "another reason" also needs her note, which
 * the action checks: refundFormProblem), her note, and the studio page to go back to.
 */
export const refundForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.literal("refund"),
    reason: z.enum(REFUND_REASONS, "Please choose why you're making this refund."),
    note: z.prefault(z.string().check(z.trim(), z.maxLength(REASON_MAX, NOTE_RULE)), ""),
    back: z.pipe(
      field,
      z.transform((path: string) => refundBackPath(path)),
    ),
  }),
]);

/**
 * A session's captions: her words for every cue (sent as `text`, one per cue, read beside the schema),
 * saved as a draft or published, after the revision she started from; or a .vtt file to upload.
 */
export const captionsForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.enum(["save-draft", "publish"]),
    after: z.pipe(
      field,
      z.transform((value) => (/^\d{1,9}$/.test(value) ? Number(value) : -1)),
    ),
  }),
  z.object({ intent: z.literal("upload"), file: z.file("Please choose a .vtt file to upload.") }),
]);

/*
 * The second factor itself, on the security page: new backup codes (then her word that she has
 * saved them), and a new authenticator (then a code from it, with the new key the page was given).
 */
const SAVED_RULE = "Tick “I have saved my backup codes” once they are somewhere safe.";
const secondFactorForms = [
  z.object({ intent: z.literal("new-backup-codes") }),
  z.object({ intent: z.literal("backup-codes-saved"), saved: z.literal("yes", SAVED_RULE) }),
  z.object({ intent: z.literal("new-authenticator") }),
  z.object({ intent: z.literal("confirm-authenticator"), pending: field, code: field }),
] as const;

/** The security page: removing a passkey (adding one is the passkey button's), and the second factor's own forms. */
export const securityForms = pageForms(USE_THE_FORMS, [
  z.object({ intent: z.literal("remove-passkey"), id: field }),
  ...secondFactorForms,
]);

/** A conversation in the inbox: a reply (as she typed it; the contact module says what a reply must be), and the buttons. */
export const inboxThreadForms = pageForms(USE_THE_FORMS, [
  z.object({ intent: z.literal("reply"), reply: field, replyId: field }),
  z.object({ intent: z.enum(["unread", "archive", "unarchive"]) }),
]);

/** The check page: starting to set up the authenticator (her password, when she has one), then a code. */
export const checkForms = pageForms("Please use the form on this page.", [
  z.object({
    intent: z.literal("start"),
    password: z.pipe(
      field,
      z.transform((password) => password || undefined),
    ),
  }),
  z.object({
    intent: z.literal("verify"),
    method: z.pipe(
      field,
      z.transform((method) => (method === "backup-code" ? "backup-code" : "totp")),
    ),
    code: field,
    next: returnPath,
  }),
]);

/** The passkey button's posts: the options for a ceremony, then its result. */
export const passkeyForms = pageForms("Please use the studio's buttons.", [
  z.object({ intent: z.literal("authentication-options") }),
  z.object({ intent: z.literal("authenticate"), response: ceremony, next: returnPath }),
  z.object({ intent: z.literal("registration-options") }),
  z.object({ intent: z.literal("register"), response: ceremony, name: field }),
]);

const TIME_ZONE_RULE = "We don't know that time zone. Try one like Europe/Dublin or America/New_York.";

/** The studio's time zone setting: an IANA zone, written as the browser writes it ("Europe/Dublin"). */
export const timeZoneForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.literal("time-zone"),
    timeZone: z.pipe(
      z.prefault(
        z
          .string()
          .check(z.trim(), z.maxLength(64, TIME_ZONE_RULE), z.refine(isValidTimeZone, TIME_ZONE_RULE)),
        "",
      ),
      z.transform((zone) => new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone),
    ),
  }),
]);

/** A session or guide named by a content page form (an id, never words). */
const contentId = z.string().check(z.regex(/^[a-z0-9-]{1,64}$/));

/**
 * The content page: publish one of a recording's or guide's versions (a new one, or an earlier one again),
 * set a session's state, or move it a place up or down in its course group.
 */
export const contentForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.literal("session-state"),
    session: contentId,
    state: z.enum(["published", "coming-soon"]),
  }),
  z.object({ intent: z.literal("session-move"), session: contentId, move: z.enum(["up", "down"]) }),
  z.object({
    intent: z.literal("publish"),
    kind: z.enum(["recording", "guide"]),
    id: contentId,
    version: z.pipe(
      z.string().check(z.regex(/^\d{1,6}$/)),
      z.transform((v) => Number(v)),
    ),
  }),
]);

export type MemberForm = z.output<typeof memberForms.schema>;
/**
 * A piece of the site's words: save it as a draft, publish it, or show it as the site would (the
 * preview). Its fields and Markdown are read by their kind's own rules (catalogue's pieces.server.ts);
 * `restored` is the revision the text was brought back from, if it was.
 */
export const wordsForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.enum(["save-draft", "publish", "preview"]),
    body: field,
    restored: z.pipe(
      field,
      z.transform((value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null)),
    ),
  }),
]);

const DAY_RULE = "Please give the day it starts and the day it ends.";
const USES_RULE = "Please give how many times it can be used: a whole number from 1 to 100000.";
const VALUE_RULE =
  "Please give how much it takes off: a percentage from 1 to 100, or an amount such as 5 or 4.50.";

/**
 * The offers page: a new code (its terms read here; the end after the start, and an amount below the
 * price, are checked with the price: offerTermsProblem), or ending one early.
 */
export const offerForms = pageForms(USE_THE_FORMS, [
  z.object({
    intent: z.literal("create"),
    code: z.pipe(
      field,
      z.transform((typed: string, ctx) => {
        const code = normaliseCode(typed);
        if (code === null) ctx.issues.push({ code: "custom", message: CODE_RULE, input: typed });
        return code ?? "";
      }),
    ),
    kind: z.enum(["percent", "amount"], "Please choose a percentage or an amount off."),
    value: z.pipe(
      field,
      z.transform((typed: string, ctx) => {
        const value = typed.trim();
        if (!/^\d{1,6}(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
          ctx.issues.push({ code: "custom", message: VALUE_RULE, input: typed });
        }
        return Number(value);
      }),
    ),
    starts: z.string(DAY_RULE).check(z.refine(isCalendarDate, DAY_RULE)),
    ends: z.string(DAY_RULE).check(z.refine(isCalendarDate, DAY_RULE)),
    maxUses: z.pipe(
      field,
      z.transform((typed: string, ctx) => {
        const uses = /^\d{1,6}$/.test(typed.trim()) ? Number(typed.trim()) : 0;
        if (uses < 1 || uses > 100_000) ctx.issues.push({ code: "custom", message: USES_RULE, input: typed });
        return uses;
      }),
    ),
    giftsOnly: z.pipe(
      z.optional(z.string()),
      z.transform((value) => value === "yes"),
    ),
  }),
  z.object({ intent: z.literal("end"), offer: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) }),
]);

export type OfferForm = z.output<typeof offerForms.schema>;
export type RefundForm = z.output<typeof refundForms.schema>;
export type WordsForm = z.output<typeof wordsForms.schema>;
export type SecurityForm = z.output<typeof securityForms.schema>;
export type InboxThreadForm = z.output<typeof inboxThreadForms.schema>;
export type CheckForm = z.output<typeof checkForms.schema>;
export type PasskeyForm = z.output<typeof passkeyForms.schema>;
export type TimeZoneForm = z.output<typeof timeZoneForms.schema>;
type ContentForm = z.output<typeof contentForms.schema>;
export type MediaForm = Extract<ContentForm, { intent: "publish" }>;
export type SessionForm = Exclude<ContentForm, MediaForm>;

/**
 * Reads a posted form against its page's forms, each field as `FormData.get`
 * gives it (the first value): the form, or the message to show beside the
 * form it came from (its `intent`, as sent).
 */
export function readStudioForm<Schema extends z.ZodMiniType>(
  formData: FormData,
  forms: PageForms<Schema>,
): { ok: true; form: z.output<Schema> } | { ok: false; intent: string; message: string } {
  const fields = Object.fromEntries([...new Set(formData.keys())].map((name) => [name, formData.get(name)]));
  const read = z.safeParse(forms.schema, fields, { error: () => forms.otherwise });
  if (read.success) return { ok: true, form: read.data };
  const intent = formData.get("intent");
  return {
    ok: false,
    intent: typeof intent === "string" ? intent : "",
    message: read.error.issues[0]?.message ?? forms.otherwise,
  };
}

/** What a page's form did: done, with the page to go to and the message to show there; or refused, and why. */
export type StudioFormAnswer =
  { ok: true; message: string; next: string } | { ok: false; status: number; message: string };

/** A form's work done (on to `next`, with its message) or refused (its status and why). */
export function thenTo(
  next: string,
  result: { ok: true; message: string } | { ok: false; status: number; message: string },
): StudioFormAnswer {
  return result.ok ? { ok: true, message: result.message, next } : result;
}
