import { describe, expect, it } from "vitest";
import { resources } from "./content.server.ts";
import { listResourceCards, toResourceCard } from "./resource-cards.server.ts";

describe("toResourceCard", () => {
  const base = {
    id: "oxytocin",
    title: "Oxytocin: the shy hormone of birth",
    description: "What oxytocin does in labour.",
    category: "article",
    tags: ["science", "hormones", "oxytocin", "labour"],
  } as const;

  it("keeps every tag and sends an article to the portal's reader", () => {
    expect(toResourceCard({ ...base, tags: [...base.tags], link: "/hypno-science/oxytocin" })).toEqual({
      ...base,
      tags: [...base.tags],
      href: "/portal/hypno-science/oxytocin",
    });
  });

  it("has no link while the resource is still coming", () => {
    expect(toResourceCard({ ...base, tags: [...base.tags] }).href).toBeNull();
  });
});

describe("listResourceCards", () => {
  it("lists the ten authored resources in order, with their member links", () => {
    const cards = listResourceCards();
    expect(cards.map((card) => card.id)).toEqual(resources.map((resource) => resource.id));
    expect(cards.find((card) => card.id === "video-calm-breathing")?.href).toBeNull();
    expect(cards.filter((card) => card.href?.startsWith("/hypno-science"))).toEqual([]);
  });
});
