import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serveCommand } from "./bench-server.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("the production command", () => {
  it("gives the server its memory settings, the same in npm run serve, npm start and the image", () => {
    const { env, args } = serveCommand(root);
    expect(env.GLIBC_TUNABLES?.split(":")).toEqual([
      "glibc.malloc.arena_max=1",
      "glibc.malloc.mmap_threshold=32768",
      "glibc.malloc.trim_threshold=131072",
    ]);
    expect(args).toContain("--max-semi-space-size=4");
    expect(args).toContain("--heap-growing-percent=30");
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe("react-router build && npm run serve");
    const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd!)).toEqual(["node", ...args]);
    expect(dockerfile).toContain(`GLIBC_TUNABLES=${env.GLIBC_TUNABLES} \\\n`);
  });
});
