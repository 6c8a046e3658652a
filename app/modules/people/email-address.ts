/**
 * An email address as we store and compare it: trimmed and lower-cased, so
 * "Ana@Example.com " and "ana@example.com" are one person everywhere (in a
 * data export, a deletion, a limit). Better Auth lower-cases the addresses it
 * stores too. Strictly the part before the @ may be case-sensitive; no mail
 * provider people use treats it so, and one person must not become two.
 */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}
