// Lint rules: typescript-eslint's recommended set, React hooks rules, no stray console.log in app
// code (the server logs through pino; CLI scripts may print), and the layer table of
// docs/architecture.md held by import rules: which layer may import which.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layer table of docs/architecture.md (ADR 029): which folders a layer's files may not import from,
// by the import's text (the `~/` alias or a relative path). ESLint's import plugins need a native
// resolver whose builds for other platforms this workplace's registry lacks, which breaks `npm ci`;
// the core rule suffices for our two spellings. Cycles: tests/unit/import-cycles.test.ts.
const SERVER = {
  group: ["**/server/**"],
  message: "app/ never imports server/: shared types live in app/modules/platform.",
};
const folders = (...names) => names.flatMap((name) => [`~/${name}/**`, `**/${name}/**`]);
const LAYERS = [
  {
    files: ["app/rules/**/*.{ts,tsx}"],
    group: [...folders("modules", "shell", "routes", "components", "utils"), "~/context*", "**/context.ts"],
    message: "Rules are pure and isomorphic: they import only other rules and libraries.",
  },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    group: folders("shell", "routes", "components", "utils"),
    message: "Domain modules never reach into routes, the shell or the browser's code.",
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/utils/**/*.{ts,tsx}"],
    group: [...folders("shell", "routes"), "**/*.server", "**/*.server.ts", "**/*.server.tsx"],
    message: "Components and browser utilities render: no server modules, routes or the shell.",
  },
  // The shell and the routes may import every layer of app/, not server/.
  { files: ["app/shell/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "app/*.{ts,tsx}"], group: [], message: "" },
];
const layerBlocks = [
  ...LAYERS.map(({ files, group, message }) => ({
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: [SERVER, ...(group.length > 0 ? [{ group, message }] : [])] }],
    },
  })),
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/routes/**", "**/app/components/**", "**/app/utils/**", "**/app/shell/**"],
              message: "The server reaches pages only through the React Router build (server/app.ts).",
            },
          ],
        },
      ],
    },
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
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // `import { type X } from "m"` keeps `import "m"` in the output: a component importing a dialog's
      // definition that way would load its zod schemas anyway (ADR 028). Only `import type` drops it.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: { "no-console": ["error", { allow: ["warn", "error"] }] },
  },
  // Rules that read TypeScript's types (issue 35): a promise nobody awaits or catches, a promise handed
  // where a void callback is expected (an event handler, a listener), `await` on what is not a promise,
  // and a switch over a union that misses a member (a `default` does not stand in for a member's case).
  // The TypeScript sources only: every one is in tsconfig.json, whose one program the project service
  // builds. They more than double lint's time (ADR 029, History): most of it is TypeScript's checking.
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },
  ...layerBlocks,
  // Permissions are named, never numbered, outside the catalogue (ADR 002, "Ids in code"). A number
  // (a literal of digits only) is refused where the code says it stands for a permission: tested against
  // a list named *permission* (`permissions.includes(13)`, `actor.permissionIds.indexOf(2)`), compared
  // in a callback over such a list (`permissions.some((id) => id === 20)`), passed to a function named
  // *permission* (`requirePermission(11)`), or given as the value of a variable or property named
  // *permission*, alone or inside an array or object literal (`const AR_PERMISSION = 13`,
  // `{ permissionIds: [3, 10] }`, `QUEUE_PERMISSIONS = { approve: 28 } as const`). Likewise a statusId
  // (unit statuses, returning-unit lines) compared with or given a number (`line.statusId === 6`,
  // `{ statusId: { in: [6, 7] } }`). Only these shapes match, so counts, indexes and HTTP statuses pass.
  // Tests and the catalogue itself are exempt.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"],
    ignores: ["app/rules/access/permissions.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.property.name=/^(includes|indexOf|lastIndexOf|has)$/]:matches([callee.object.name=/permission/i], [callee.object.property.name=/permission/i]) > Literal.arguments[raw=/^[0-9]+$/]",
          "CallExpression[callee.property.name=/^(some|every|find|findIndex|filter)$/]:matches([callee.object.name=/permission/i], [callee.object.property.name=/permission/i]) BinaryExpression > Literal[raw=/^[0-9]+$/]",
          "CallExpression[callee.name=/permission/i] > Literal.arguments[raw=/^[0-9]+$/]",
          ":matches(VariableDeclarator[id.name=/permission/i], Property[key.name=/permission/i]) > Literal[raw=/^[0-9]+$/]",
          ":matches(VariableDeclarator[id.name=/permission/i], Property[key.name=/permission/i]) > :matches(ArrayExpression, ObjectExpression, TSAsExpression, TSSatisfiesExpression) Literal[raw=/^[0-9]+$/]",
        ].map((selector) => ({
          selector,
          message:
            "Name the permission (hasFeature, unlocksRoute, holdsPermission or permissionId of app/rules/access/permissions.ts), not its id.",
        })),
        ...[
          "BinaryExpression:matches([left.name=/^status(Id|ID)$/], [left.property.name=/^status(Id|ID)$/]) > Literal.right[raw=/^[0-9]+$/]",
          "Property[key.name=/^status(Id|ID)$/] > Literal[raw=/^[0-9]+$/]",
          "Property[key.name=/^status(Id|ID)$/] > ObjectExpression Literal[raw=/^[0-9]+$/]",
        ].map((selector) => ({
          selector,
          message:
            "Name the status (RETURNING_UNIT_STATUS of app/rules/orders/order-stages.ts, UNIT_STATUS_ID of app/rules/fleet/unit-statuses.ts), not its id.",
        })),
      ],
    },
  },
  // The JavaScript files (this one, scripts/*.mjs) are in no tsconfig: no rule may ask them for types.
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
);
