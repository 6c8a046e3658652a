import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { PROVIDER_LABELS, socialMessages, type SocialProvider } from "#app/modules/accounts/providers.ts";
import type { SocialResult } from "#app/modules/accounts/forms.ts";
import { useSignInPath } from "./sign-in-path.ts";

/**
 * Continue with Google, Facebook or Apple. While one is connecting the others
 * are disabled; an unavailable provider says so.
 */
export function SocialButtons({
  tier,
  providers,
}: {
  tier: "free" | "premium" | "signin";
  providers: readonly SocialProvider[];
}) {
  const fetcher = useFetcher<SocialResult>();
  const signInPath = useSignInPath();
  const connecting =
    fetcher.state !== "idle" ? (fetcher.formData?.get("provider") as SocialProvider | null) : null;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    // The action answered with the provider's address: the browser is on its way there.
    if (fetcher.state === "loading" && connecting) toast.info(socialMessages.redirecting(connecting));
  }, [fetcher.state, connecting]);

  return (
    <div className="grid gap-2.5" role="group" aria-label="Continue with another account">
      {providers.map((provider) => (
        // The page's own address and tab: without JavaScript the answer (or its error) comes back here.
        <fetcher.Form key={provider} method="post" action={signInPath(`/auth?tier=${tier}`)}>
          <input type="hidden" name="intent" value="social" />
          <input type="hidden" name="provider" value={provider} />
          <input type="hidden" name="tier" value={tier} />
          <button
            type="submit"
            disabled={connecting !== null}
            aria-busy={connecting === provider}
            className={cn(
              "inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-full border border-ink/20 bg-white px-5 font-medium text-ink transition-colors duration-200 hover:border-ink/40 hover:bg-sand disabled:cursor-not-allowed disabled:opacity-60",
            )}
          >
            <ProviderMark provider={provider} />
            {connecting === provider
              ? `Connecting to ${PROVIDER_LABELS[provider]}…`
              : `Continue with ${PROVIDER_LABELS[provider]}`}
          </button>
        </fetcher.Form>
      ))}
    </div>
  );
}

function ProviderMark({ provider }: { provider: SocialProvider }) {
  if (provider === "google") {
    return (
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6a5.1 5.1 0 0 1-2.2 3.3v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2Z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23Z"
        />
        <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.3-.4-2s.2-1.4.4-2V7.1H2a11 11 0 0 0 0 9.8L5.7 14Z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.3 1.7l3.2-3.2A11 11 0 0 0 2 7.1L5.7 10c.9-2.6 3.4-4.6 6.3-4.6Z"
        />
      </svg>
    );
  }
  if (provider === "facebook") {
    return (
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="#1877F2" />
        <path
          fill="#fff"
          d="M13.4 19v-6h2l.3-2.4h-2.3V9.1c0-.7.2-1.2 1.2-1.2h1.2V5.8a16 16 0 0 0-1.8-.1c-1.8 0-3 1.1-3 3.1v1.8H9V13h2v6h2.4Z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8a4.5 4.5 0 0 0-3.8 2.3c-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3a10 10 0 0 0 1.3-2.6 4 4 0 0 1-2.5-3.7ZM14.2 5.8a4 4 0 0 0 1-2.9 4.1 4.1 0 0 0-2.7 1.4 3.8 3.8 0 0 0-1 2.8c1 .1 2-.5 2.7-1.3Z"
      />
    </svg>
  );
}
