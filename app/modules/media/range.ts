/**
 * HTTP Range for media (RFC 9110 §14): one byte range per request, which is
 * what audio players ask for. Several ranges are answered with the whole
 * file, as the standard allows; a range past the end is unsatisfiable (416).
 */
export type RangeRequest =
  { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

export function parseRange(header: string | null, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Malformed or multi-range: ignore the header and send everything.
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (size === 0) return { kind: "unsatisfiable" };
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "whole" };
  return { kind: "partial", start, end };
}
