import { Menu } from "#app/components/ui/icons.tsx";
import { Link, useLocation } from "react-router";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { NavDropdown, navItemClass } from "#app/components/ui/nav-dropdown.tsx";
import { SheetContent, useSheet } from "#app/components/ui/sheet.tsx";
import type { Member } from "#app/modules/accounts/session.server.ts";
import {
  birthPreparationLinks,
  primaryLinks,
  signedOutLinks,
  type NavLink,
} from "#app/modules/site/navigation.ts";
import { useRootData } from "#app/root-data.ts";
import { AccountMenu, SignOutForm } from "./account-menu.tsx";
import { Logo } from "./logo.tsx";

export function SiteHeader() {
  const member = useRootData()?.member ?? null;
  return (
    <header className="sticky top-0 z-30 border-b border-line/70 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/80">
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <Logo />
        <DesktopNavigation />
        <div className="hidden items-center gap-2 lg:flex">
          {member ? (
            <AccountMenu member={member} />
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to={signedOutLinks.logIn.to}>{signedOutLinks.logIn.label}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={signedOutLinks.join.to}>{signedOutLinks.join.label}</Link>
              </Button>
            </>
          )}
        </div>
        <MobileNavigation member={member} />
      </div>
    </header>
  );
}

function DesktopNavigation() {
  const { pathname } = useLocation();
  const preparation = birthPreparationLinks(useRootData()?.partnerCourse ?? false);
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        <li>
          <NavDropdown label="Birth Preparation">
            <ul className="grid gap-1">
              {preparation.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="block rounded-2xl px-4 py-3 transition-colors duration-200 hover:bg-sand focus-visible:bg-sand"
                  >
                    <MenuEntry link={link} />
                  </Link>
                </li>
              ))}
            </ul>
          </NavDropdown>
        </li>
        {primaryLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={navItemClass}
              aria-current={pathname.startsWith(link.to) ? "page" : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MenuEntry({ link }: { link: NavLink }) {
  return (
    <>
      <span className="flex items-center gap-2 font-medium text-ink">
        {link.label}
        {link.badge ? (
          <span className="rounded-full bg-lavender-soft px-2 py-0.5 text-xs font-medium text-plum">
            {link.badge}
          </span>
        ) : null}
      </span>
      {link.description ? (
        <span className="mt-0.5 block text-sm leading-snug text-ink-soft">{link.description}</span>
      ) : null}
    </>
  );
}

function MobileNavigation({ member }: { member: Member | null }) {
  const itemClass =
    "flex min-h-12 items-center rounded-2xl px-4 text-lg text-ink transition-colors duration-200 hover:bg-sand";
  const sheet = useSheet();
  const preparation = birthPreparationLinks(useRootData()?.partnerCourse ?? false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={sheet.open}
      >
        <Menu aria-hidden="true" className="!size-6" />
      </Button>
      <SheetContent sheet={sheet} title="Menu">
        <nav aria-label="Main" className="flex flex-1 flex-col">
          <p
            id="mobile-birth-preparation"
            className="px-4 pb-1 text-sm font-semibold tracking-wide text-ink-soft uppercase"
          >
            Birth Preparation
          </p>
          <ul aria-labelledby="mobile-birth-preparation" className="mb-4 grid gap-1">
            {preparation.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={cn(itemClass, "gap-2")}>
                  {link.label}
                  {link.badge ? (
                    <span className="rounded-full bg-lavender-soft px-2 py-0.5 text-xs font-medium text-plum">
                      {link.badge}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="grid gap-1 border-t border-line pt-4">
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={itemClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {member ? (
            <div className="mt-auto border-t border-line pt-4">
              <p id="mobile-my-account" className="flex items-center gap-3 px-4 pb-2">
                <Avatar
                  initials={member.initials}
                  gradient={member.gradient}
                  image={member.image}
                  size="sm"
                />
                <span className="font-semibold">My Account</span>
              </p>
              <ul aria-labelledby="mobile-my-account" className="grid gap-1">
                <li>
                  <Link to="/portal" className={itemClass}>
                    Dashboard
                  </Link>
                </li>
                {member.isOwner ? (
                  <li>
                    <Link to="/studio" className={itemClass}>
                      Studio
                    </Link>
                  </li>
                ) : null}
                <li>
                  <SignOutForm className={cn(itemClass, "w-full text-left")}>Sign Out</SignOutForm>
                </li>
              </ul>
            </div>
          ) : (
            <div className="mt-auto grid gap-3 pt-6">
              <Button asChild variant="outline">
                <Link to={signedOutLinks.logIn.to}>{signedOutLinks.logIn.label}</Link>
              </Button>
              <Button asChild>
                <Link to={signedOutLinks.join.to}>{signedOutLinks.join.label}</Link>
              </Button>
            </div>
          )}
        </nav>
      </SheetContent>
    </>
  );
}
