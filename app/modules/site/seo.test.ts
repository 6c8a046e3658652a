import { describe, expect, it } from "vitest";
import { baseUrlFrom, pageMeta } from "./seo.ts";

describe("pageMeta", () => {
  it("gives a page its title, description, canonical address and Open Graph tags", () => {
    const meta = pageMeta({
      title: "The course",
      description: "What's inside.",
      path: "/course",
      baseUrl: "https://tidewell.example",
    });
    expect(meta).toContainEqual({ title: "The course · Tidewell" });
    expect(meta).toContainEqual({ name: "description", content: "What's inside." });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://tidewell.example/course",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://tidewell.example/course" });
    expect(meta).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("gives the home page the brand's own title and the bare origin", () => {
    const meta = pageMeta({
      title: "Home",
      description: "d",
      path: "/",
      baseUrl: "https://tidewell.example",
    });
    expect(meta).toContainEqual({ title: "Tidewell: Hypnobirthing for a calmer birth" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://tidewell.example" });
  });

  it("reads the origin from the root route's data", () => {
    expect(baseUrlFrom([{ id: "root", loaderData: { baseUrl: "https://t.example" } }, undefined])).toBe(
      "https://t.example",
    );
    expect(baseUrlFrom([])).toBe("");
  });
});
