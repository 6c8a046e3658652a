import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "block min-h-12 w-full rounded-xl border border-ink/25 bg-white px-4 text-base text-ink transition-colors duration-200 placeholder:text-ink-soft/80 hover:border-ink/40 focus-visible:border-plum disabled:opacity-60 aria-[invalid=true]:border-danger",
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
