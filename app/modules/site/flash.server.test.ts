import { describe, expect, it } from "vitest";
import { KEEPING_HEADER } from "#app/modules/offline/protocol.ts";
import { createFlashCookie, takeFlash } from "./flash.server.ts";

const cookie = createFlashCookie("a-secret-for-the-flash-tests", false);
const paid = { type: "success", message: "Payment successful! The Complete Course is yours." } as const;

async function requestWithFlash(headers: Record<string, string> = {}) {
  const set = await cookie.serialize(paid);
  return new Request("http://localhost/portal/labour", {
    headers: { Cookie: set.split(";")[0]!, ...headers },
  });
}

describe("a message for the next page", () => {
  it("is taken by the page that opens next, with the header that clears it", async () => {
    const { flash, clear } = await takeFlash(cookie, await requestWithFlash());
    expect(flash).toEqual(paid);
    expect(clear).toMatch(/^tidewell_flash=; Max-Age=0/);
  });

  it("waits for her page when the service worker fetches a page to keep", async () => {
    const taken = await takeFlash(cookie, await requestWithFlash({ [KEEPING_HEADER]: "1" }));
    expect(taken).toEqual({ flash: null });
  });

  it("is nothing when there is none", async () => {
    expect(await takeFlash(cookie, new Request("http://localhost/portal"))).toEqual({ flash: null });
  });
});
