import { ChevronDown } from "#app/components/ui/icons.tsx";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { cn } from "./cn.ts";
import { createHoverIntent } from "./hover-intent.ts";

/** A menu opens after 200 ms of hover; within 300 ms of another closing it opens at once. */
const NAV_HOVER_DELAY_MS = 200;
const NAV_SKIP_DELAY_MS = 300;

export const navItemClass =
  "inline-flex min-h-11 items-center rounded-full px-4 text-[0.95rem] font-medium text-ink transition-colors duration-200 hover:bg-sand aria-[current=page]:bg-sand";

/**
 * A navigation disclosure: a button that shows a list of links, on click or
 * keyboard, and on hover after a short delay. Escape closes it and returns
 * focus to the button; moving focus away closes it.
 */
export function NavDropdown({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const intent = useRef<ReturnType<typeof createHoverIntent>>(null);

  useEffect(() => {
    intent.current = createHoverIntent({
      openDelay: NAV_HOVER_DELAY_MS,
      skipDelay: NAV_SKIP_DELAY_MS,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
    });
    return () => intent.current?.dispose();
  }, []);

  const setOpenBy = (next: boolean) => {
    intent.current?.sync(next);
    setOpen(next);
  };
  const close = () => setOpenBy(false);

  return (
    // The wrapper only listens: hover intent, Escape and focus leaving all concern the button and its panel together.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={cn("relative", className)}
      onPointerEnter={(event) => event.pointerType === "mouse" && intent.current?.enter()}
      onPointerLeave={(event) => event.pointerType === "mouse" && intent.current?.leave()}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close();
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenBy(!open)}
        className={cn(navItemClass, "group gap-1", open && "bg-sand")}
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className={cn("size-4 transition-transform duration-200", open && "rotate-180")}
        />
      </button>
      {/* Following a link in the panel closes it. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest("a")) close();
        }}
        className="absolute top-full left-0 z-30 w-80 pt-2 data-[open]:animate-fade-in"
        data-open={open ? "" : undefined}
      >
        <div className="rounded-[var(--radius-card)] border border-line bg-cream p-2 shadow-soft">
          {children}
        </div>
      </div>
    </div>
  );
}
