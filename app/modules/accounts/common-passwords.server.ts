/**
 * About 18,000 of the most common passwords that are long enough to pass the length rule. The word lists are
 * large: they load with the first password set, not at boot.
 */
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(dictionary["passwords-common"].filter((p) => p.length >= 8).map((p) => p.toLowerCase())),
  ));

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common. Please choose one that is harder to guess.";

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
