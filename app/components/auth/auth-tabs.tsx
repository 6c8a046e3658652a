import { Link } from "react-router";
import { useSignInPath } from "./sign-in-path.ts";
import { cn } from "#app/components/ui/cn.ts";
import type { AuthTab } from "#app/modules/accounts/forms.ts";

const tabs: { tab: AuthTab; label: string; note: string }[] = [
  { tab: "free", label: "Foundation Course", note: "Free" },
  { tab: "premium", label: "Complete Course", note: "" },
  { tab: "signin", label: "Sign In", note: "Welcome back" },
];

/** The /auth page's three tabs (free course, Complete Course at its price, sign in), the current one marked. */
export function AuthTabs({ tab, price }: { tab: AuthTab; price: string }) {
  const signInPath = useSignInPath();
  return (
    <nav aria-label="Choose how to start" className="mb-6">
      {/* One line per tab on a phone (the note joins on wider screens); two on the narrowest, so none runs off it. */}
      <ul className="flex gap-1 rounded-2xl bg-sand p-1 sm:grid sm:grid-cols-3">
        {tabs.map((item) => (
          <li key={item.tab} className="flex-auto">
            <Link
              to={signInPath(`/auth?tier=${item.tab}`)}
              aria-current={item.tab === tab ? "page" : undefined}
              className={cn(
                "flex min-h-12 flex-col items-center justify-center rounded-xl px-1 text-center text-[0.8125rem] leading-tight font-medium transition-colors duration-200 hover:text-ink min-[22.5rem]:whitespace-nowrap sm:min-h-14 sm:px-2 sm:text-sm",
                item.tab === tab ? "bg-white text-ink shadow-soft" : "text-ink-soft",
              )}
            >
              {item.label}
              <span className="hidden text-xs font-normal sm:block">
                {item.tab === "premium" ? price : item.note}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
