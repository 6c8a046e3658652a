import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captionsAddress, DOWNLOADS_CACHE, downloadAddress } from "#app/modules/offline/protocol.ts";

const ORIGIN = window.location.origin;
const VTT = "WEBVTT\n\n00:00:03.000 --> 00:00:05.000\nWelcome.\n";
const AUDIO = new Uint8Array([1, 2, 3, 4, 5]);

/** The browser's Cache Storage, stood in for: each cache a map from an address to its response. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: RequestInfo | URL) =>
    new URL(typeof request === "string" || request instanceof URL ? request : request.url, ORIGIN).href;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (request: RequestInfo | URL, response: Response) => {
        store.set(key(request), response);
      },
      match: async (request: RequestInfo | URL) => store.get(key(request))?.clone(),
      delete: async (request: RequestInfo | URL) => store.delete(key(request)),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    };
  };
  return {
    open,
    stores,
    paths: (name: string) => [...(stores.get(name)?.keys() ?? [])].map((url) => new URL(url).pathname),
  };
}

/** The server: a signed URL, the recording, and the captions as `captions` says. */
function fakeServer(captions: "served" | "missing" | "unreachable") {
  return vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), ORIGIN).pathname;
    if (path.endsWith("/signed-url")) return Response.json({ url: "/media/affirmations-2.mp3?sig=x" });
    if (path.startsWith("/media/")) {
      return new Response(AUDIO, { headers: { "Content-Type": "audio/mpeg", "Content-Length": "5" } });
    }
    if (path === captionsAddress("affirmations-2")) {
      if (captions === "unreachable") throw new TypeError("Failed to fetch");
      return captions === "served"
        ? new Response(VTT, { headers: { "Content-Type": "text/vtt; charset=utf-8" } })
        : new Response("We couldn't find captions for that recording.", { status: 404 });
    }
    return new Response(null, { status: 404 });
  });
}

describe("a downloaded session's captions", () => {
  let device: ReturnType<typeof fakeCaches>;

  beforeEach(() => {
    vi.resetModules();
    device = fakeCaches();
    vi.stubGlobal("caches", { open: device.open });
    Object.defineProperty(navigator, "serviceWorker", { value: { controller: {} }, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are kept with it in the downloads cache, and removed with it", async () => {
    vi.stubGlobal("fetch", fakeServer("served"));
    const { readDownloads, removeDownload, startDownload } = await import("./downloads.ts");
    expect(await startDownload("affirmations-2")).toBeNull();
    expect(device.paths(DOWNLOADS_CACHE).sort()).toEqual(
      [captionsAddress("affirmations-2"), downloadAddress("affirmations-2")].sort(),
    );
    const cache = await caches.open(DOWNLOADS_CACHE);
    expect(await (await cache.match(captionsAddress("affirmations-2")))!.text()).toBe(VTT);

    await readDownloads();
    await removeDownload("affirmations-2");
    expect(device.paths(DOWNLOADS_CACHE)).toEqual([]);
  });

  it.each(["missing", "unreachable"] as const)(
    "never stop a recording being kept when they are %s",
    async (captions) => {
      vi.stubGlobal("fetch", fakeServer(captions));
      const { startDownload } = await import("./downloads.ts");
      expect(await startDownload("affirmations-2")).toBeNull();
      expect(device.paths(DOWNLOADS_CACHE)).toEqual([downloadAddress("affirmations-2")]);
    },
  );

  it("are counted as no session when the device is read", async () => {
    const cache = await caches.open(DOWNLOADS_CACHE);
    await cache.put(
      downloadAddress("affirmations-2"),
      new Response(AUDIO, { headers: { "Content-Length": "5" } }),
    );
    await cache.put(captionsAddress("affirmations-2"), new Response(VTT));
    await cache.put(captionsAddress("fear-release"), new Response(VTT));
    const { readDownloads, removeRevoked, startDownload } = await import("./downloads.ts");
    await readDownloads();
    // Already downloaded: nothing is fetched again.
    vi.stubGlobal("fetch", vi.fn());
    expect(await startDownload("affirmations-2")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // A refund: the recording and its captions go.
    await removeRevoked(new Set());
    expect(device.paths(DOWNLOADS_CACHE)).toEqual([captionsAddress("fear-release")]);
  });
});
