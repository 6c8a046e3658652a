import { X } from "#app/components/ui/icons.tsx";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

export interface SheetState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

/**
 * Whether a sheet is open. It is opened on one page: the next page (a link
 * followed, a redirect, back) finds it closed, with nothing to reset.
 */
export function useSheet(): SheetState {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  return {
    isOpen: openOn === key,
    open: () => setOpenOn(key),
    close: () => setOpenOn(null),
  };
}

/**
 * A panel that slides in from the side: the mobile navigation drawer. A
 * native modal dialog: the browser keeps focus inside it, makes the page
 * behind it inert, closes it on Escape and gives focus back to the button
 * that opened it. Following a link in it, or a tap beside it, closes it too.
 */
export function SheetContent({
  sheet,
  title,
  children,
}: {
  sheet: SheetState;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { isOpen, close } = sheet;

  // Shown once its content is in place, so the browser focuses its first control (Close).
  useEffect(() => {
    const dialog = ref.current;
    if (isOpen && !dialog?.open) dialog?.showModal();
    if (!isOpen && dialog?.open) dialog.close();
  }, [isOpen]);

  return (
    // The dialog itself is the backdrop's click target; its content is the panel inside it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={close}
      onClick={(event) => {
        const target = event.target as Element;
        if (target === event.currentTarget || target.closest("a")) close();
      }}
      className="fixed inset-y-0 right-0 left-auto h-auto max-h-none w-[min(22rem,88vw)] max-w-none animate-slide-in-right overflow-y-auto bg-cream text-ink shadow-soft backdrop:animate-fade-in backdrop:bg-ink/40"
    >
      {isOpen ? (
        <div className="flex min-h-full flex-col p-6">
          <div className="mb-4 flex items-center justify-between">
            <h2 id={titleId} className="font-serif text-xl">
              {title}
            </h2>
            <button
              type="button"
              onClick={close}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
              aria-label="Close menu"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
