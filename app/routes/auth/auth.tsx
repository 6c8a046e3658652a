import { parseSubmission } from "~/modules/site/form-submission.ts";
import { Check } from "~/components/ui/icons.tsx";
import { useEffect, useSyncExternalStore } from "react";
import { data, Link, redirect } from "react-router";
import { toast } from "~/components/ui/toaster.tsx";
import type { Route } from "./+types/auth";
import { SignInPanel, SignUpForm, type AuthFormResult } from "~/components/auth/account-forms.tsx";
import { OrDivider } from "~/components/auth/or-divider.tsx";
import { SocialButtons, type SocialResult } from "~/components/auth/social-buttons.tsx";
import { PremiumPanel } from "~/components/checkout/premium-panel.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { cn } from "~/components/ui/cn.ts";
import { configuredProviders } from "~/modules/accounts/auth.server.ts";
import { authFormSchema, authTab, signInMode, type AuthTab } from "~/modules/accounts/forms.ts";
import { authMessages, socialErrorMessage, socialMessages } from "~/modules/accounts/providers.ts";
import * as account from "~/modules/accounts/sign-in.server.ts";
import { checkoutForBrowser } from "~/modules/payments/payments.server.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { baseUrlFrom, pageMeta } from "~/modules/site/seo.ts";
import { redirectWithFlash } from "~/modules/site/flash.server.ts";
import { coursePrice, memberContext, services } from "~/services.server.ts";

export function meta({ location, matches }: Route.MetaArgs) {
  const tab = authTab(new URLSearchParams(location.search).get("tier"));
  const title =
    tab === "free" ? "Start the free course" : tab === "premium" ? "The Complete Course" : "Sign in";
  // One address for search engines, whichever tab a link opened.
  return pageMeta({
    title,
    description: `Start ${BRAND.name}'s free Foundation Course, get the Complete Course, or sign in to your practice.`,
    path: "/auth",
    baseUrl: baseUrlFrom(matches),
  });
}

