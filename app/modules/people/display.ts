/**
 * How a member is named and drawn, the same on every page: the display name,
 * the avatar's initials and its colour.
 */

/** full_name, else the part of the email before the @, else 'User'. */
export function displayName({ name, email }: { name?: string | null; email?: string | null }): string {
  const fullName = name?.trim();
  if (fullName) return fullName;
  const local = email?.split("@")[0]?.trim();
  return local || "User";
}

/** The longest first name we show, in characters. */
export const FIRST_NAME_MAX = 24;

/**
 * What shows as nothing or as a blank, or reorders the text after it: control and format
 * characters (bidi controls among them), every kind of space, the default-ignorable characters
 * (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0 that fonts draw blank, variation
 * selectors, joiners) and the blank Braille pattern U+2800. In a name each one parts words, as a
 * space does.
 */
const BLANK = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** A word of a name: letters (each with at most three marks on it) joined by single hyphens or apostrophes. */
const NAME_WORD = /\p{L}\p{M}{0,3}(?:['\u2019\u2010-]?\p{L}\p{M}{0,3})*/u;

/**
 * The first word of a name, for greetings and wherever someone else reads it
 * (an email, the partner's pages): letters only, with a hyphen or apostrophe
 * inside (Anne-Marie, O'Neill), at most FIRST_NAME_MAX characters. Anything
 * else parts words or ends the name, so no name can carry a sentence, a link
 * or hidden text in our words. `fallback` when no letter is left ('Friend' by
 * default, for her own greetings).
 */
export function firstName(name?: string | null, fallback = "Friend"): string {
  const spaced = (name ?? "").normalize("NFKC").replace(BLANK, " ");
  const word = NAME_WORD.exec(spaced)?.[0] ?? "";
  const short = Array.from(word)
    .slice(0, FIRST_NAME_MAX)
    .join("")
    .replace(/['\u2019\u2010-]+$/u, "");
  return short || fallback;
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
