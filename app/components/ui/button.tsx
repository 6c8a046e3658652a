import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

/** The variants that are pills: a height and padding of their own, unlike a link in the text. */
type Pill = "primary" | "secondary" | "outline" | "danger" | "ghost";
const PILLS: Pill[] = ["primary", "secondary", "outline", "danger", "ghost"];

/*
 * Each class comes from one place only (the base, one variant, one compound), so no two classes
 * ever set the same property and a caller's className only adds: nothing needs merging.
 */
export const buttonVariants = cva(
  "inline-flex items-center gap-2 font-medium transition-colors duration-200 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "rounded-full bg-apricot text-ink shadow-soft hover:bg-apricot-deep",
        secondary: "rounded-full bg-plum text-cream hover:bg-plum-deep",
        outline:
          "rounded-full border border-ink/25 bg-transparent text-ink hover:border-ink/50 hover:bg-sand",
        /** An outline in the danger colour, for an action that can't be undone. */
        danger:
          "rounded-full border border-danger bg-transparent text-danger hover:border-ink/50 hover:bg-danger-soft",
        ghost: "rounded-full text-ink hover:bg-sand",
        link: "rounded-none text-plum underline underline-offset-4 hover:text-plum-deep",
      },
      size: {
        sm: "text-sm",
        md: "text-base",
        /** As tall as the form field beside it. */
        field: "text-base",
        lg: "text-lg",
        icon: "",
      },
      /**
       * A label centred on one line (on two on the narrowest screens, rather than running off a 320 px one),
       * or one that starts at the left and may wrap.
       */
      align: {
        center: "justify-center text-center min-[22.5rem]:whitespace-nowrap",
        start: "justify-start text-left whitespace-normal",
      },
    },
    // A pill's height and padding; a link sits in the text with neither, whatever the size.
    compoundVariants: [
      { variant: PILLS, size: "sm", className: "min-h-11 px-4" },
      { variant: PILLS, size: "md", className: "min-h-11 px-6" },
      { variant: PILLS, size: "field", className: "min-h-12 px-6" },
      { variant: PILLS, size: "lg", className: "min-h-13 px-8" },
      { variant: PILLS, size: "icon", className: "size-11 min-h-11 p-0" },
    ],
    defaultVariants: { variant: "primary", size: "md", align: "center" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look. */
    asChild?: boolean;
  };

// cva works the compound variants out on each call, for every button of every page the server
// renders; a button has a few dozen combinations at most, each worked out once.
const variantClasses = new Map<string, string>();
function classesFor({ variant, size, align }: VariantProps<typeof buttonVariants>): string {
  const key = `${variant}|${size}|${align}`;
  let classes = variantClasses.get(key);
  if (classes === undefined) {
    classes = buttonVariants({ variant, size, align });
    variantClasses.set(key, classes);
  }
  return classes;
}

export function Button({ className, variant, size, align, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(classesFor({ variant, size, align }), className)} {...props} />;
}
