import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Modules and the platform sit below the UI and the composition root: those import them, never the reverse. */
const BELOW_THE_UI = [
  {
    group: ["~/components/*", "**/components/*"],
    message: "Modules sit below the UI: components import them.",
  },
  { group: ["~/routes/*", "**/routes/*"], message: "Modules sit below the routes: routes call them." },
  {
    group: ["~/services.server*", "**/services.server*"],
    allowTypeImports: true,
    message: "Modules take their dependencies as arguments; only routes read the composition root.",
  },
];

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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "Pure modules do no I/O: move this to a .server.ts adapter." },
            { group: ["react-router", "react-router/*"], message: "Pure modules know no framework." },
            {
              group: ["~/platform/*", "**/platform/*"],
              message: "Pure modules take their inputs as arguments.",
            },
            ...BELOW_THE_UI,
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "process", message: "Pure modules take configuration as arguments." },
      ],
    },
  },
  {
    // Sonner comes with a page's first toast; a direct import would put it in every page's JavaScript.
    files: ["app/components/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
    ignores: ["app/components/ui/toaster.tsx", "app/components/ui/toaster*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "sonner", message: "Use toast from ~/components/ui/toaster.tsx." }] },
      ],
    },
  },
);
