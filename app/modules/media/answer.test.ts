import { describe, expect, it } from "vitest";
import { answerMedia, type MediaRequest } from "./answer.ts";

const file = {
  size: 1000,
  modifiedAt: new Date("2026-11-01T00:00:00Z"),
  etag: '"abc"',
  contentType: "audio/mpeg",
};
const get = (headers: Partial<MediaRequest> = {}): MediaRequest => ({
  method: "GET",
  range: null,
  ifNoneMatch: null,
  ifRange: null,
  ...headers,
});

describe("answerMedia", () => {
  it("sends the whole file with the headers players and caches need", () => {
    const answer = answerMedia(file, get(), { "Cache-Control": "private, max-age=60" });
    expect(answer.status).toBe(200);
    expect(answer.bytes).toEqual({ start: 0, end: 999 });
    expect(answer.headers).toMatchObject({
      "Content-Type": "audio/mpeg",
      "Content-Length": "1000",
      "Accept-Ranges": "bytes",
      ETag: '"abc"',
      "Last-Modified": "Sun, 01 Nov 2026 00:00:00 GMT",
      "Cache-Control": "private, max-age=60",
    });
  });

  it("sends a range as 206 with its Content-Range and length", () => {
    const answer = answerMedia(file, get({ range: "bytes=100-199" }));
    expect(answer.status).toBe(206);
    expect(answer.bytes).toEqual({ start: 100, end: 199 });
    expect(answer.headers["Content-Range"]).toBe("bytes 100-199/1000");
    expect(answer.headers["Content-Length"]).toBe("100");
  });

  it("answers a range past the end with 416 and the file's size", () => {
    const answer = answerMedia(file, get({ range: "bytes=1000-" }));
    expect(answer).toMatchObject({ status: 416, bytes: null });
    expect(answer.headers["Content-Range"]).toBe("bytes */1000");
  });

  it("answers 304 to a client that has this version, and the whole file to a stale If-Range", () => {
    expect(answerMedia(file, get({ ifNoneMatch: '"abc"' }))).toMatchObject({ status: 304, bytes: null });
    const stale = answerMedia(file, get({ range: "bytes=0-9", ifRange: '"old"' }));
    expect(stale).toMatchObject({ status: 200, bytes: { start: 0, end: 999 } });
    const current = answerMedia(file, get({ range: "bytes=0-9", ifRange: '"abc"' }));
    expect(current).toMatchObject({ status: 206, bytes: { start: 0, end: 9 } });
  });

  it("sends headers without bytes to HEAD, and no bytes for an empty file", () => {
    const head = answerMedia(file, get({ method: "HEAD", range: "bytes=0-9" }));
    expect(head).toMatchObject({ status: 206, bytes: null });
    expect(head.headers["Content-Length"]).toBe("10");
    const empty = answerMedia({ ...file, size: 0 }, get());
    expect(empty).toMatchObject({ status: 200, bytes: null });
    expect(empty.headers["Content-Length"]).toBe("0");
  });
});
