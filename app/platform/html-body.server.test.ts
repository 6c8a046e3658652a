import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { htmlBody, takeNodeBody } from "./html-body.server.ts";

const page = () => {
  const node = new PassThrough();
  node.write("<html>");
  node.end("</html>");
  return node;
};

describe("a page's body", () => {
  it("gives the server the Node stream itself while nobody has read it, once", () => {
    const node = page();
    const body = htmlBody(node);
    expect(takeNodeBody(body)).toBe(node);
    expect(takeNodeBody(body)).toBeUndefined();
    expect(takeNodeBody(null)).toBeUndefined();
  });

  it("reads as an ordinary web stream for anyone else, and then stays theirs", async () => {
    const body = htmlBody(page());
    const response = new Response(body);
    expect(response.body).toBe(body);
    expect(await response.text()).toBe("<html></html>");
    expect(takeNodeBody(body)).toBeUndefined();
  });

  it("stops React's stream when the reader cancels", async () => {
    const node = new PassThrough();
    await htmlBody(node).cancel();
    expect(node.destroyed).toBe(true);
  });
});
