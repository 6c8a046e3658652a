import type { ComponentProps } from "react";
import { cn } from "./cn.ts";
import { Search } from "./icons.tsx";

/** The body's size, or larger for a one-time code's digits. */
const TEXT_SIZES = { base: "text-base", xl: "text-xl", "2xl": "text-2xl" } as const;

export function Input({
  className,
  textSize = "base",
  ...props
}: ComponentProps<"input"> & { textSize?: keyof typeof TEXT_SIZES }) {
  return (
    <input
      className={cn(
        "block min-h-12 w-full rounded-xl border border-ink/25 bg-white px-4 text-ink transition-colors duration-200 placeholder:text-ink-soft/80 hover:border-ink/40 focus-visible:border-plum disabled:opacity-60 aria-[invalid=true]:border-danger",
        TEXT_SIZES[textSize],
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "block w-full rounded-xl border border-ink/25 bg-white px-4 py-3 text-base text-ink transition-colors duration-200 placeholder:text-ink-soft/80 hover:border-ink/40 focus-visible:border-plum aria-[invalid=true]:border-danger",
        className,
      )}
      {...props}
    />
  );
}

/** A search box: round, with a magnifier inside, as the portal's searches have it. */
export function SearchInput(props: Omit<ComponentProps<"input">, "type" | "className">) {
  return (
    <div className="relative flex-1">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-soft"
      />
      <input
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        className="block min-h-12 w-full rounded-full border border-ink/25 bg-white pr-4 pl-12 text-base text-ink transition-colors duration-200 placeholder:text-ink-soft hover:border-ink/40 focus-visible:border-plum"
        {...props}
      />
    </div>
  );
}
