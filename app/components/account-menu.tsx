import { LayoutDashboard, LogOut } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { Avatar } from "~/components/ui/avatar.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu.tsx";
import { authMessages } from "~/modules/accounts/providers.ts";
import type { Member } from "~/modules/accounts/session.server.ts";

export const SIGN_OUT_ACTION = "/auth/sign-out";

/** Signs out through the server; a failure shows its message, or 'Sign out failed'. */
export function useSignOut() {
  const fetcher = useFetcher<{ error?: string }>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "error" in fetcher.data) {
      toast.error(fetcher.data.error || authMessages.signOutFailed);
    }
  }, [fetcher.state, fetcher.data]);
  return {
    pending: fetcher.state !== "idle",
    signOut: () => void fetcher.submit(null, { method: "post", action: SIGN_OUT_ACTION }),
  };
}

/** The signed-in member's menu in the site header: 'My Account' with Dashboard and Sign Out. */
export function AccountMenu({ member }: { member: Member }) {
  const { signOut, pending } = useSignOut();
  return (
    // Not modal: the rest of the page stays available to assistive technology.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-sand">
        <Avatar initials={member.initials} gradient={member.gradient} image={member.image} size="sm" />
        <span className="text-[0.95rem] font-medium">My Account</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-medium text-ink">{member.displayName}</span>
          <span className="block truncate">{member.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/portal">
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={pending} onSelect={signOut}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Sign Out as a real form button, for the drawer and for pages without JavaScript. */
export function SignOutForm({ className, children }: { className?: string; children: React.ReactNode }) {
  const fetcher = useFetcher<{ error?: string }>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "error" in fetcher.data) {
      toast.error(fetcher.data.error || authMessages.signOutFailed);
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action={SIGN_OUT_ACTION}>
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
