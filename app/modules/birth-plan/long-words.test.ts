import { describe, expect, it } from "vitest";
import { breakLongWords } from "./long-words.ts";

/** A measure like a font's: "m" and "w" twice as wide as other letters, a line break as wide as a space. */
const widthOf = (line: string) => [...line].reduce((sum, char) => sum + (/[mw]/.test(char) ? 2 : 1), 0);

describe("breakLongWords", () => {
  it("breaks a 1,000-character word into lines that each fit the column", () => {
    const word = "a".repeat(1000);
    const broken = breakLongWords(word, 45, widthOf);
    const lines = broken.split("\n");
    expect(lines.join("")).toBe(word);
    expect(lines.length).toBe(Math.ceil(1000 / 44));
    // Each line fits with the line break that ends it, and is as full as that allows.
    for (const line of lines.slice(0, -1)) expect(widthOf(`${line}\n`)).toBe(45);
    expect(widthOf(lines.at(-1)!)).toBeLessThanOrEqual(45);
  });

  it("measures each line as a whole, so wide letters make shorter lines", () => {
    const word = "mama".repeat(50);
    const lines = breakLongWords(word, 20, widthOf).split("\n");
    expect(lines.join("")).toBe(word);
    for (const line of lines.slice(0, -1)) expect(widthOf(`${line}\n`)).toBeLessThanOrEqual(20);
    expect(lines[0]).toBe("mamamamamama");
  });

  it("leaves words that fit, spaces and line breaks as they are", () => {
    const text = "Please knock\n\nbefore  coming in.";
    expect(breakLongWords(text, 20, widthOf)).toBe(text);
  });

  it("breaks only the word that is too wide, keeping the words around it", () => {
    const text = `I would like ${"x".repeat(25)} please`;
    expect(breakLongWords(text, 10, widthOf)).toBe(
      `I would like ${["x".repeat(9), "x".repeat(9), "x".repeat(7)].join("\n")} please`,
    );
  });

  it("keeps letters outside the basic plane whole and always moves on, even when one letter is too wide", () => {
    const word = "𝒜".repeat(6);
    expect(breakLongWords(word, 3, widthOf).split("\n")).toEqual(["𝒜𝒜", "𝒜𝒜", "𝒜𝒜"]);
    expect(breakLongWords("mmm", 1, widthOf).split("\n")).toEqual(["m", "m", "m"]);
  });

  it("measures each different letter once, however long the word", () => {
    let calls = 0;
    const counting = (line: string) => {
      calls++;
      return widthOf(line);
    };
    breakLongWords("ab".repeat(500), 45, counting);
    // The word, its two letters and the line break, and each of its 23 lines once.
    expect(calls).toBeLessThanOrEqual(1 + 3 + 23);
  });
});
