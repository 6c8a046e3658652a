/** What the member page's forms and the server agree on. */

/**
 * A premium change's reason, kept beside its audit entry (and deleted with the member): long enough to
 * mean something, short enough to read.
 */
export const REASON_MIN = 3;
export const REASON_MAX = 300;
