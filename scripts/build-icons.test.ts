import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSprite, ICONS_MODULE, iconNames, SPRITE, symbolFor } from "./build-icons.ts";

describe("the icon sprite", () => {
  it("is what `npm run icons` makes from the icons module, so every icon drawn has its symbol", async () => {
    expect(fs.readFileSync(SPRITE, "utf8")).toBe(await buildSprite());
    const sprite = fs.readFileSync(SPRITE, "utf8");
    const names = iconNames(fs.readFileSync(ICONS_MODULE, "utf8"));
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) expect(sprite, name).toContain(`<symbol id="${name}" `);
  });

  it("writes a symbol's shapes without React's keys, attributes escaped", () => {
    expect(
      symbolFor("demo", [
        ["path", { d: "M1 1h2", key: "k1" }],
        ["circle", { cx: 12, cy: 12, r: 10, key: "k2" }],
      ]),
    ).toBe(
      '<symbol id="demo" viewBox="0 0 24 24"><path d="M1 1h2"/><circle cx="12" cy="12" r="10"/></symbol>',
    );
    expect(symbolFor("q", [["text", { title: 'a "b" & c' }]])).toContain('title="a &quot;b&quot; &amp; c"');
  });
});
