import { describe, expect, it } from "vitest";
import { withRetryAfter } from "./retry-after.ts";

describe("withRetryAfter", () => {
  it("passes on the action's wait with the parent's headers, and nothing else of the action's", () => {
    const headers = withRetryAfter({
      actionHeaders: new Headers({ "Retry-After": "120", "X-Other": "no" }),
      parentHeaders: new Headers({ "Cache-Control": "no-store" }),
    });
    expect([...headers]).toEqual([
      ["cache-control", "no-store"],
      ["retry-after", "120"],
    ]);
  });

  it("adds nothing when the action set no wait", () => {
    expect([...withRetryAfter({ actionHeaders: new Headers(), parentHeaders: new Headers() })]).toEqual([]);
  });
});
