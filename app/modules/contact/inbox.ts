/**
 * The contact inbox's rules that the studio's page shows too (no server-only
 * code here).
 */

/** The longest reply the studio sends, in characters (a line break counts as one). */
export const REPLY_MAX = 5000;

/** The inbox's two lists, as the address bar names them (`?view=archived`). */
export function inboxViewFrom(value: string | null): "open" | "archived" {
  return value === "archived" ? "archived" : "open";
}
