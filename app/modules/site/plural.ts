const english = new Intl.PluralRules("en-GB");

/**
 * A count with its noun in the right number: "1 day", "3 days", "0 tracks".
 * English has two forms; `other` is the noun with an "s" unless given.
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${english.select(count) === "one" ? one : other}`;
}
