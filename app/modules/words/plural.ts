const english = new Intl.PluralRules("en-GB");

/**
 * A count with its noun in the right number: "1 day", "3 days", "0 tracks".
 * English has two forms; `other` is the noun with an "s" unless given.
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${nounFor(count, one, other)}`;
}

/** The noun alone, in the right number for `count`: for a count written otherwise ("1,204 members"). */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return english.select(count) === "one" ? one : other;
}
