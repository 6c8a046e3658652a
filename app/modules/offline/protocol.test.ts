import { describe, expect, it } from "vitest";
import {
  captionsAddress,
  downloadAddress,
  downloadedTrackId,
  isPortalView,
  keeperAfter,
  keptPageKey,
  MEMBER_HEADER,
  portalPath,
  pushNotice,
  readsTheSession,
  sessionAnswer,
  shownMember,
  SIGNED_OUT,
  type Keeper,
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

  it("hears whose session every page or data answer of the site leaves, public pages and forms sent included", () => {
    expect(readsTheSession(at("/"), navigate)).toBe(true);
    expect(readsTheSession(at("/auth"), navigate)).toBe(true);
    expect(readsTheSession(at("/auth/sign-out.data"), fetchData)).toBe(true);
    expect(readsTheSession(at("/_.data"), fetchData)).toBe(true);
    // The API, audio and files are not pages.
    expect(readsTheSession(at("/api/labour/contractions"), fetchData)).toBe(false);
    expect(readsTheSession(at("/media/audio/a.mp3"), { mode: "no-cors" })).toBe(false);
  });
});

describe("whose things the worker keeps, answer by answer", () => {
  const answerFor = (member: string | null, type = "basic") => ({
    type,
    headers: new Headers(member === null ? {} : { [MEMBER_HEADER]: member }),
  });
  const ruth: Keeper = { member: "ruth", sure: true };

  it("reads the member an answer names, signed out, or a redirect it can't read", () => {
    expect(sessionAnswer(answerFor("ruth"))).toEqual({ member: "ruth" });
    expect(sessionAnswer(answerFor(SIGNED_OUT))).toBe("signed-out");
    expect(sessionAnswer(answerFor(null, "opaqueredirect"))).toBe("unreadable");
    // Not one of the site's pages (a proxy's error, say): it says nothing.
    expect(sessionAnswer(answerFor(null))).toBeNull();
  });

  it("keeps one member's things at a time: another member's answer, or signed out, takes them all", () => {
    expect(keeperAfter(null, { member: "ruth" })).toEqual({ keeper: ruth, forget: true });
    expect(keeperAfter(ruth, { member: "ruth" })).toEqual({ keeper: ruth, forget: false });
    expect(keeperAfter(ruth, { member: "ada" })).toEqual({
      keeper: { member: "ada", sure: true },
      forget: true,
    });
    expect(keeperAfter(ruth, "signed-out")).toEqual({ keeper: null, forget: true });
    expect(keeperAfter(null, "signed-out")).toEqual({ keeper: null, forget: false });
    expect(keeperAfter(ruth, null)).toEqual({ keeper: ruth, forget: false });
  });

  it("shows her kept pages only while the last answer it could read was hers", () => {
    expect(shownMember(ruth)).toBe("ruth");
    // A sign-in link's redirect, or her session ending elsewhere on its way to sign in: kept, not shown.
    const unsure = keeperAfter(ruth, "unreadable");
    expect(unsure).toEqual({ keeper: { member: "ruth", sure: false }, forget: false });
    expect(shownMember(unsure.keeper)).toBeNull();
    // Hers again: shown again, with nothing lost (her downloads stay).
    expect(keeperAfter(unsure.keeper, { member: "ruth" })).toEqual({ keeper: ruth, forget: false });
    // Someone else's: everything goes.
    expect(keeperAfter(unsure.keeper, { member: "ada" }).forget).toBe(true);
    expect(keeperAfter(null, "unreadable")).toEqual({ keeper: null, forget: false });
    expect(shownMember(null)).toBeNull();
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
