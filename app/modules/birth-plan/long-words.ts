/**
 * Words too wide for a line, broken before the PDF lays them out. A note may be one unbroken word of 1,000
 * characters (a pasted link, a key held down); pdfkit can break such a word itself, but does so by measuring
 * the rest of the word again for every line, and the layout measures each note many times: a few such notes
 * held the server for more than a second. Broken here, once, each piece is an ordinary word that fits.
 */

/**
 * The text with every word wider than `width` broken into pieces that fit, one per line (joined by line
 * breaks, which is how a word that doesn't fit wraps anyway). `widthOf(line)` measures a line as it will be
 * laid out, with the line break that ends it. Other words, spaces and line breaks are kept as they are.
 */
export function breakLongWords(text: string, width: number, widthOf: (line: string) => number): string {
  const charWidths = new Map<string, number>();
  const charWidth = (char: string) => {
    let measured = charWidths.get(char);
    if (measured === undefined) {
      measured = widthOf(char);
      charWidths.set(char, measured);
    }
    return measured;
  };
  return text.replace(/\S+/g, (word) =>
    widthOf(word) <= width ? word : piecesOf([...word], width, widthOf, charWidth).join("\n"),
  );
}

function piecesOf(
  chars: readonly string[],
  width: number,
  widthOf: (line: string) => number,
  charWidth: (char: string) => number,
): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    // The characters' own widths say roughly how many fit (leaving room for the line break unless the rest of
    // the word fits); the piece is then measured as a whole (kerning), one character fewer at a time until it
    // fits, and always keeps at least one character.
    let end = start;
    let sum = 0;
    while (end < chars.length && sum + charWidth(chars[end]!) <= width) sum += charWidth(chars[end++]!);
    if (end < chars.length) {
      while (end > start && sum + charWidth("\n") > width) sum -= charWidth(chars[--end]!);
    }
    end = Math.max(end, start + 1);
    const last = () => end === chars.length;
    const line = () => chars.slice(start, end).join("") + (last() ? "" : "\n");
    while (end > start + 1 && widthOf(line()) > width) end--;
    pieces.push(chars.slice(start, end).join(""));
    start = end;
  }
  return pieces;
}
