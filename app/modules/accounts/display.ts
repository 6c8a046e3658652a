/**
 * How a member is named and drawn, exactly as the spec says: the display name,
 * the avatar's initials and its colour.
 */

/** full_name, else the part of the email before the @, else 'User'. */
export function displayName({ name, email }: { name?: string | null; email?: string | null }): string {
  const fullName = name?.trim();
  if (fullName) return fullName;
  const local = email?.split("@")[0]?.trim();
  return local || "User";
}

/** The first word of the display name, for greetings; 'Friend' when there is no name at all. */
export function firstName(name?: string | null): string {
  return name?.trim().split(/\s+/)[0] || "Friend";
}

/** First letters of the first two words, else the first two characters; at most 2 letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length >= 2
      ? `${[...words[0]!][0]}${[...words[1]!][0]}`
      : [...(words[0] ?? "")].slice(0, 2).join("");
  return letters.toUpperCase();
}

/** The six avatar gradients, from-colour and to-colour. */
export const AVATAR_GRADIENTS = [
  ["#5b3f6e", "#8a6aa3"],
  ["#3f5e4b", "#6f8f7a"],
  ["#8a4b3a", "#c27a5f"],
  ["#3e4f7a", "#6a7fb0"],
  ["#7a3f5e", "#a86a8a"],
  ["#4a5a3a", "#7b8f5e"],
] as const;

/** One of the six gradients, chosen by the first character of the member's id. */
export function avatarGradient(id: string): (typeof AVATAR_GRADIENTS)[number] {
  const code = id.codePointAt(0) ?? 0;
  return AVATAR_GRADIENTS[code % AVATAR_GRADIENTS.length]!;
}

export const AVATAR_SIZES = { sm: 32, md: 40, lg: 56, xl: 80 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;
