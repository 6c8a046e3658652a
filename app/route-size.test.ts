import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Routes are thin (docs/architecture.md): who is asking, one module call, plain data to the UI. A route
 * file longer than this is doing a module's work, or a component's: move it there (see
 * modules/program/programme-page.server.ts and components/program for the programme page's).
 */
const MOST_LINES = 150;

const root = path.resolve(import.meta.dirname, "..");
const ROUTES = path.join(root, "app", "routes");

function linesOf(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("the routes stay thin", () => {
  const files = fs
    .readdirSync(ROUTES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

  it("are read from every folder of app/routes", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it(`are each at most ${MOST_LINES} lines long`, () => {
    const long = files
      .map((file) => ({ file: path.relative(root, file), lines: linesOf(file) }))
      .filter(({ lines }) => lines > MOST_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
