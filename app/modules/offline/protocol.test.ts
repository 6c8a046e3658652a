import { describe, expect, it } from "vitest";
import {
  captionsAddress,
  downloadAddress,
  downloadedTrackId,
  endsTheSession,
  isPortalView,
  keptPageKey,
  portalPath,
  pushNotice,
} from "./protocol.ts";

const at = (path: string) => new URL(path, "https://tidewell.example");
const navigate = { method: "GET", mode: "navigate" };
const fetchData = { method: "GET", mode: "cors" };

describe("what the service worker keeps", () => {
  it("keeps the portal's pages and their router data, nothing else", () => {
    expect(isPortalView(at("/portal"), navigate)).toBe(true);
    expect(isPortalView(at("/portal/library"), navigate)).toBe(true);
    expect(isPortalView(at("/portal.data"), fetchData)).toBe(true);
    expect(isPortalView(at("/portal/library.data?_routes=routes%2Fportal%2Flibrary"), fetchData)).toBe(true);
    // Public pages, files under /portal, other requests, and any form sent.
    expect(isPortalView(at("/"), navigate)).toBe(false);
    expect(isPortalView(at("/portalx"), navigate)).toBe(false);
    expect(isPortalView(at("/portal/profile/export"), navigate)).toBe(false);
    expect(isPortalView(at("/portal/library"), fetchData)).toBe(false);
    expect(isPortalView(at("/portal/profile"), { method: "POST", mode: "navigate" })).toBe(false);
  });

  it("keeps each member's copy under her own key", () => {
    const mine = keptPageKey(at("/portal/library?tab=all"), "member-a");
    expect(mine).toBe("https://tidewell.example/portal/library?tab=all&__member=member-a");
    expect(keptPageKey(at("/portal/library?tab=all"), "member-b")).not.toBe(mine);
  });

  it("forgets everything when she signs out or deletes her account, with or without JavaScript", () => {
    expect(endsTheSession(at("/auth/sign-out"), "POST", null)).toBe(true);
    expect(endsTheSession(at("/auth/sign-out.data"), "POST", null)).toBe(true);
    expect(endsTheSession(at("/portal/profile"), "POST", "delete-account")).toBe(true);
    expect(endsTheSession(at("/portal/profile.data"), "POST", "delete-account")).toBe(true);
    expect(endsTheSession(at("/portal/profile"), "POST", "update-name")).toBe(false);
    expect(endsTheSession(at("/auth/sign-out"), "GET", null)).toBe(false);
  });
});

describe("a downloaded session on the device", () => {
  it("keeps its captions beside it at the address the player asks for them", () => {
    expect(downloadAddress("fear-release")).toBe("/offline-audio/fear-release");
    expect(captionsAddress("fear-release")).toBe("/captions/fear-release.vtt");
  });

  it("tells its recording from its captions in the downloads cache", () => {
    expect(downloadedTrackId(downloadAddress("fear-release"))).toBe("fear-release");
    expect(downloadedTrackId(downloadAddress("a b"))).toBe("a b");
    expect(downloadedTrackId(captionsAddress("fear-release"))).toBeNull();
    expect(downloadedTrackId("/offline-audio/")).toBeNull();
    expect(downloadedTrackId("/offline-audio/a/b")).toBeNull();
  });
});

describe("what a reminder's notification shows and opens", () => {
  const origin = "https://tidewell.example";

  it("shows the message's title, text and tag, and opens its portal page", () => {
    expect(
      pushNotice(
        {
          title: "A few calm minutes for today",
          body: "Today's practice is ready.",
          url: "/portal/program#today",
          tag: "practice-reminder",
        },
        origin,
      ),
    ).toEqual({
      title: "A few calm minutes for today",
      body: "Today's practice is ready.",
      url: "/portal/program#today",
      tag: "practice-reminder",
    });
  });

  it.each([
    ["/portal", "/portal"],
    ["/portal/library?tab=all", "/portal/library?tab=all"],
    ["https://tidewell.example/portal/labour", "/portal/labour"],
    ["/portalx", "/portal"],
    ["/", "/portal"],
    ["/auth/sign-out", "/portal"],
    ["https://evil.example/portal", "/portal"],
    ["//evil.example/portal", "/portal"],
    ["javascript:alert(1)", "/portal"],
    ["/portal/../auth", "/portal"],
    [42, "/portal"],
    [undefined, "/portal"],
  ])("opens %s as %s", (url, expected) => {
    expect(portalPath(url, origin)).toBe(expected);
  });

  it("still shows something for a message that isn't ours", () => {
    expect(pushNotice(null, origin)).toEqual({ title: "Tidewell", body: "", url: "/portal" });
    expect(pushNotice({ title: 7, body: ["x"], tag: "" }, origin)).toEqual({
      title: "Tidewell",
      body: "",
      url: "/portal",
    });
    expect(pushNotice({ title: "x".repeat(500) }, origin).title).toHaveLength(120);
  });
});
