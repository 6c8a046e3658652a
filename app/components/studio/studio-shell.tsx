import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { LogoMark } from "#app/components/logo.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { StudioClockProvider, type StudioClockData } from "#app/components/studio/studio-clock.tsx";
import { timeZoneWords } from "#app/modules/studio/studio-time.ts";

const STUDIO_LINKS = [
  { to: "/studio", label: "Overview", end: true },
  { to: "/studio/members", label: "Members", end: false },
  { to: "/studio/purchases", label: "Purchases", end: false },
  { to: "/studio/offers", label: "Offers", end: false },
  { to: "/studio/inbox", label: "Inbox", end: false },
  { to: "/studio/content", label: "Content", end: false },
  { to: "/studio/words", label: "Words", end: false },
  { to: "/studio/insights", label: "Insights", end: false },
  { to: "/studio/audit", label: "Audit log", end: false },
  { to: "/studio/security", label: "Security", end: false },
] as const;

const TIME_ZONE_PATH = "/studio/time-zone";

/**
 * The studio's frame: its own header and menu, none of the members' portal
 * (no bottom bar, no player). On a phone the menu is one row that scrolls
 * sideways, the current page scrolled into view; on a wide screen it sits
 * beside the name.
 */
export function StudioShell({
  owner,
  inboxUnread = 0,
  clock = null,
  children,
}: {
  owner: { name: string; email: string } | null;
  /** Unread conversations in the inbox, shown beside its link. */
  inboxUnread?: number;
  /** Her clock, once she is through the second factor: every time on the page is written on it. */
  clock?: StudioClockData | null;
  children: ReactNode;
}) {
  const page = (
    <div className="flex min-h-screen flex-col bg-cream">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-ink/10 bg-white">
        <div className="container-page flex flex-wrap items-center gap-x-6 pt-2 lg:flex-nowrap lg:py-3">
          <NavLink
            to="/studio"
            className="flex min-h-11 shrink-0 items-center gap-2 font-serif text-xl font-semibold text-ink"
          >
            <LogoMark className="size-8" />
            Tidewell Studio
          </NavLink>
          {owner ? <StudioMenu inboxUnread={inboxUnread} /> : null}
          {owner ? (
            <div className="ml-auto flex shrink-0 items-center gap-3 text-sm text-ink-soft">
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
      {/* A long address (a name she never gave) breaks rather than running off a phone's screen. */}
      <main id="main" className="container-page flex-1 py-8 break-words">
        {clock ? <TimeZoneNotice clock={clock} /> : null}
        {children}
      </main>
      {clock ? <TimeZoneFooter clock={clock} /> : null}
    </div>
  );
  return clock ? <StudioClockProvider clock={clock}>{page}</StudioClockProvider> : page;
}

/**
 * The studio's pages, as one row of tabs. Where they don't all fit (a phone) the row scrolls sideways
 * (by touch, or by Tab from link to link), and the current page is scrolled into view: by CSS
 * (`scroll-initial-target`) before the page's script runs where the browser knows it, and on each visit.
 */
function StudioMenu({ inboxUnread }: { inboxUnread: number }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list.current && current) showWhole(list.current, current, "middle");
  }, [pathname]);
  return (
    <nav
      aria-label="Studio"
      className="order-last -mx-5 w-[calc(100%+2.5rem)] md:-mx-8 md:w-[calc(100%+4rem)] lg:order-none lg:mx-0 lg:w-auto lg:min-w-0 lg:flex-1"
    >
      <ul
        ref={list}
        // A link the keyboard reaches comes wholly into view (the browser scrolls only one wholly out of it).
        onFocus={(event) => showWhole(event.currentTarget, event.target, "edge")}
        className="relative flex scroll-px-5 [scrollbar-width:thin] gap-1 overflow-x-auto px-5 pb-2 md:scroll-px-8 md:px-8 lg:px-0 lg:pb-0"
      >
        {STUDIO_LINKS.map((link) => (
          <li key={link.to} className="shrink-0">
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center rounded-lg px-3 text-[0.95rem] font-medium whitespace-nowrap text-ink-soft hover:bg-lavender-soft hover:text-ink",
                  isActive && "bg-lavender-soft text-plum-deep [scroll-initial-target:nearest]",
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
  );
}

/**
 * Scrolls the menu's row sideways, if need be, until `item` is wholly in view: to the middle (so its
 * neighbours show either side), or just past the nearer edge.
 */
function showWhole(row: HTMLElement, item: Element, to: "middle" | "edge") {
  const box = row.getBoundingClientRect();
  const link = item.getBoundingClientRect();
  const padding = Number.parseFloat(getComputedStyle(row).paddingLeft) || 0;
  const [left, right] = [box.left + padding, box.right - padding];
  if (link.left >= left && link.right <= right) return;
  if (to === "middle") row.scrollLeft += link.left - box.left - (box.width - link.width) / 2;
  else row.scrollLeft += link.left < left ? link.left - left : link.right - right;
}

/** Until she has set the studio's time zone and her profile has none either: times are UTC's, and why. */
function TimeZoneNotice({ clock }: { clock: StudioClockData }) {
  const { pathname } = useLocation();
  if (clock.source !== "default" || pathname === TIME_ZONE_PATH) return null;
  return (
    <p className="mb-6 max-w-3xl rounded-2xl border border-lavender bg-lavender-soft px-4 py-3 text-[0.95rem] text-plum-deep">
      Times here are in UTC until you set your time zone.{" "}
      <Link to={TIME_ZONE_PATH} className="font-medium underline underline-offset-4">
        Set your time zone
      </Link>
    </p>
  );
}

/** Which clock the page's times are on, and the way to change it. */
function TimeZoneFooter({ clock }: { clock: StudioClockData }) {
  const { pathname } = useLocation();
  const words = timeZoneWords(clock.timeZone);
  return (
    <footer className="border-t border-ink/10">
      <p className="container-page py-4 text-sm text-ink-soft">
        Times are in {words === clock.timeZone ? words : `${words} (${clock.timeZone})`}.{" "}
        {pathname === TIME_ZONE_PATH ? null : (
          <Link
            to={TIME_ZONE_PATH}
            className="inline-flex min-h-11 items-center text-plum underline underline-offset-4"
          >
            Change the time zone
          </Link>
        )}
      </p>
    </footer>
  );
}
