// Lint rules: typescript-eslint's recommended set, React hooks rules, and no stray console.log in
// app code (the server logs through pino; CLI scripts may print).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "app/generated/", "node_modules/", ".data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: { "no-console": ["error", { allow: ["warn", "error"] }] },
  },
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
    ignores: ["app/rules/permissions.ts", "**/*.test.ts", "**/*.test.tsx"],
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
          message: "Name the permission (hasFeature, unlocksRoute, holdsPermission or permissionId of app/rules/permissions.ts), not its id.",
        })),
        ...[
          "BinaryExpression:matches([left.name=/^status(Id|ID)$/], [left.property.name=/^status(Id|ID)$/]) > Literal.right[raw=/^[0-9]+$/]",
          "Property[key.name=/^status(Id|ID)$/] > Literal[raw=/^[0-9]+$/]",
          "Property[key.name=/^status(Id|ID)$/] > ObjectExpression Literal[raw=/^[0-9]+$/]",
        ].map((selector) => ({
          selector,
          message: "Name the status (RETURNING_UNIT_STATUS of app/rules/order-stages.ts, UNIT_STATUS_ID of app/rules/unit-statuses.ts), not its id.",
        })),
      ],
    },
  },
);
