import {
  BookOpen,
  Brain,
  CalendarHeart,
  FileText,
  Headphones,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Mic,
  User,
  Waves,
  type IconComponent,
} from "#app/components/ui/icons.tsx";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { SignOutForm } from "#app/components/account-menu.tsx";
import { OfflineSupport } from "#app/components/offline/offline-support.tsx";
import { Logo } from "#app/components/logo.tsx";
import { BottomPlayer } from "#app/components/player/bottom-player.tsx";
import type { PlayAudioDetail } from "#app/components/player/play-event.ts";
import { usePlayer } from "#app/components/player/player-context.tsx";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { usePageHeadingFocus } from "#app/components/ui/focus-after.ts";
import { SheetContent, useSheet } from "#app/components/ui/sheet.tsx";
import type { Member } from "#app/modules/accounts/session.server.ts";
import {
  BOTTOM_BAR_LINKS,
  isCurrentPage,
  PARTNER_DASHBOARD,
  PORTAL_GROUPS,
  type PortalLink,
} from "#app/modules/site/portal-navigation.ts";

const ICONS: Record<PortalLink["icon"], IconComponent> = {
  dashboard: LayoutDashboard,
  library: Headphones,
  programme: CalendarHeart,
  labour: Waves,
  plan: FileText,
  profile: User,
  resources: BookOpen,
  podcast: Mic,
  science: Brain,
  contact: Mail,
};

const sideLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center gap-3 rounded-xl px-3 font-medium transition-colors duration-200 hover:bg-white/70",
    isActive ? "bg-white text-plum shadow-soft" : "text-ink",
  );

/** The portal around every members' page: sidebar (or phone bars), the page, and the player. */
export function PortalShell({
  member,
  today,
  entitled,
  children,
}: {
  member: Member;
  /** Today's practice, which the player offers while nothing plays. */
  today: PlayAudioDetail;
  /** The sessions she may keep downloaded. */
  entitled: string[];
  children: ReactNode;
}) {
  useKeepTimeZone(member.timeZone);
  return (
    <div className="min-h-screen [--portal-bottom-bar:4rem] lg:grid lg:grid-cols-[17rem_1fr] lg:[--portal-bottom-bar:0px] print:block">
      {/* A printed page (the birth preferences' print view) is the page alone, without the portal around it. */}
      <aside className="sticky top-0 hidden h-screen flex-col gap-6 overflow-y-auto border-r border-line bg-sand/70 p-5 lg:flex print:!hidden">
        <Logo to="/portal" />
        <MemberCard member={member} />
        <PortalNav member={member} />
        <div className="mt-auto">
          <SignOutForm className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 font-medium text-ink hover:bg-white/70">
            <LogOut aria-hidden="true" className="size-5" /> Sign Out
          </SignOutForm>
        </div>
      </aside>

      <div className="flex min-h-screen flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between border-b border-line bg-cream/95 px-4 backdrop-blur lg:hidden print:hidden">
          <Logo to="/portal" />
          <PortalMenu member={member} />
        </header>
        <OfflineSupport entitled={entitled} />
        <PortalMain>{children}</PortalMain>
      </div>

      <nav
        aria-label="Portal shortcuts"
        className="fixed inset-x-0 bottom-0 z-30 grid h-16 grid-cols-5 border-t border-line bg-cream/95 backdrop-blur lg:hidden print:hidden"
      >
        {BOTTOM_BAR_LINKS.map((link) => {
          const Icon = ICONS[link.icon];
          const to = hrefFor(link, member);
          return (
            <MenuLink
              key={link.to}
              to={to}
              end={link.to === "/portal"}
              className={({ isActive }) =>
                cn(
                  "flex flex-col items-center justify-center gap-0.5 text-xs font-medium",
                  isActive ? "text-plum" : "text-ink-soft",
                )
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {link.label}
            </MenuLink>
          );
        })}
        <SignOutForm className="flex h-full w-full flex-col items-center justify-center gap-0.5 text-xs font-medium text-ink-soft">
          <LogOut aria-hidden="true" className="size-5" />
          Sign Out
        </SignOutForm>
      </nav>
      <BottomPlayer today={today} />
    </div>
  );
}

/** A member's days follow their own clock: tell the server when the browser's time zone differs. */
function useKeepTimeZone(saved: string) {
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone || timeZone === saved) return;
    void fetch("/api/time-zone", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ timeZone }),
    }).catch(() => {});
  }, [saved]);
}

/** Leaves room at the bottom so the bars and the player never cover the page. */
function PortalMain({ children }: { children: ReactNode }) {
  const { track, captions } = usePlayer();
  usePageHeadingFocus();
  return (
    <main
      id="main"
      className={cn(
        "flex-1",
        // The player's height, and with captions on the room for their lines (bottom-player.tsx); a page
        // with a background of its own (labour mode's) draws it down into this room with --portal-room.
        "pb-(--portal-room)",
        track && captions
          ? "[--portal-room:calc(var(--portal-bottom-bar)+12.25rem)] md:[--portal-room:calc(var(--portal-bottom-bar)+9.5rem)]"
          : track
            ? "[--portal-room:calc(var(--portal-bottom-bar)+8rem)] md:[--portal-room:calc(var(--portal-bottom-bar)+6rem)]"
            : "[--portal-room:calc(var(--portal-bottom-bar)+5.5rem)]",
      )}
    >
      {children}
    </main>
  );
}

function MemberCard({ member }: { member: Member }) {
  return (
    <Link to="/portal/profile" className="flex items-center gap-3 rounded-2xl bg-white/80 p-3 hover:bg-white">
      <Avatar initials={member.initials} gradient={member.gradient} image={member.image} size="md" />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-ink">{member.displayName}</span>
        <span className="block truncate text-sm text-ink-soft">{member.email}</span>
      </span>
    </Link>
  );
}

/** The phone's menu: the member and the whole portal navigation, in a drawer. */
function PortalMenu({ member }: { member: Member }) {
  const sheet = useSheet();
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog" onClick={sheet.open}>
        <Menu aria-hidden="true" className="!size-6" />
      </Button>
      <SheetContent sheet={sheet} title="Menu">
        <MemberCard member={member} />
        <div className="mt-4">
          <PortalNav member={member} />
        </div>
      </SheetContent>
    </>
  );
}

/** Where a link of the menu goes for this account: a birth partner's dashboard is their own page. */
function hrefFor(link: PortalLink, member: Pick<Member, "isPartner">): string {
  return link.to === "/portal" && member.isPartner ? PARTNER_DASHBOARD : link.to;
}

function PortalNav({ member }: { member: Pick<Member, "isPartner"> }) {
  return (
    <nav aria-label="Portal" className="grid gap-5">
      {PORTAL_GROUPS.map((group) => (
        <div key={group.heading}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">
            {group.heading}
          </p>
          <ul className="grid gap-0.5">
            {group.links.map((link) => {
              const Icon = ICONS[link.icon];
              return (
                <li key={link.to}>
                  <MenuLink to={hrefFor(link, member)} end={link.to === "/portal"} className={sideLink}>
                    <Icon aria-hidden="true" className="size-5" />
                    {link.label}
                  </MenuLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * A menu link, marked when it is the current page. React Router's `NavLink` does the same, but
 * resolves its path twice (for itself and for the link inside): a portal page draws fourteen.
 */
function MenuLink({
  to,
  end,
  className,
  children,
}: {
  to: string;
  end: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const isActive = isCurrentPage(useLocation().pathname, to, end);
  return (
    <Link to={to} aria-current={isActive ? "page" : undefined} className={className({ isActive })}>
      {children}
    </Link>
  );
}
