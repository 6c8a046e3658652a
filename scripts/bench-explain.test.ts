import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  attributeChunk,
  decodeMappings,
  explainPages,
  formatExplanation,
  packageOf,
  UNMAPPED,
  type SourceMap,
} from "./bench-explain.ts";

// Two generated lines. Line 1, "abcdefghij": columns 0-3 from source 0, 4-7 from source 1, 8-9 from
// no source. Line 2, "klmno": columns 0-1 unmapped, 2-4 from source 0 again.
// Segments: [0,0,0,0] "AAAA", [+4,+1,0,0] "ICAA", [+4] "I"; then [2,-1,+1,0] "EDCA".
const code = "abcdefghij\nklmno";
const map: SourceMap = {
  sources: ["../../node_modules/react-dom/cjs/client.js", "../../app/routes/home.tsx"],
  mappings: "AAAA,ICAA,I;EDCA",
};

describe("what a chunk is made of", () => {
  it("decodes the mappings into absolute columns and sources", () => {
    expect(decodeMappings(map.mappings)).toEqual([[[0, 0], [4, 1], [8]], [[2, 0]]]);
    // A value of two digits: 16 is "gB".
    expect(decodeMappings("gBAAA,CCAA,CDAA")).toEqual([
      [
        [16, 0],
        [17, 1],
        [18, 0],
      ],
    ]);
  });

  it("counts each source's characters, up to the next segment or the end of the line", () => {
    const counts = attributeChunk(code, map, (source) => source);
    expect(Object.fromEntries(counts)).toEqual({
      "../../node_modules/react-dom/cjs/client.js": 7,
      "../../app/routes/home.tsx": 4,
      [UNMAPPED]: 5, // two on line 1, two on line 2, and the line break
    });
    expect([...counts.values()].reduce((a, b) => a + b)).toBe(code.length);
  });

  it("names a source's npm package, a scope for scoped packages, and the app's own code", () => {
    expect(packageOf("node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("react-dom");
    expect(packageOf("node_modules/@floating-ui/dom/dist/floating-ui.dom.mjs")).toBe("@floating-ui/*");
    expect(packageOf("node_modules/radix-ui/node_modules/@radix-ui/react-slot/dist/index.mjs")).toBe(
      "@radix-ui/*",
    );
    expect(packageOf("app/components/site-header.tsx")).toBe("app code");
  });

  it("shares each page's compressed bytes out by its chunks' maps, and names a chunk without one", () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), "bench-explain-"));
    const assets = path.join(client, "assets");
    fs.mkdirSync(assets);
    fs.writeFileSync(path.join(assets, "home-abc.js"), code);
    fs.writeFileSync(path.join(assets, "home-abc.js.map"), JSON.stringify(map));
    // The map's sources are relative to assets/: they resolve under the client directory's parent.
    const root = path.resolve(client, "..");
    try {
      const [page] = explainPages(
        [
          {
            page: "/",
            scripts: [
              { path: "/assets/home-abc.js", bytes: 1600 },
              { path: "/assets/other-def.js", bytes: 400 },
            ],
          },
        ],
        client,
        root,
      );
      expect(page!.totalBytes).toBe(2000);
      expect(page!.chunks).toBe(2);
      expect(Object.fromEntries(page!.groups)).toEqual({
        "react-dom": 700,
        [UNMAPPED]: 500,
        "app code": 400,
        "other-def.js (no source map)": 400,
      });
      expect(formatExplanation([page!])).toBe(
        [
          "| JavaScript by package (compressed) | / |",
          "| --- | ---: |",
          "| react-dom | 0.7 KB |",
          `| ${UNMAPPED} | 0.5 KB |`,
          "| app code | 0.4 KB |",
          "| other-def.js (no source map) | 0.4 KB |",
          "| total (chunks) | 2.0 KB (2) |",
        ].join("\n"),
      );
    } finally {
      fs.rmSync(client, { recursive: true, force: true });
    }
  });
});
