import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ASK_BETTER_AUTH, type Member, type SessionReader } from "#app/modules/accounts/session.server.ts";
import { memberPageCache, type MemberPageCacheOptions } from "./member-page-cache.ts";
import { NONCE_PLACEHOLDER } from "./page-cache.ts";

/** Members by session cookie, with a data version and time zone the test can change. */
const members = new Map<string, { id: string; version: number; timeZone: string }>();
const sessions: SessionReader = {
  read: async (cookie) => {
    if (cookie?.includes("forged")) return ASK_BETTER_AUTH;
    const session = /session=(\w+)/.exec(cookie ?? "")?.[1];
    const found = session ? members.get(session) : undefined;
    if (!found) return null;
    return { member: { id: found.id, timeZone: found.timeZone } as Member, version: String(found.version) };
  },
};

let renders: string[] = [];
let today = "2026-11-21";
let clock = 0;
let servers: { close(): void }[] = [];

/** The cache in front of a stand-in app that answers "from the app" for whatever the cache passes on. */
async function serve(
  options: Partial<MemberPageCacheOptions> & { renderAs?: (path: string) => Response } = {},
) {
  const app = express();
  let nonces = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce-${String(++nonces).padStart(18, "0")}`;
    next();
  });
  app.use(
    memberPageCache({
      under: "/portal",
      sessions,
      today: (timeZone) => `${today} in ${timeZone}`,
      render: async (req) => {
        const member = await sessions.read(req.headers.cookie);
        const who = member && member !== ASK_BETTER_AUTH ? member.member.id : "nobody";
        renders.push(`${who} ${req.path}`);
        if (options.renderAs) return options.renderAs(req.path);
        return new Response(
          `<html><script nonce="${NONCE_PLACEHOLDER}"></script>${who}'s ${req.path} at version ${renders.length}</html>`,
          { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" } },
        );
      },
      oneOffCookies: /flash=/,
      deviceHolds: async () => true,
      maxPages: 10,
      ttlMs: 60_000,
      now: () => clock,
      ...options,
    }),
  );
  app.use((req, res) => void res.type("text/plain").send(`from the app: ${req.method} ${req.originalUrl}`));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
}

afterEach(() => {
  for (const server of servers) server.close();
  servers = [];
  members.clear();
  renders = [];
  today = "2026-11-21";
  clock = 0;
});

