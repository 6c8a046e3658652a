import { describe, expect, it } from "vitest";
import { decodeTimeCursor, encodeTimeCursor } from "./time-cursor.ts";

describe("a page's place in a list newest first", () => {
  it("comes back as it was, microseconds and all", () => {
    const cursor = { key: "2026-11-26 09:15:02.123456+00", id: "u-1" };
    expect(decodeTimeCursor(encodeTimeCursor(cursor))).toEqual(cursor);
  });

  it.each([undefined, "", "not base64 json", Buffer.from("[1,2]").toString("base64url"), "x".repeat(600)])(
    "reads %j as the first page",
    (cursor) => {
      expect(decodeTimeCursor(cursor)).toBeNull();
    },
  );

  it("refuses a key that is not a time", () => {
    expect(decodeTimeCursor(encodeTimeCursor({ key: "yesterday", id: "u-1" }))).toBeNull();
  });
});
