/**
 * A page's place in a list sorted newest first by a timestamp, then by id
 * (keyset paging): the last row's timestamp exactly as the database stored
 * it (PostgreSQL keeps microseconds, which a Date would lose) and its id,
 * opaque to the page that carries it.
 */
export interface TimeCursor {
  key: string;
  id: string;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString("base64url");
}

/** The cursor's place, or null for anything that isn't one of ours: the first page. */
export function decodeTimeCursor(cursor: string | undefined): TimeCursor | null {
  if (!cursor || cursor.length > 512) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if (typeof key !== "string" || typeof id !== "string" || !key || !id) return null;
    if (Number.isNaN(Date.parse(key))) return null;
    return { key, id };
  } catch {
    return null;
  }
}
