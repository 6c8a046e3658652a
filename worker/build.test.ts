import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { portalScripts } from "./build.ts";

/** A client bundle's chunks as Rolldown hands them over: each file, whether an entry of which module, and what it imports. */
function bundleOf(
  chunks: { file: string; entry?: string; imports?: string[]; dynamicImports?: string[] }[],
): Rolldown.OutputBundle {
  return Object.fromEntries(
    chunks.map(({ file, entry, imports = [], dynamicImports = [] }) => [
      file,
      {
        type: "chunk",
        fileName: file,
        isEntry: entry !== undefined,
        facadeModuleId: entry ?? null,
        imports,
        dynamicImports,
      } as unknown as Rolldown.OutputChunk,
    ]),
  );
}

describe("the scripts a member's device keeps", () => {
  const bundle = bundleOf([
    { file: "assets/entry.client-1.js", entry: "/app/app/entry.client.tsx", imports: ["assets/react-1.js"] },
    {
      file: "assets/root-1.js",
      entry: "/app/app/root.tsx?route",
      imports: ["assets/react-1.js"],
      dynamicImports: ["assets/sonner-1.js"],
    },
    {
      file: "assets/labour-1.js",
      entry: "/app/app/routes/portal/labour.tsx?route",
      imports: ["assets/timer-1.js"],
    },
    {
      file: "assets/overview-1.js",
      entry: "/app/app/routes/studio/overview.tsx?route",
      imports: ["assets/chart-1.js", "assets/react-1.js"],
    },
    {
      file: "assets/home-1.js",
      entry: "/app/app/routes/public/home.tsx?route",
      imports: ["assets/preview-1.js"],
    },
    { file: "assets/react-1.js" },
    { file: "assets/sonner-1.js" },
    { file: "assets/timer-1.js", dynamicImports: ["assets/wake-lock-1.js"] },
    { file: "assets/wake-lock-1.js" },
    { file: "assets/chart-1.js" },
    { file: "assets/preview-1.js" },
  ]);

  it("are the portal's: its routes, the root and the entry, with all they import at once or later", () => {
    expect(portalScripts(bundle)).toEqual([
      "assets/entry.client-1.js",
      "assets/labour-1.js",
      "assets/react-1.js",
      "assets/root-1.js",
      "assets/sonner-1.js",
      "assets/timer-1.js",
      "assets/wake-lock-1.js",
    ]);
  });

  it("leave out what only the studio or the public pages load", () => {
    const kept = portalScripts(bundle);
    for (const file of [
      "assets/overview-1.js",
      "assets/chart-1.js",
      "assets/home-1.js",
      "assets/preview-1.js",
    ])
      expect(kept).not.toContain(file);
  });
});
