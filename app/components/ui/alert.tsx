import { CircleAlert, CircleCheck, Info } from "#app/components/ui/icons.tsx";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

const styles = {
  error: { box: "border-danger/30 bg-danger-soft text-danger", Icon: CircleAlert },
  success: { box: "border-sage/40 bg-sage-soft text-sage-deep", Icon: CircleCheck },
  info: { box: "border-lavender bg-lavender-soft text-plum-deep", Icon: Info },
} as const;

/** A message in the page's flow; errors are announced at once. */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: keyof typeof styles;
  children: ReactNode;
  className?: string;
}) {
  const { box, Icon } = styles[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex items-start gap-3 rounded-2xl border px-4 py-3 text-[0.95rem]", box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
