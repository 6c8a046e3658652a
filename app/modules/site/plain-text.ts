/**
 * What people type is kept as written and escaped wherever it is shown; only
 * characters that hide or reorder text are refused: control characters (a
 * message may keep its line breaks and tabs), bidirectional overrides and
 * isolates (which make "exe.txt" read as "txt.exe"), and half surrogate pairs.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS = /(?![\n\t])\p{Cc}/u;

export function isPlainText(value: string, { multiline = false } = {}): boolean {
  if (!value.isWellFormed()) return false;
  if (BIDI_CONTROLS.test(value)) return false;
  return !(multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

/**
 * One-line text that isPlainText refuses, made plain for when there is nobody
 * to ask (a sign-in provider's name): bidi controls and half surrogate pairs
 * go, and each control character (a line break among them) becomes a space.
 */
export function toPlainText(value: string): string {
  return value
    .toWellFormed()
    .replace(/\uFFFD/g, "")
    .replace(new RegExp(BIDI_CONTROLS, "gu"), "")
    .replace(new RegExp(CONTROL, "gu"), " ");
}
