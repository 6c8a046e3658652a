import { dictionary } from "@zxcvbn-ts/language-common";

/** About 18,000 of the most common passwords that are long enough to pass the length rule. */
const common = new Set(
  dictionary["passwords-common"].filter((p) => p.length >= 8).map((p) => p.toLowerCase()),
);

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common. Please choose one that is harder to guess.";

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
