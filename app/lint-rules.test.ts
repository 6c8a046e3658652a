import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The house rules the linter keeps (eslint.config.js), each tried on a planted violation: a rule
 * that stopped matching would let the next one through without a word.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

describe("the linter's house rules", () => {
  // Loading the config and its plugins is the slow part, once for the file.
  beforeAll(() => problems("app/modules/program/planted.ts", "export {};\n"));

  it("lets a pure module import only other modules, zod/mini and @conform-to/react", async () => {
    const pure = "app/modules/program/planted.ts";
    for (const banned of ["fs", "node:fs", "pg", "better-sqlite3", "react-router", "kysely", "zod"]) {
      expect(
        await problems(pure, `import x from "${banned}";\nexport const y = x;\n`),
        banned,
      ).toContainEqual(expect.stringContaining("Pure modules import only"));
    }
    for (const allowed of ["./practice.ts", "#app/modules/words/plural.ts", "zod/mini"]) {
      expect(
        await problems(pure, `import * as x from "${allowed}";\nexport const y = x;\n`),
        allowed,
      ).toEqual([]);
    }
  });

  it("keeps adapters out of pure modules, but lets them name an adapter's types", async () => {
    const pure = "app/modules/program/planted.ts";
    expect(
      await problems(pure, `import { x } from "./program.server.ts";\nexport const y = x;\n`),
    ).toContainEqual(expect.stringContaining("Pure modules import no adapter"));
    expect(
      await problems(
        pure,
        `import type { Programme } from "./program.server.ts";\nexport type P = Programme;\n`,
      ),
    ).toEqual([]);
  });

  it("lets a base module import nothing of the app but its own folder, types included", async () => {
    for (const base of [
      "app/modules/words/planted.ts",
      "app/modules/people/planted.ts",
      "app/modules/calendar/planted.ts",
    ]) {
      for (const banned of [
        'import { x } from "#app/modules/program/program.ts";\nexport const y = x;\n',
        'import type { Member } from "#app/modules/accounts/session.server.ts";\nexport type Y = Member;\n',
        'import { x } from "../program/program.ts";\nexport const y = x;\n',
      ]) {
        expect(await problems(base, banned), `${base}: ${banned}`).toContainEqual(
          expect.stringContaining("A base module imports nothing of the app"),
        );
      }
      expect(await problems(base, 'import { x } from "./dates.ts";\nexport const y = x;\n'), base).toEqual(
        [],
      );
    }
  });

  it("keeps routes away from the database", async () => {
    for (const source of ["#app/platform/db.server.ts", "kysely"]) {
      expect(
        await problems(
          "app/routes/portal/planted.tsx",
          `import * as x from "${source}";\nexport const y = x;\n`,
        ),
        source,
      ).toContainEqual(expect.stringContaining("Routes never touch the database"));
    }
  });

  it("keeps full zod out of code the browser may load", async () => {
    for (const file of ["app/components/planted.tsx", "app/routes/portal/planted.tsx"]) {
      expect(await problems(file, `import { z } from "zod";\nexport const y = z;\n`), file).toContainEqual(
        expect.stringContaining("imports zod/mini, not zod"),
      );
    }
    expect(
      await problems(
        "app/modules/payments/planted.server.ts",
        `import { z } from "zod";\nexport const y = z;\n`,
      ),
    ).toEqual([]);
  });
});
