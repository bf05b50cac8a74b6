// Lint rules: typescript-eslint's recommended set, React hooks rules, no stray console.log in app
// code (the server logs through pino; CLI scripts may print), and the layer table of
// docs/architecture.md held by import rules: which layer may import which, and no import cycles.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Each zone: files under `target` may not import from `from` (docs/architecture.md, Layers). */
const LAYER_ZONES = [
  {
    target: "./app",
    from: "./server",
    message: "app/ never imports server/: shared types live in app/modules/platform (docs/architecture.md).",
  },
  {
    target: "./app/rules",
    from: ["./app/modules", "./app/shell", "./app/routes", "./app/components", "./app/utils", "./app/context.ts"],
    message: "Rules are pure and isomorphic: they import only other rules and libraries (docs/architecture.md).",
  },
  {
    target: "./app/modules",
    from: ["./app/shell", "./app/routes", "./app/components", "./app/utils"],
    message: "Domain modules never reach into routes, the shell or the browser's code (docs/architecture.md).",
  },
  {
    target: ["./app/components", "./app/utils"],
    from: ["./app/shell", "./app/routes"],
    message: "Components and browser utilities render and talk to the page, below the routes.",
  },
  {
    target: ["./app/components", "./app/utils"],
    from: ["./app/modules/**/*.server.ts"],
    message: "Server modules stay on the server: components get their data from loaders.",
  },
  {
    target: "./server",
    from: ["./app/routes", "./app/components", "./app/utils", "./app/shell"],
    message: "The server reaches pages only through the React Router build (server/app.ts).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "app/generated/",
      "node_modules/",
      ".data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Type-only imports are left out by the rule (they vanish at runtime); ADR 029.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
      "import-x/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
    },
  },
);
