import { Link } from "react-router";
import { PremiumPanel, type PremiumPanelProps } from "#app/components/checkout/premium-panel.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Check } from "#app/components/ui/icons.tsx";
import type { AuthTab, SignInMode } from "#app/modules/accounts/forms.ts";
import type { CheckoutConfig } from "#app/modules/payments/checkout-config.ts";
import { SignInPanel, SignUpForm } from "./account-forms.tsx";
import { AuthTabs } from "./auth-tabs.tsx";
import { useSignInPath } from "./sign-in-path.ts";
import { OrDivider } from "./or-divider.tsx";
import { SocialButtons } from "./social-buttons.tsx";
import type { AuthFormResult, SocialResult } from "#app/modules/accounts/forms.ts";
import type { SocialProvider } from "#app/modules/accounts/providers.ts";
import type { SignUpInvitation } from "#app/modules/partner/sign-up.server.ts";
import { useHashError } from "./use-hash-error.ts";

/** What /auth's loader gives the page, and the answer its action last gave. */
export interface AuthPageProps {
  tab: AuthTab;
  mode: SignInMode;
  member: PremiumPanelProps["member"] | null;
  fromSocial: boolean;
  checkout: CheckoutConfig | null;
  price: string;
  /** The social sign-ins offered here (none: no "or continue with" at all). */
  providers: SocialProvider[];
  /** An error the address came back with (?error=…), in words. */
  queryError: string | null;
  /** Her invitation to her birth partner, when the page was opened from its link; or why it can't be used. */
  invitation?: SignUpInvitation | null;
  actionData?: AuthFormResult | SocialResult;
}

/** The /auth page: the chosen tab's promise, then its forms (or the payment, for a signed-in buyer). */
export function AuthPage({
  tab,
  mode,
  member,
  fromSocial,
  checkout,
  price,
  providers,
  queryError,
  invitation,
  actionData,
}: AuthPageProps) {
  const invited = invitation?.ok ? invitation : null;
  const formResult = actionData && "result" in actionData ? actionData : undefined;
  const hashError = useHashError();
  // A social sign-in refused before the page's JavaScript ran comes back as the page's own answer.
  const socialError = actionData && "error" in actionData ? actionData.error : null;
  const error =
    queryError ?? hashError ?? socialError ?? (invitation?.ok === false ? invitation.message : null);

  return (
    <section className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
      {invited ? (
        <PartnerIntro memberFirstName={invited.memberFirstName} />
      ) : (
        <AuthIntro tab={tab} price={price} />
      )}

      <div className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white/70 p-4 shadow-soft sm:p-8">
        {/* Signed in, she is here to buy: no tabs to sign in or start the course she has. */}
        {member ? null : <AuthTabs tab={tab} price={price} />}

        {error ? (
          <Alert tone="error" className="mb-5">
            {error}
          </Alert>
        ) : null}

        {tab === "premium" && member && checkout ? (
          <PremiumPanel member={member} price={price} fromSocial={fromSocial} checkout={checkout} />
        ) : (
          <AccountForms
            tab={tab}
            mode={mode}
            providers={providers}
            formResult={formResult}
            invited={invited}
          />
        )}
      </div>
    </section>
  );
}

/** The heading and promise beside the card, worded for the chosen tab. */
function AuthIntro({ tab, price }: { tab: AuthTab; price: string }) {
  return (
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
  );
}

/**
 * Beside the form, for her birth partner arriving from her invitation: whose it is, and what
 * happens next, in words for a partner (the invitation is accepted on its own page afterwards).
 */
function PartnerIntro({ memberFirstName }: { memberFirstName: string }) {
  return (
    <div className="lg:pt-10">
      <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Birth partner</p>
      <h1 className="mt-2 text-4xl font-semibold md:text-5xl">Join {memberFirstName} as her birth partner</h1>
      <p className="mt-4 measure text-lg text-ink-soft">
        First, your own free account, with your own listening and progress. Once you've confirmed your email,
        you'll come back to {memberFirstName}'s invitation to accept it. You'll see her week and how her
        practice is going, never her email or her dates.
      </p>
    </div>
  );
}

/** Sign up (or sign in, on that tab), the providers, and the line under them. */
function AccountForms({
  tab,
  mode,
  providers,
  formResult,
  invited,
}: {
  tab: AuthTab;
  mode: SignInMode;
  providers: SocialProvider[];
  formResult: AuthFormResult | undefined;
  invited: { token: string; email: string } | null;
}) {
  // Once we've emailed a link or a code, that email is the way on: no other ways in beside it.
  const emailed = formResult?.sent !== undefined;
  const signInPath = useSignInPath();
  return (
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
          <SignUpForm tier={tab} actionData={formResult} invited={tab === "free" ? invited : null} />
        </>
      )}
      {providers.length > 0 && !emailed ? (
        <>
          <OrDivider label={tab === "signin" ? "or sign in with" : "or continue with"} />
          <SocialButtons tier={tab} providers={providers} />
        </>
      ) : null}
      {tab === "signin" ? (
        <p className="text-center text-ink-soft">
          New here?{" "}
          <Link to={signInPath("/auth?tier=free")} className="text-plum underline underline-offset-4">
            Start the free course
          </Link>
        </p>
      ) : emailed ? null : (
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
  );
}
