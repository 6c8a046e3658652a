import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap transition-colors duration-200 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-apricot text-ink shadow-soft hover:bg-apricot-deep",
        secondary: "bg-plum text-cream hover:bg-plum-deep",
        outline: "border border-ink/25 bg-transparent text-ink hover:border-ink/50 hover:bg-sand",
        ghost: "text-ink hover:bg-sand",
        link: "min-h-0 rounded-none text-plum underline underline-offset-4 hover:text-plum-deep",
      },
      size: {
        sm: "px-4 text-sm",
        md: "px-6 text-base",
        lg: "min-h-13 px-8 text-lg",
        icon: "size-11 p-0",
      },
    },
    // A link sits in the text: no padding whatever the size.
    compoundVariants: [{ variant: "link", className: "px-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
