import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Modules and the platform sit below the UI and the composition root: those import them, never the reverse. */
/** Sonner comes with a page's first toast; a direct import would put it in every page's JavaScript. */
const SONNER = { name: "sonner", message: "Use toast from #app/components/ui/toaster.tsx." };

const BELOW_THE_UI = [
  {
    group: ["#app/components/*", "**/components/*"],
    message: "Modules sit below the UI: components import them.",
  },
  { group: ["#app/routes/*", "**/routes/*"], message: "Modules sit below the routes: routes call them." },
  {
    group: ["#app/services.server*", "**/services.server*", "#app/request.server*", "**/request.server*"],
    allowTypeImports: true,
    message:
      "Modules take their dependencies as arguments; only routes read the composition root and the request.",
  },
];

/** What a pure module may not import: I/O, the environment, adapters, the platform, the UI. */
const PURE = [
  {
    // What a pure module may import, listed: anything else (fs, pg, a framework, the
    // platform, under any name) is I/O or environment and belongs in a .server.ts adapter.
    regex: "^(?!\\.\\.?/|#app/modules/|zod/mini$|@conform-to/react$)",
    message:
      "Pure modules import only other modules, zod/mini and @conform-to/react: move this to a .server.ts adapter.",
  },
  {
    regex: "\\.server(\\.ts)?$",
    allowTypeImports: true,
    message: "Pure modules import no adapter: the adapter imports them.",
  },
  {
    group: ["#app/platform/*", "**/platform/*"],
    message: "Pure modules take their inputs as arguments.",
  },
  ...BELOW_THE_UI,
];

/**
 * The base modules: pure, and importing nothing of the app (types included), so every other module
 * may use them and no pair of modules can import each other through them (docs/architecture.md).
 */
const BASE_MODULES = ["words", "people", "calendar"];

const NO_PROCESS = ["error", { name: "process", message: "Pure modules take configuration as arguments." }];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "coverage/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/modules/**/*.server.ts", "app/platform/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: BELOW_THE_UI }] },
  },
  {
    // Pure modules: no I/O, no framework, no environment. Adapters live in *.server.ts.
    files: ["app/modules/**/*.ts"],
    ignores: ["app/modules/**/*.server.ts", "app/modules/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: PURE }],
      "no-restricted-globals": NO_PROCESS,
    },
  },
  {
    // The base modules, every file of them: pure, and their own folder is all of the app they import.
    files: BASE_MODULES.map((name) => `app/modules/${name}/**/*.ts`),
    ignores: ["app/modules/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...PURE,
            {
              regex: "^(#app/|\\.\\./)",
              message: "A base module imports nothing of the app: every other module may import it.",
            },
          ],
        },
      ],
      "no-restricted-globals": NO_PROCESS,
    },
  },
  {
    // Client code validates with zod/mini (decision 0016): full zod would add ~60 kB to the pages.
    // Resource routes (app/routes/api) have no page and never reach the browser.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.{ts,tsx}", "app/routes/api/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='zod'], ImportExpression[source.value='zod']",
          message: "Code the browser may load imports zod/mini, not zod (decision 0016).",
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
    ignores: ["app/components/ui/toaster.tsx", "app/components/ui/toaster*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [SONNER] }] },
  },
  {
    // Routes call modules; only modules read and write the database.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [SONNER],
          patterns: [
            {
              group: ["#app/platform/db.server*", "**/platform/db.server*", "kysely", "kysely/*"],
              message: "Routes never touch the database: call the module that owns the data.",
            },
          ],
        },
      ],
    },
  },
);
