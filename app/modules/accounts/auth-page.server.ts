import type { Submission } from "@conform-to/react";
import { data, redirect } from "react-router";
import type * as z from "zod/mini";
import { paymentMessages } from "#app/modules/payments/messages.ts";
import { checkoutForBrowser } from "#app/modules/payments/payments.server.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import type { AppServices } from "#app/services.server.ts";
import { afterConfirmation, describeAuthError } from "./auth-page.ts";
import { authTab, signInMode, type AuthFormResult, type authFormSchema, type SocialResult } from "./forms.ts";
import { authMessages, signInDestination, socialErrorMessage, socialMessages } from "./providers.ts";
import type { Member } from "./session.server.ts";
import * as account from "./sign-in.server.ts";

/** What /auth shows, unless the member has no need of it: then where she goes instead (thrown). */
export async function authPageData(
  { payments, flash, socialSignIn }: Pick<AppServices, "payments" | "flash" | "socialSignIn">,
  member: Member | null,
  url: URL,
  price: string,
) {
  const tab = authTab(url.searchParams.get("tier"));
  // Back from the link that confirmed a new account: welcome, then on to the course or the payment.
  if (member && url.searchParams.get("welcome") === "1") {
    const onTo = tab === "premium" ? "/auth?tier=premium" : signInDestination(url.searchParams.get("next"));
    throw await redirectWithFlash(flash, onTo, {
      type: "success",
      message: authMessages.welcomeNew,
    });
  }
  // A birth partner is never sold the course: theirs comes with hers.
  if (member?.isPartner && tab === "premium" && !member.hasPremium) {
    throw await redirectWithFlash(flash, "/portal", { type: "info", message: paymentMessages.partnerSeat });
  }
  // Signed in already: straight on (to the page that sent her here, or the portal), unless they came to buy a
  // course they haven't got.
  if (member && (tab !== "premium" || member.hasPremium)) {
    throw redirect(signInDestination(url.searchParams.get("next")));
  }
  const error = url.searchParams.get("error");
  return {
    tab,
    mode: signInMode(url.searchParams.get("mode")),
    member,
    fromSocial: url.searchParams.get("social") === "1",
    checkout: member && tab === "premium" ? checkoutForBrowser(payments) : null,
    price,
    providers: socialSignIn.providers,
    queryError: error ? describeAuthError(error, url.searchParams.get("error_description")) : null,
  };
}

type AuthSubmission = Submission<z.input<typeof authFormSchema>, string[], z.output<typeof authFormSchema>>;

/**
 * Does what one of /auth's forms asks and answers it: its errors, the email
 * sent, or a redirect (signed in, or on to a provider). `intent` is the
 * form's own, valid or not, so the page knows which form the answer is for.
 */
