// Radix Themes' CSS, only what the app uses (ADR 028). The package ships its styles compiled whole
// (@radix-ui/themes/styles.css: its tokens, components and utilities sheets, 82 KiB gzipped) and per
// colour (@radix-ui/themes/tokens/base.css, tokens/colors/<colour>.css), not per component.
// app/styles/radix-themes.css imports the base tokens, the colours the app names, and the components and
// utilities sheets; this PostCSS plugin (vite.config.ts) then keeps, of those two, only the rules that can
// match what the app renders:
//
// - a rule naming a component class (`.rt-TextFieldRoot`) is kept when that component, or one it draws
//   (Button draws Spinner), is among RADIX_THEMES_COMPONENTS: the component's
//   classes are read from the package's own modules (dist/esm/components/<name>.js and what it imports);
// - a responsive utility for a breakpoint (`.md\:rt-r-gtc-3`, `.sm\:rt-r-size-2`) is kept only for the
//   props the app gives per breakpoint, RADIX_THEMES_RESPONSIVE; every plain utility (`.rt-r-gtc-3`)
//   and every rule without a component class (the reset, the theme root, keyframes) is kept.
//
// scripts/lib/radix-themes-css.test.ts proves the lists cover what the app imports and names.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin, Rule } from "postcss";

/** The Radix Themes components the app imports (a unit test compares this with the imports). */
export const RADIX_THEMES_COMPONENTS = [
  "Badge",
  "Box",
  "Button",
  "Callout",
  "Card",
  "Container",
  "Dialog",
  "Flex",
  "Grid",
  "Heading",
  "Link",
  "Text",
  "TextArea",
  "TextField",
  "Theme",
] as const;

export type Breakpoint = "xs" | "sm" | "md" | "lg" | "xl";
export const BREAKPOINTS: readonly Breakpoint[] = ["xs", "sm", "md", "lg", "xl"];

/**
 * Props the app gives per breakpoint (`columns={{ initial: "1", sm: "2" }}`), by the utility class the
 * prop sets (Radix's prop definitions name it), with the breakpoints used. Others get no breakpoint CSS.
 */
export const RADIX_THEMES_RESPONSIVE: Readonly<Record<string, readonly Breakpoint[]>> = {
  "rt-r-gtc": ["sm", "md", "lg"],
};

export interface RadixSubset {
  /** Component classes (`rt-TextFieldRoot`) that may match. */
  componentClasses: ReadonlySet<string>;
  /** Utility class prefixes (`rt-r-gtc`) kept per breakpoint. */
  responsive: Readonly<Record<string, readonly Breakpoint[]>>;
}

const require = createRequire(import.meta.url);

/** "TextField" → "text-field": the package's module of a component. */
export function componentModule(component: string): string {
  return component.replace(/[A-Z]/g, (letter, index: number) => (index === 0 ? "" : "-") + letter.toLowerCase());
}

/** The `rt-` component classes a component's module and the package modules it imports write. */
export function componentClassesOf(components: readonly string[]): Set<string> {
  const componentsDir = path.join(
    path.dirname(require.resolve("@radix-ui/themes/package.json")),
    "dist",
    "esm",
    "components",
  );
  const classes = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\brt-[A-Z][A-Za-z]*/g)) classes.add(match[0]);
    for (const match of source.matchAll(/from\s*["'](\.{1,2}\/[^"']+)["']/g))
      walk(path.resolve(path.dirname(file), match[1]!));
  };
  for (const component of components) walk(path.join(componentsDir, `${componentModule(component)}.js`));
  return classes;
}

/** The inside of the parenthesised group that opens at `open` (the index of its "("), and where it ends. */
function group(selector: string, open: number): { inner: string; end: number } {
  let depth = 0;
  for (let index = open; index < selector.length; index += 1) {
    const char = selector[index];
    if (char === "\\") index += 1;
    else if (char === "(") depth += 1;
    else if (char === ")" && --depth === 0) return { inner: selector.slice(open + 1, index), end: index };
  }
  return { inner: selector.slice(open + 1), end: selector.length };
}

/** Splits at the commas outside parentheses and brackets. */
export function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === "\\") index += 1;
    else if (char === "(" || char === "[") depth += 1;
    else if (char === ")" || char === "]") depth -= 1;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

function classAllowed(name: string, subset: RadixSubset): boolean {
  const responsive = /^(xs|sm|md|lg|xl)\\:(.*)$/.exec(name);
  if (responsive) {
    const breakpoint = responsive[1] as Breakpoint;
    const rest = responsive[2]!;
    if (/^rt-[A-Z]/.test(rest) && !subset.componentClasses.has(rest)) return false;
    return Object.entries(subset.responsive).some(
      ([prefix, breakpoints]) => rest.startsWith(`${prefix}-`) && breakpoints.includes(breakpoint),
    );
  }
  return !/^rt-[A-Z]/.test(name) || subset.componentClasses.has(name);
}

/**
 * Whether a selector can match a page of the app: every class it requires is allowed. `:not(…)`
 * requires nothing; `:is/:where/:has/:matches(a, b)` requires one of its alternatives.
 */
export function selectorMayMatch(selector: string, subset: RadixSubset): boolean {
  let rest = "";
  for (let index = 0; index < selector.length; index += 1) {
    const char = selector[index]!;
    if (char === "\\") {
      rest += selector.slice(index, index + 2);
      index += 1;
      continue;
    }
    const pseudo = char === ":" ? /^:(not|is|where|has|matches)\(/.exec(selector.slice(index, index + 10)) : null;
    if (pseudo) {
      const { inner, end } = group(selector, index + pseudo[0].length - 1);
      if (pseudo[1] !== "not" && !splitSelectorList(inner).some((alternative) => selectorMayMatch(alternative, subset)))
        return false;
      rest += " ";
      index = end;
      continue;
    }
    rest += char;
  }
  for (const match of rest.matchAll(/\.((?:[a-z]+\\:)?-?[A-Za-z_][\w-]*)/g))
    if (!classAllowed(match[1]!, subset)) return false;
  return true;
}

function insideKeyframes(rule: Rule): boolean {
  type Parent = { type: string; name?: string; parent?: unknown } | undefined;
  for (let parent = rule.parent as Parent; parent; parent = parent.parent as Parent) {
    if (parent.type === "atrule" && /keyframes$/i.test(parent.name ?? "")) return true;
  }
  return false;
}

/** The PostCSS plugin: trims the rules of Radix Themes' files (any other file passes untouched). */
export function radixThemesSubset(
  subset: RadixSubset = {
    componentClasses: componentClassesOf(RADIX_THEMES_COMPONENTS),
    responsive: RADIX_THEMES_RESPONSIVE,
  },
): Plugin {
  const fromRadix = (file: string | undefined) =>
    Boolean(file && file.replaceAll("\\", "/").includes("/@radix-ui/themes/"));
  return {
    postcssPlugin: "radix-themes-subset",
    OnceExit(root) {
      root.walkRules((rule) => {
        if (!fromRadix(rule.source?.input.file) || insideKeyframes(rule)) return;
        const kept = rule.selectors.filter((selector) => selectorMayMatch(selector, subset));
        if (kept.length === 0) rule.remove();
        else if (kept.length !== rule.selectors.length) rule.selectors = kept;
      });
      // Media and supports blocks left empty go too.
      let removed = true;
      while (removed) {
        removed = false;
        root.walkAtRules((atRule) => {
          if (atRule.nodes !== undefined && atRule.nodes.length === 0 && fromRadix(atRule.source?.input.file)) {
            atRule.remove();
            removed = true;
          }
        });
      }
    },
  };
}