describe("memberPageCache", () => {
  it("serves a member's page again from memory, with each response's own nonce, compressed or not", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    const get = await serve();
    const first = await get("/portal/profile", { cookie: "session=a" });
    const second = await get("/portal/profile", {
      cookie: "session=a",
      headers: { "accept-encoding": "identity" },
    });
    const firstText = await first.text();
    expect(firstText).toBe(
      `<html><script nonce="nonce-000000000000000001"></script>amara's /portal/profile at version 1</html>`,
    );
    expect(await second.text()).toBe(firstText.replace("000001", "000002"));
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(renders).toEqual(["amara /portal/profile"]);

    const gzipped = await get("/portal/profile", {
      cookie: "session=a",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    // fetch inflates the gzip stream it was sent.
    expect(await gzipped.text()).toBe(firstText.replace("000001", "000003"));
  });

  it("renders again when the member's data version or day moves on", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    const get = await serve();
    await get("/portal", { cookie: "session=a" });
    members.get("a")!.version = 2;
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 2");
    today = "2026-11-22";
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 3");
    members.get("a")!.timeZone = "Pacific/Auckland";
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 4");
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 4");
    expect(renders).toHaveLength(4);
  });

  it("renders again once the owner publishes (the content version moves on), and not before", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    let content = 7;
    const get = await serve({ contentVersion: async () => content });
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 1");
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 1");
    content = 8;
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 2");
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("at version 2");
  });

  it("keeps each member's pages apart, and each of their sessions sees their own", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    members.set("a2", { id: "amara", version: 1, timeZone: "UTC" });
    members.set("b", { id: "bea", version: 1, timeZone: "UTC" });
    const get = await serve();
    expect(await (await get("/portal", { cookie: "session=a" })).text()).toContain("amara's /portal");
    expect(await (await get("/portal", { cookie: "session=b" })).text()).toContain("bea's /portal");
    expect(await (await get("/portal", { cookie: "session=a2" })).text()).toContain("amara's /portal");
    expect(await (await get("/portal/library", { cookie: "session=b" })).text()).toContain(
      "bea's /portal/library",
    );
    expect(renders).toEqual(["amara /portal", "bea /portal", "bea /portal/library"]);
  });

  it("leaves to the app whatever is not a plain page view by a member it knows", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    const get = await serve();
    const cases: [string, RequestInit & { cookie?: string }][] = [
      ["/portal", {}],
      ["/portal", { cookie: "session=unknown" }],
      ["/portal", { cookie: "session=a; forged=1" }],
      ["/portal?payment_intent=pi_1", { cookie: "session=a" }],
      ["/portal?", { cookie: "session=a" }],
      ["/portal", { cookie: "session=a; flash=saved" }],
      ["/portal/profile", { cookie: "session=a", method: "POST" }],
      ["/portal/library.data", { cookie: "session=a" }],
      ["/portals", { cookie: "session=a" }],
      ["/about", { cookie: "session=a" }],
    ];
    for (const [path, init] of cases) {
      expect(await (await get(path, init)).text(), path).toMatch(/^from the app/);
    }
    expect(renders).toEqual([]);
  });

  it("leaves to the app a member's page on a device that holds no one's things or someone else's", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    const get = await serve({
      deviceHolds: async (cookie, memberId) => /device=(\w+)/.exec(cookie ?? "")?.[1] === memberId,
    });
    for (const cookie of ["session=a", "session=a; device=bea"]) {
      expect(await (await get("/portal", { cookie })).text(), cookie).toMatch(/^from the app/);
    }
    expect(await (await get("/portal", { cookie: "session=a; device=amara" })).text()).toContain(
      "amara's /portal",
    );
  });

  it("leaves to the app a page whose render can't be kept, and doesn't render it again for that version", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    const get = await serve({
      renderAs: (path) =>
        path === "/portal/profile/export"
          ? new Response("{}", { headers: { "content-type": "application/json" } })
          : new Response(null, { status: 302, headers: { location: "/auth" } }),
    });
    for (const path of ["/portal/profile/export", "/portal", "/portal/profile/export", "/portal"]) {
      expect(await (await get(path, { cookie: "session=a", redirect: "manual" })).text()).toMatch(
        /^from the app/,
      );
    }
    expect(renders).toEqual(["amara /portal/profile/export", "amara /portal"]);
  });

  it("keeps at most maxPages, dropping the least recently served, and none beyond its time to live", async () => {
    for (const id of ["a", "b", "c"]) members.set(id, { id, version: 1, timeZone: "UTC" });
    const get = await serve({ maxPages: 2 });
    await get("/portal", { cookie: "session=a" });
    await get("/portal", { cookie: "session=b" });
    await get("/portal", { cookie: "session=a" }); // a is now the most recent
    await get("/portal", { cookie: "session=c" }); // b goes
    await get("/portal", { cookie: "session=a" });
    await get("/portal", { cookie: "session=b" });
    expect(renders).toEqual(["a /portal", "b /portal", "c /portal", "b /portal"]);

    clock += 60_001;
    await get("/portal", { cookie: "session=b" });
    expect(renders.at(-1)).toBe("b /portal");
    expect(renders).toHaveLength(5);
  });

  it("renders once for many requests at the same moment", async () => {
    members.set("a", { id: "amara", version: 1, timeZone: "UTC" });
    const get = await serve();
    const pages = await Promise.all(
      Array.from({ length: 8 }, () => get("/portal", { cookie: "session=a" }).then((r) => r.text())),
    );
    expect(new Set(pages.map((page) => page.replace(/nonce-\d+/, "")))).toHaveProperty("size", 1);
    expect(renders).toHaveLength(1);
  });
});
