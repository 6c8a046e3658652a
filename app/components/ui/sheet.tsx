import { Dialog } from "radix-ui";
import { X } from "~/components/ui/icons.tsx";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn.ts";

/** A panel that slides in from the side: the mobile navigation drawer. */
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;

export function SheetContent({
  className,
  children,
  title,
  description,
  ...props
}: ComponentProps<typeof Dialog.Content> & { title: string; description?: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 data-[state=open]:animate-fade-in" />
      <Dialog.Content
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-cream p-6 shadow-soft data-[state=open]:animate-slide-in-right",
          className,
        )}
        {...props}
      >
        <div className="mb-4 flex items-center justify-between">
          <Dialog.Title className="font-serif text-xl">{title}</Dialog.Title>
          <Dialog.Close
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
            aria-label="Close menu"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        {description ? (
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
        ) : (
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
        )}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
