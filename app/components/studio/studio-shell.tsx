import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { LogoMark } from "#app/components/logo.tsx";
import { cn } from "#app/components/ui/cn.ts";

const STUDIO_LINKS = [
  { to: "/studio", label: "Overview", end: true },
  { to: "/studio/members", label: "Members", end: false },
  { to: "/studio/purchases", label: "Purchases", end: false },
  { to: "/studio/inbox", label: "Inbox", end: false },
  { to: "/studio/content", label: "Content", end: false },
  { to: "/studio/insights", label: "Insights", end: false },
  { to: "/studio/audit", label: "Audit log", end: false },
  { to: "/studio/security", label: "Security", end: false },
] as const;

/** The studio's frame: its own header and menu, none of the members' portal. */
export function StudioShell({
  owner,
  inboxUnread = 0,
  children,
}: {
  owner: { name: string; email: string } | null;
  /** Unread conversations in the inbox, shown beside its link. */
  inboxUnread?: number;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-cream">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-ink/10 bg-white">
        <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
          <NavLink to="/studio" className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
            <LogoMark className="size-8" />
            Tidewell Studio
          </NavLink>
          {owner ? (
            <nav aria-label="Studio" className="order-last w-full sm:order-none sm:w-auto">
              <ul className="flex flex-wrap gap-1">
                {STUDIO_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      className={({ isActive }) =>
                        cn(
                          "inline-flex min-h-11 items-center rounded-lg px-3 text-[0.95rem] font-medium text-ink-soft hover:bg-lavender-soft hover:text-ink",
                          isActive && "bg-lavender-soft text-plum-deep",
                        )
                      }
                    >
                      {link.label}
                      {link.to === "/studio/inbox" && inboxUnread > 0 ? (
                        <span className="ml-2 rounded-full bg-plum px-2 text-sm text-cream">
                          {inboxUnread}
                          <span className="sr-only"> unread</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {owner ? (
            <div className="ml-auto flex items-center gap-3 text-sm text-ink-soft">
              <span className="hidden 2xl:inline">{owner.email}</span>
              <Form method="post" action="/auth/sign-out" reloadDocument>
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-plum underline-offset-4 hover:underline"
                >
                  Sign Out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
      </header>
      <main id="main" className="container-page flex-1 py-8">
        {children}
      </main>
    </div>
  );
}
