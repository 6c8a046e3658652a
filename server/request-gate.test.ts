import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { actionFinder, pathIsReadable, pathIsResolved, requestRefusal } from "./request-gate.ts";

/** A route manifest shaped like the app's: a layout with pages, a portal with an index, a resource route. */
const route = (id: string, extra: Record<string, unknown>, action = false) => ({
  id,
  ...extra,
  module: action ? { action: () => null, default: () => null } : { default: () => null },
});
const build = {
  routes: {
    root: route("root", { path: "" }),
    public: route("public", { parentId: "root" }),
    about: route("about", { parentId: "public", path: "about" }),
    contact: route("contact", { parentId: "public", path: "contact" }, true),
    notFound: route("notFound", { parentId: "public", path: "*" }),
    portal: route("portal", { parentId: "root", path: "portal" }),
    dashboard: route("dashboard", { parentId: "portal", index: true }, true),
    profile: route("profile", { parentId: "portal", path: "profile" }, true),
    signOut: route("signOut", { parentId: "root", path: "auth/sign-out" }, true),
  },
} as unknown as ServerBuild;

const url = (path: string) => new URL(path, "http://localhost");

describe("actionFinder", () => {
  const hasAction = actionFinder(build);

  it.each([
    ["/contact", true],
    ["/about", false],
    ["/no-such-page", false],
    ["/portal/profile", true],
    ["/auth/sign-out", true],
    // An index route takes posts only with ?index, as React Router routes them; otherwise its layout does.
    ["/portal?index", true],
    ["/portal", false],
    // The app's own fetches (React Router's single fetch) post to the page's .data address.
    ["/contact.data", true],
    ["/about.data", false],
    ["/portal.data?index", true],
    ["/_root.data?index", false],
  ])("POST %s reaches an action: %s", (path, expected) => {
    expect(hasAction(url(path))).toBe(expected);
  });
});

describe("requestRefusal", () => {
  const hasAction = actionFinder(build);
  const refusal = (method: string, path: string, type?: string) =>
    requestRefusal(method, url(path), type, hasAction);
  const form = "application/x-www-form-urlencoded";

  it("lets pages be read and their forms be posted as forms", () => {
    expect(refusal("GET", "/about")).toBeNull();
    expect(refusal("HEAD", "/about")).toBeNull();
    expect(refusal("POST", "/contact", form)).toBeNull();
    expect(refusal("POST", "/contact", "multipart/form-data; boundary=x")).toBeNull();
    expect(refusal("POST", "/contact", "Application/X-WWW-Form-Urlencoded; charset=UTF-8")).toBeNull();
  });

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"])(
    "refuses %s anywhere with 405",
    (method) => {
      expect(refusal(method, "/contact", form)).toEqual({ status: 405, allow: "GET, HEAD, POST" });
      expect(refusal(method, "/api/time-zone")).toEqual({ status: 405, allow: "GET, HEAD, POST" });
    },
  );

  it("refuses a post to a page without a form with 405", () => {
    expect(refusal("POST", "/about", form)).toEqual({ status: 405, allow: "GET, HEAD" });
    expect(refusal("POST", "/portal", form)).toEqual({ status: 405, allow: "GET, HEAD" });
  });

  it.each([["application/json"], ["text/plain"], [undefined], ["multipart/mixed"]])(
    "refuses a page's form posted as %s with 415",
    (type) => {
      expect(refusal("POST", "/contact", type)).toEqual({ status: 415 });
    },
  );

  it("leaves the API's own bodies to the API", () => {
    expect(refusal("POST", "/api/time-zone", "application/json")).toBeNull();
    expect(refusal("POST", "/api/webhooks/stripe", "application/json")).toBeNull();
  });
});

describe("pathIsResolved", () => {
  it.each([
    "/",
    "/portal/profile",
    "/portal/profile?tab=partner&next=../x",
    "/api/webhooks/paypal",
    "/hypno-science/the%20name",
    "/assets/app-3f2a.js",
    "/portal/files/a.b..c",
  ])("lets %s through as sent", (url) => {
    expect(pathIsResolved(url)).toBe(true);
  });

  it.each([
    "/api/webhooks/../../portal/profile",
    "/api/webhooks/%2e%2e/%2e%2e/portal/profile",
    "/api/webhooks/%2E%2e/x",
    "/api/webhooks/.%2e/x",
    "/portal/./profile",
    "/portal/..",
    "/api/webhooks\\..\\..\\portal/profile",
    "/api/webhooks/%2e/x",
  ])("refuses %s, which a URL reads as another path", (url) => {
    expect(pathIsResolved(url)).toBe(false);
  });
});

describe("pathIsReadable", () => {
  it.each(["/", "/hypno-science/the%20name", "/stories/caf%C3%A9", "/guides/a%2Fb.pdf", "/portal?x=%ff"])(
    "lets %s through",
    (url) => {
      expect(pathIsReadable(url)).toBe(true);
    },
  );

  it.each([
    ["a byte that is no UTF-8", "/media/audio/%ff"],
    ["a stray percent sign", "/media/audio/%"],
    ["an escape that isn't hex", "/guides/%zz"],
    ["a cut-off sequence", "/stories/%e0%80"],
    ["an overlong slash", "/shared/%c0%af"],
    ["an overlong three-byte form", "/shared/%e0%80%af"],
    ["a UTF-16 surrogate", "/calendar/%ed%a0%80"],
    ["a NUL", "/partner/join/%00"],
    ["a line break", "/api/audio/a%0d%0ab/progress"],
    ["a C1 control", "/hypno-science/%c2%85"],
  ])("refuses %s (%s)", (_what, url) => {
    expect(pathIsReadable(url)).toBe(false);
  });
});