export async function answerAuthForm(
  { auth, flash, socialSignIn, devices }: Pick<AppServices, "auth" | "flash" | "socialSignIn" | "devices">,
  headers: Headers,
  submission: AuthSubmission,
  intent: string,
  /** A sign-up's invitation, checked: refused with why, or the token to return to once confirmed. */
  invitation: { refusal: string } | { token: string } | null = null,
  /** Where signing in takes her: signInDestination of the page's `?next=`. */
  next = "/portal",
) {
  if (submission.status !== "success") {
    return data<AuthFormResult>(
      { intent, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const input = submission.value;
  const failed = (outcome: { status: number; message: string; retryAfterSeconds?: number }) =>
    data<AuthFormResult>(
      { intent, result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }) },
      account.refusal(outcome),
    );
  const signedIn = (cookies: string[]) =>
    redirectWithFlash(flash, next, { type: "success", message: authMessages.welcomeBack }, cookies);

  switch (input.intent) {
    case "sign-up": {
      const { tier, invitation: _token, ...details } = input;
      if (invitation && "refusal" in invitation) {
        return failed({ status: 409, message: invitation.refusal });
      }
      const outcome = await account.signUpWithPassword(auth, headers, {
        ...details,
        callbackURL: afterConfirmation(tier, invitation?.token, next),
      });
      if (!outcome.ok) return failed(outcome);
      // The same answer whether or not the address has an account: the email says which.
      return sent(
        submission.reply({ hideFields: ["password"] }),
        "confirm",
        input.email,
        authMessages.confirmationSent,
      );
    }
    case "resend-confirmation": {
      const outcome = await account.resendConfirmation(auth, headers, {
        email: input.email,
        callbackURL: afterConfirmation(input.tier, undefined, next),
      });
      if (!outcome.ok) return failed(outcome);
      return sent(submission.reply(), "confirm", input.email, authMessages.confirmationSent);
    }
    case "sign-in": {
      const outcome = await account.signInWithPassword(auth, headers, input);
      // Too many tries: the password waits, but a link or a code by email still lets the owner in.
      if (!outcome.ok && outcome.status === 429) {
        return failed({ ...outcome, message: `${outcome.message} ${authMessages.lockedOutHelp}` });
      }
      if (!outcome.ok) return failed(outcome);
      // This browser is now one she signed in on: its own guesses, whoever spends the account's.
      return signedIn([...outcome.cookies, devices.issue(input.email)]);
    }
    case "magic-link": {
      const outcome = await account.sendMagicLink(auth, headers, input.email, next);
      if (!outcome.ok) return failed(outcome);
      return sent(
        submission.reply({ resetForm: true }),
        "magic-link",
        input.email,
        authMessages.magicLinkSent,
      );
    }
    case "send-code": {
      const outcome = await account.sendSignInCode(auth, headers, input.email);
      if (!outcome.ok) return failed(outcome);
      return sent(submission.reply(), "code", input.email, authMessages.codeSent);
    }
    case "verify-code": {
      const outcome = await account.signInWithCode(auth, headers, input);
      if (!outcome.ok) {
        return data<AuthFormResult>(
          { intent, result: submission.reply({ formErrors: [outcome.message] }), email: input.email },
          account.refusal(outcome),
        );
      }
      return signedIn(outcome.cookies);
    }
    case "request-reset": {
      const outcome = await account.requestPasswordReset(auth, headers, input.email);
      if (!outcome.ok) return failed(outcome);
      return sent(submission.reply({ resetForm: true }), "reset", input.email, authMessages.resetRequested);
    }
    case "social": {
      const { provider } = input;
      if (!socialSignIn.providers.includes(provider)) {
        return data<SocialResult>(
          { intent: "social", provider, error: socialMessages.notAvailable(provider) },
          { status: 503 },
        );
      }
      const callbackURL = input.tier === "premium" ? "/auth?tier=premium&social=1" : next;
      try {
        const outcome = await account.startSocialSignIn(auth, headers, provider, callbackURL);
        if (!outcome.ok) {
          return data<SocialResult>(
            { intent: "social", provider, error: socialErrorMessage(provider, outcome.message) },
            { status: 400 },
          );
        }
        const responseHeaders = new Headers();
        for (const cookie of outcome.cookies) responseHeaders.append("Set-Cookie", cookie);
        return redirect(outcome.data.url, { headers: responseHeaders });
      } catch {
        return data<SocialResult>(
          { intent: "social", provider, error: socialMessages.unavailable(provider) },
          { status: 503 },
        );
      }
    }
  }
}

/** The answer when an email went out: which one and to whom, for the form that sent it. */
function sent(
  result: AuthFormResult["result"],
  kind: NonNullable<AuthFormResult["sent"]>,
  email: string,
  message: string,
) {
  return data<AuthFormResult>({ intent: kindIntent[kind], result, sent: kind, email, message });
}
const kindIntent = {
  "magic-link": "magic-link",
  code: "send-code",
  reset: "request-reset",
  confirm: "sign-up",
} as const;
