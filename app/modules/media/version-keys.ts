/**
 * How a version of a recording or guide is named (pure). An item is the file
 * it was seeded as (`fear-release.mp3`); version N of it is stored as
 * `fear-release.vN.<ext>`, the extension its content says (an M4A upload of
 * an MP3 session is `fear-release.v3.m4a`). Every such name is a safe key.
 */

/** The extensions a stored version may have, by what its content is. */
export type VersionExtension = ".mp3" | ".m4a" | ".wav" | ".pdf";

const baseOf = (item: string) => item.replace(/\.[a-z0-9]+$/i, "");

export function versionKey(item: string, version: number, extension: VersionExtension | string): string {
  if (!Number.isInteger(version) || version < 1) throw new RangeError(`no version ${version}`);
  return `${baseOf(item)}.v${version}${extension}`;
}

/** Whether `key` is the item's seeded file or one of its versions. */
export function isVersionOf(item: string, key: string): boolean {
  if (key === item) return true;
  const base = baseOf(item);
  if (!key.startsWith(`${base}.v`)) return false;
  return /^\d{1,6}\.(mp3|m4a|wav|pdf)$/.test(key.slice(base.length + 2));
}

/** The value of `live_item` on an item's published version. */
export const liveItem = (bucket: string, item: string) => `${bucket}/${item}`;
