import { LayoutDashboard, LogOut, ShieldCheck } from "#app/components/ui/icons.tsx";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { signOutStarted } from "#app/components/session-messages.tsx";
import { authMessages } from "#app/modules/accounts/providers.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";

const SIGN_OUT_ACTION = "/auth/sign-out";

/** Signs out through the server; a failure shows its message, or 'Sign out failed'. */
function useSignOut() {
  const fetcher = useFetcher<{ error?: string }>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "error" in fetcher.data) {
      signOutStarted(false);
      toast.error(fetcher.data.error || authMessages.signOutFailed);
    }
  }, [fetcher.state, fetcher.data]);
  return {
    pending: fetcher.state !== "idle",
    signOut: () => {
      signOutStarted();
      void fetcher.submit(null, { method: "post", action: SIGN_OUT_ACTION });
    },
  };
}

/**
 * The signed-in member's menu in the site header: 'My Account' with Dashboard
 * (and Studio, for the course's owner) and Sign Out. A native popover: the browser opens it, closes it on Escape
 * or a click outside, and returns focus, with no script of ours.
 */
export function AccountMenu({ member }: { member: Member }) {
  const { signOut, pending } = useSignOut();
  const item =
    "flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-xl px-3 text-left text-ink hover:bg-sand focus-visible:bg-sand [&_svg]:size-4";
  const close = () => document.getElementById(ACCOUNT_MENU_ID)?.hidePopover();
  return (
    <>
      <button
        type="button"
        popoverTarget={ACCOUNT_MENU_ID}
        className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-sand"
      >
        <Avatar initials={member.initials} gradient={member.gradient} image={member.image} size="sm" />
        <span className="text-[0.95rem] font-medium">My Account</span>
      </button>
      <div
        id={ACCOUNT_MENU_ID}
        popover="auto"
        role="group"
        aria-label="My Account"
        className="account-menu min-w-56 rounded-2xl border border-line bg-cream p-1.5 text-ink shadow-soft"
      >
        <p className="px-3 py-2 text-sm text-ink-soft">
          <span className="block font-medium text-ink">{member.displayName}</span>
          <span className="block truncate">{member.email}</span>
        </p>
        <hr className="my-1 border-line" />
        <ul className="grid">
          <li>
            <Link to="/portal" className={item} onClick={close}>
              <LayoutDashboard aria-hidden="true" /> Dashboard
            </Link>
          </li>
          {member.isOwner ? (
            <li>
              <Link to="/studio" className={item} onClick={close}>
                <ShieldCheck aria-hidden="true" /> Studio
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={item}
              disabled={pending}
              onClick={() => {
                close();
                signOut();
              }}
            >
              <LogOut aria-hidden="true" /> Sign Out
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}

const ACCOUNT_MENU_ID = "account-menu";

/** Sign Out as a real form button, for the drawer and for pages without JavaScript. */
export function SignOutForm({ className, children }: { className?: string; children: React.ReactNode }) {
  const { signOut, pending } = useSignOut();
  return (
    <form
      method="post"
      action={SIGN_OUT_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        signOut();
      }}
    >
      <button type="submit" className={className} disabled={pending}>
        {children}
      </button>
    </form>
  );
}
