import { Link } from "react-router";
import { BRAND } from "#app/modules/site/brand.ts";

/** A crescent moon over a wave: the mark, then the name. */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill="var(--color-lavender-soft)" />
      <path d="M24.5 9.5a9 9 0 1 0 5.8 14.2A7.2 7.2 0 0 1 24.5 9.5Z" fill="var(--color-plum)" />
      <path
        d="M7 28c3-2.4 5.6-2.4 8.6 0s5.6 2.4 8.6 0 5.6-2.4 8.8 0"
        fill="none"
        stroke="var(--color-sage-deep)"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2.5 rounded-full pr-2"
      aria-label={`${BRAND.name} home`}
    >
      <LogoMark />
      <span className="font-serif text-2xl font-semibold tracking-tight text-ink">{BRAND.name}</span>
    </Link>
  );
}
