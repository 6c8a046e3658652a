import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod/mini";
import { isCalendarDate } from "#app/modules/calendar/dates.ts";
import { isPlainText, toPlainText } from "#app/modules/site/plain-text.ts";
import { babyMessages } from "./baby.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { PASSWORD_MAX, PASSWORD_MIN, type SocialProvider } from "./providers.ts";

/** The account forms' rules: the same schema checks in the browser and on the server. */

const email = z.pipe(
  z
    .string({ message: "Please enter your email address" })
    .check(
      z.overwrite(normalizeEmail),
      z.minLength(1, "Please enter your email address"),
      z.maxLength(254, "That email address is too long"),
    ),
  z.email({ message: "Please enter a valid email address" }),
);

const newPassword = z
  .string({ message: "Please choose a password" })
  .check(
    z.minLength(PASSWORD_MIN, `Your password needs at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, `Your password can have at most ${PASSWORD_MAX} characters`),
  );

/** The longest full name, in UTF-16 code units (as the form counts). */
export const FULL_NAME_MAX = 100;

/** Full names: free text, but not empty, not huge and without characters that hide or reorder text. */
export const fullName = z.string({ message: "Please enter your name" }).check(
  z.trim(),
  z.minLength(1, "Please enter your name"),
  z.maxLength(FULL_NAME_MAX, `Please keep your name under ${FULL_NAME_MAX} characters`),
  z.refine((value) => isPlainText(value), "Please use only letters, spaces and punctuation"),
);

/**
 * A name that comes from elsewhere than our forms (a sign-in provider, a
 * link's or a code's sign-up), held to the same rule as `fullName` without
 * failing the sign-in: what hides or reorders text goes, spaces are
 * collapsed and trimmed, and it is cut to FULL_NAME_MAX (never inside a
 * character). Anything still not a name by that rule is "": no name, which
 * every page shows as the address's name.
 */
export function providedName(raw: unknown): string {
  if (typeof raw !== "string") return "";
  let name = "";
  for (const character of toPlainText(raw).replace(/\s+/g, " ").trim()) {
    if (name.length + character.length > FULL_NAME_MAX) break;
    name += character;
  }
  const checked = fullName.safeParse(name);
  return checked.success ? checked.data : "";
}

/**
 * The auth library's hook on every account it creates or changes: a name in
 * the data is kept by `providedName`; data without one is left as it is.
 */
export function withProvidedName<T extends Record<string, unknown>>(data: T): T {
  return "name" in data ? { ...data, name: providedName(data.name) } : data;
}

export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  tier: z._default(z.enum(["free", "premium"]), "free"),
  name: fullName,
  email,
  password: newPassword,
  /** Her birth partner's invitation, when the sign-up came from its link: checked, never trusted. */
  invitation: z.optional(z.string().check(z.maxLength(100))),
});

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email,
  password: z
    .string({ message: "Please enter your password" })
    .check(z.minLength(1, "Please enter your password"), z.maxLength(PASSWORD_MAX)),
});

export const magicLinkSchema = z.object({ intent: z.literal("magic-link"), email });
export const sendCodeSchema = z.object({ intent: z.literal("send-code"), email });
export const verifyCodeSchema = z.object({
  intent: z.literal("verify-code"),
  email,
  code: z
    .string({ message: "Please enter the 6-digit code" })
    .check(z.trim(), z.regex(/^\d{6}$/, "Please enter the 6-digit code from the email")),
});
export const requestResetSchema = z.object({ intent: z.literal("request-reset"), email });
export const resendConfirmationSchema = z.object({
  intent: z.literal("resend-confirmation"),
  tier: z._default(z.enum(["free", "premium"]), "free"),
  email,
});
const socialSchema = z.object({
  intent: z.literal("social"),
  provider: z.enum(["google", "facebook", "apple"]),
  tier: z._default(z.enum(["free", "premium", "signin"]), "signin"),
});

export const authFormSchema = z.discriminatedUnion("intent", [
  signUpSchema,
  signInSchema,
  magicLinkSchema,
  sendCodeSchema,
  verifyCodeSchema,
  requestResetSchema,
  resendConfirmationSchema,
  socialSchema,
]);

export const resetPasswordSchema = z
  .object({
    token: z.string().check(z.minLength(1, "This reset link is incomplete. Please ask for a new one.")),
    password: newPassword,
    confirm: z.string({ message: "Please type your new password again" }),
  })
  .check(
    z.refine((value) => value.password === value.confirm, {
      path: ["confirm"],
      message: "The two passwords don't match",
    }),
  );

export const profileNameSchema = z.object({ intent: z.literal("update-name"), name: fullName });

/** "Hide streaks": a checkbox, sent as "on" when ticked and not at all when not. */
export const streakSettingsSchema = z.object({
  intent: z.literal("streak-settings"),
  hideStreaks: z.optional(
    z.literal("on", { message: "Tick Hide streaks to hide them, or leave it empty to show them" }),
  ),
});

/**
 * "My baby has arrived": the day (a date field's yyyy-mm-dd; her today and due
 * date bound it on the server, `birthDateError`) and, if she likes, the baby's
 * name, held to the same rules as her own.
 */
export const babyArrivedSchema = z.object({
  intent: z.literal("baby-arrived"),
  bornOn: z.string({ message: babyMessages.missingDate }).check(
    z.trim(),
    z.refine((value) => isCalendarDate(value), babyMessages.notADate),
  ),
  babyName: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(100, babyMessages.nameTooLong),
      z.refine((value) => isPlainText(value), babyMessages.nameNotPlain),
    ),
  ),
});

/** Undoing it, in case of a mistake: both the day and the name are cleared. */
export const babyUndoSchema = z.object({ intent: z.literal("undo-baby-arrived") });

/**
 * Deleting an account is confirmed by typing DELETE, and proved with the
 * password or a code emailed to the member: a session alone is not enough.
 */
export const deleteAccountSchema = z
  .object({
    intent: z.literal("delete-account"),
    confirm: z.string({ message: "Type DELETE to confirm" }).check(
      z.trim(),
      z.refine((value) => value === "DELETE", "Type DELETE to confirm"),
    ),
    password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
    code: z.optional(
      z.string().check(z.trim(), z.regex(/^\d{6}$/, "Please enter the 6-digit code from the email")),
    ),
  })
  .check(
    z.refine((value) => Boolean(value.password || value.code), {
      path: ["password"],
      message: "Please enter your password, or a code we email you",
    }),
  );

export const sendDeletionCodeSchema = z.object({ intent: z.literal("send-deletion-code") });

/** Which tab /auth opens on: the tier parameter when valid, otherwise Sign In. */
export type AuthTab = "free" | "premium" | "signin";
export function authTab(tier: string | null): AuthTab {
  return tier === "free" || tier === "premium" || tier === "signin" ? tier : "signin";
}

export type SignInMode = "password" | "magic" | "code" | "reset";
export function signInMode(mode: string | null): SignInMode {
  return mode === "magic" || mode === "code" || mode === "reset" ? mode : "password";
}

/** What an account form's post answers: the form's state, and which email went out, to whom. */
export interface AuthFormResult {
  intent: string;
  result: SubmissionResult<string[]>;
  /** Set when an email went out: which one, and to whom. */
  sent?: "magic-link" | "code" | "reset" | "confirm";
  email?: string;
  message?: string;
}

/** What a social sign-in post answers when the provider can't be reached. */
export type SocialResult = { intent: "social"; provider: SocialProvider; error: string };
