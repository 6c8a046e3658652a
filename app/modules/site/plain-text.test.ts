import { describe, expect, it } from "vitest";
import { isPlainText, toPlainText } from "./plain-text.ts";

describe("isPlainText", () => {
  it("keeps ordinary text in any script, markup and emoji included", () => {
    for (const value of [
      "Amara Okafor",
      "Zoë O'Brien-Łukasz",
      "سارة",
      "李小龙",
      "<b>Sam</b> & co",
      "Sam 👶🏽",
    ]) {
      expect(isPlainText(value), value).toBe(true);
    }
  });

  it("refuses control characters, bidi overrides and isolates, and half surrogate pairs", () => {
    for (const value of [
      "Sam\u0000",
      "Sam\u0007",
      "Sam\u001b[31m",
      "Sam\r\nBcc: x@example.com",
      "Sam\u202Egnp.exe",
      "Sam\u2066x\u2069",
      "Sam\uD800",
      "\uDC00Sam",
    ]) {
      expect(isPlainText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it("lets a message keep its line breaks and tabs, and nothing else hidden", () => {
    expect(isPlainText("Hello,\n\tthank you\n", { multiline: true })).toBe(true);
    expect(isPlainText("Hello,\r\n", { multiline: true })).toBe(false);
    expect(isPlainText("Hello\u202E", { multiline: true })).toBe(false);
  });
});

describe("toPlainText", () => {
  it.each([
    ["Amara Okafor", "Amara Okafor"],
    ["<b>Sam</b> 👶🏽", "<b>Sam</b> 👶🏽"],
    ["Sam\u202Egnp.exe", "Samgnp.exe"],
    ["Sam\u2066x\u2069", "Samx"],
    ["Sam\r\nBcc: x@example.com", "Sam  Bcc: x@example.com"],
    ["Sam\u0000\u0007\u001b", "Sam   "],
    ["Sam\uD800", "Sam"],
    ["\uDC00Sam", "Sam"],
  ])("makes %j plain as %j", (value, plain) => {
    expect(toPlainText(value)).toBe(plain);
    expect(isPlainText(toPlainText(value))).toBe(true);
  });
});
