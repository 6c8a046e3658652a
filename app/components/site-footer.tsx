import { Link } from "react-router";
import { BRAND } from "#app/modules/site/brand.ts";
import { footerGroups } from "#app/modules/site/navigation.ts";
import { LogoMark } from "./logo.tsx";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-sand md:mt-24">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-8 py-10 md:grid-cols-[1.4fr_repeat(3,1fr)] md:gap-10 md:py-14">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <p className="flex items-center gap-2 font-serif text-xl font-semibold">
            <LogoMark className="size-8" />
            {BRAND.name}
          </p>
          <p className="mt-3 text-ink-soft">
            Calm, practical preparation for birth, for you and your birth partner.
          </p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="font-sans text-sm font-semibold tracking-wide text-ink-soft uppercase">
              {group.heading}
            </h2>
            <ul className="mt-3 grid gap-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-11 items-center text-ink underline-offset-4 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-ink-soft md:flex-row md:justify-between">
          <p>
            {BRAND.name} offers education and relaxation practice, not medical advice. For questions about
            your health or your baby's, please talk to your midwife or doctor.
          </p>
          <p className="shrink-0">
            © {new Date().getFullYear()} {BRAND.name}
          </p>
        </div>
      </div>
    </footer>
  );
}
