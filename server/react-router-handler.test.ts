import { describe, expect, it } from "vitest";
import { requestUrl } from "./react-router-handler.ts";

describe("requestUrl", () => {
  it("keeps every request on the public origin, whatever its path looks like", () => {
    const origin = "https://tidewell.example";
    for (const path of [
      "//evil.example",
      "//",
      "///evil.example/x",
      "/\\evil.example",
      "//user@evil.example/",
    ]) {
      const url = requestUrl(origin, path);
      expect(url.origin, path).toBe(origin);
    }
    expect(requestUrl(origin, "/portal?tab=1").href).toBe("https://tidewell.example/portal?tab=1");
    expect(requestUrl("http://localhost:3000", "//").pathname).toBe("//");
  });
});
