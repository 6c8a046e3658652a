/**
 * PDFs made lately, kept so that asking again for the same plan costs nothing. One per plan (her latest is the
 * only one anyone can ask for), under a stamp of everything it prints: a different stamp is a miss, and the new
 * PDF replaces the old. Bounded in bytes: the PDFs asked for least recently go first.
 */
export interface PdfCache {
  /** Her plan's PDF if the one kept has this stamp; it becomes the most recently used. */
  get(owner: string, stamp: string): Uint8Array | undefined;
  /** Keeps this PDF as her plan's (a PDF larger than the whole cache is not kept). */
  set(owner: string, stamp: string, pdf: Uint8Array): void;
  /** The bytes the kept PDFs take. */
  readonly bytes: number;
  readonly size: number;
}

interface Entry {
  stamp: string;
  pdf: Uint8Array;
}

export function createPdfCache(maxBytes: number): PdfCache {
  // A Map keeps insertion order: the first entry is the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (owner: string) => {
    const entry = entries.get(owner);
    if (!entry) return;
    entries.delete(owner);
    bytes -= entry.pdf.byteLength;
  };
  return {
    get(owner, stamp) {
      const entry = entries.get(owner);
      if (!entry || entry.stamp !== stamp) return undefined;
      entries.delete(owner);
      entries.set(owner, entry);
      return entry.pdf;
    },
    set(owner, stamp, pdf) {
      remove(owner);
      if (pdf.byteLength > maxBytes) return;
      entries.set(owner, { stamp, pdf });
      bytes += pdf.byteLength;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