export async function loader(args: Route.LoaderArgs) {
  const member = args.context.get(memberContext);
  const tab = authTab(args.url.searchParams.get("tier"));
  const { payments, flash } = services(args);
  // Back from the link that confirmed a new account: welcome, then on to the course or the payment.
  if (member && args.url.searchParams.get("welcome") === "1") {
    throw await redirectWithFlash(flash, tab === "premium" ? "/auth?tier=premium" : "/portal", {
      type: "success",
      message: authMessages.welcomeNew,
    });
  }
  // Signed in already: straight to the portal, unless they came to buy a course they haven't got.
  if (member && (tab !== "premium" || member.hasPremium)) throw redirect("/portal");
  const error = args.url.searchParams.get("error");
  return {
    tab,
    mode: signInMode(args.url.searchParams.get("mode")),
    member,
    fromSocial: args.url.searchParams.get("social") === "1",
    checkout: member && tab === "premium" ? checkoutForBrowser(payments) : null,
    price: coursePrice(args),
    queryError: error ? describeAuthError(error, args.url.searchParams.get("error_description")) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { auth, env, flash } = services(args);
  const headers = args.request.headers;
  const formData = await args.request.formData();
  const submission = parseSubmission(formData, authFormSchema);
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success") {
    return data<AuthFormResult>(
      { intent, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const input = submission.value;
  const failed = (outcome: { status: number; message: string }) =>
    data<AuthFormResult>(
      { intent, result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }) },
      { status: outcome.status >= 400 ? outcome.status : 400 },
    );

  switch (input.intent) {
    case "sign-up": {
      const { tier, ...details } = input;
      const outcome = await account.signUpWithPassword(auth, headers, {
        ...details,
        callbackURL: afterConfirmation(tier),
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
        callbackURL: afterConfirmation(input.tier),
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
      return redirectWithFlash(
        flash,
        "/portal",
        { type: "success", message: authMessages.welcomeBack },
        outcome.cookies,
      );
    }
    case "magic-link": {
      const outcome = await account.sendMagicLink(auth, headers, input.email);
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
          { status: outcome.status >= 400 ? outcome.status : 400 },
        );
      }
      return redirectWithFlash(
        flash,
        "/portal",
        { type: "success", message: authMessages.welcomeBack },
        outcome.cookies,
      );
    }
    case "request-reset": {
      const outcome = await account.requestPasswordReset(auth, headers, input.email);
      if (!outcome.ok) return failed(outcome);
      return sent(submission.reply({ resetForm: true }), "reset", input.email, authMessages.resetRequested);
    }
    case "social": {
      const { provider } = input;
      if (!configuredProviders(env).includes(provider)) {
        return data<SocialResult>(
          { intent: "social", provider, error: socialMessages.notAvailable(provider) },
          { status: 503 },
        );
      }
      const callbackURL = input.tier === "premium" ? "/auth?tier=premium&social=1" : "/portal";
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

/** Where the link that confirms a new account leads: the portal, or the payment for the Complete Course. */
function afterConfirmation(tier: "free" | "premium") {
  return `/auth?tier=${tier}&welcome=1`;
}

/** The words for an error a provider or a sign-in link came back with. */
function describeAuthError(code: string, description: string | null) {
  const known: Record<string, string> = {
    INVALID_TOKEN: "This sign-in link has expired or was already used. Please ask for a new one.",
    EXPIRED_TOKEN: "This sign-in link has expired. Please ask for a new one.",
    TOKEN_EXPIRED:
      "This link has expired. Sign in with your password and we'll send you a new one, or ask for a sign-in link.",
    USER_NOT_FOUND: "This link is no longer valid. Please sign up again or sign in.",
    access_denied: "You cancelled the sign-in.",
  };
  return authMessages.authFailed(description || known[code] || code);
}

const tabs: { tab: AuthTab; label: string; note: string }[] = [
  { tab: "free", label: "Foundation Course", note: "Free" },
  { tab: "premium", label: "Complete Course", note: "" },
  { tab: "signin", label: "Sign In", note: "Welcome back" },
];

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, mode, member, queryError, price, fromSocial, checkout } = loaderData;
  const formResult = actionData && "result" in actionData ? actionData : undefined;
  const hashError = useHashError();
  // A social sign-in refused before the page's JavaScript ran comes back as the page's own answer.
  const socialError = actionData && "error" in actionData ? actionData.error : null;
  const error = queryError ?? hashError ?? socialError;

  return (
    <section className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
      <div className="lg:pt-10">
        <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Your account</p>
        <h1 className="mt-2 text-4xl font-semibold md:text-5xl">
          {tab === "signin"
            ? "Welcome back"
            : tab === "premium"
              ? "The Complete Course"
              : "Start the free course"}
        </h1>
        <p className="mt-4 measure text-lg text-ink-soft">
          {tab === "premium"
            ? `Every audio session, all six guides and the two-week programme, for you and your birth partner. ${price}, once, with lifetime access.`
            : "Calming audio, clear guides and a gentle daily practice, for you and your birth partner."}
        </p>
        <ul className="mt-6 hidden gap-2 text-ink-soft sm:grid">
          {[
            "Your account is private: only you see your progress",
            "No spam, ever. We email only what you ask for",
            "Delete your account and data whenever you like",
          ].map((line) => (
            <li key={line} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-sage-deep" />
              {line}
            </li>
          ))}
        </ul>
      </div>

      <div className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white/70 p-4 shadow-soft sm:p-8">
        <nav aria-label="Choose how to start" className="mb-6">
          {/* One line per tab on a phone (the note joins on wider screens). */}
          <ul className="flex gap-1 rounded-2xl bg-sand p-1 sm:grid sm:grid-cols-3">
            {tabs.map((item) => (
              <li key={item.tab} className="flex-auto">
                <Link
                  to={`/auth?tier=${item.tab}`}
                  aria-current={item.tab === tab ? "page" : undefined}
                  className={cn(
                    "flex min-h-12 flex-col items-center justify-center rounded-xl px-1 text-center text-[0.8125rem] leading-tight font-medium whitespace-nowrap transition-colors duration-200 hover:text-ink sm:min-h-14 sm:px-2 sm:text-sm",
                    item.tab === tab ? "bg-white text-ink shadow-soft" : "text-ink-soft",
                  )}
                >
                  {item.label}
                  <span className="hidden text-xs font-normal sm:block">
                    {item.tab === "premium" ? price : item.note}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {error ? (
          <Alert tone="error" className="mb-5">
            {error}
          </Alert>
        ) : null}

        {tab === "premium" && member && checkout ? (
          <PremiumPanel member={member} price={price} fromSocial={fromSocial} checkout={checkout} />
        ) : (
          <div className="grid gap-6">
            {tab === "signin" ? (
              <SignInPanel mode={mode} actionData={formResult} />
            ) : (
              <>
                {tab === "premium" ? (
                  <p className="text-ink-soft">
                    First, your account: it's where your course will live. Already have one?{" "}
                    <Link to="/auth?tier=signin" className="text-plum underline underline-offset-4">
                      Sign in
                    </Link>{" "}
                    and come back here.
                  </p>
                ) : null}
                <SignUpForm tier={tab} actionData={formResult} />
              </>
            )}
            <OrDivider label={tab === "signin" ? "or sign in with" : "or continue with"} />
            <SocialButtons tier={tab} />
            {tab === "signin" ? (
              <p className="text-center text-ink-soft">
                New here?{" "}
                <Link to="/auth?tier=free" className="text-plum underline underline-offset-4">
                  Start the free course
                </Link>
              </p>
            ) : (
              <p className="text-center text-sm text-ink-soft">
                By creating an account you agree to our{" "}
                <Link to="/terms" className="underline underline-offset-4">
                  Terms
                </Link>{" "}
                and{" "}
                <Link to="/privacy" className="underline underline-offset-4">
                  Privacy Policy
                </Link>
                .
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** An error a provider left in the address's fragment (#error=…&error_description=…). */
function useHashError() {
  const error = useSyncExternalStore(subscribeToHash, readHashError, () => null);
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return error;
}

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

function readHashError() {
  if (!window.location.hash.includes("error")) return null;
  const params = new URLSearchParams(window.location.hash.slice(1));
  const detail = params.get("error_description") ?? params.get("error_code") ?? params.get("error");
  return detail ? authMessages.authFailed(detail) : null;
}
