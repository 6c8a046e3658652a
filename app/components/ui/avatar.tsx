import { AVATAR_SIZES, type AvatarSize } from "#app/modules/people/display.ts";
import { cn } from "./cn.ts";

/** The member's initials on their gradient, or their photo when they have one. */
export function Avatar({
  initials,
  gradient,
  image,
  size = "md",
  className,
}: {
  initials: string;
  gradient: readonly [string, string];
  image?: string | null;
  size?: AvatarSize;
  className?: string;
}) {
  const px = AVATAR_SIZES[size];
  const style = { width: px, height: px, fontSize: Math.round(px * 0.4) };
  if (image) {
    return (
      <img
        src={image}
        alt=""
        width={px}
        height={px}
        style={style}
        className={cn("rounded-full object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, backgroundImage: `linear-gradient(135deg, ${gradient[0]}, ${gradient[1]})` }}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none",
        className,
      )}
    >
      {initials}
    </span>
  );
}
