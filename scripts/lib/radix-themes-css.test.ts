// Radix Themes' CSS trimmed to what the app uses: the selector filter on its own, the PostCSS
// plugin on a small stylesheet, and the lists it is given checked against the app's source: the
// components the app imports, the props it gives per breakpoint, the colours it names.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as radixProps from "@radix-ui/themes/props";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import {
  BREAKPOINTS,
  componentClassesOf,
  componentModule,
  RADIX_THEMES_COMPONENTS,
  RADIX_THEMES_RESPONSIVE,
  type RadixSubset,
  radixThemesSubset,
  selectorMayMatch,
  splitSelectorList,
} from "./radix-themes-css.ts";

const SUBSET: RadixSubset = {
  componentClasses: new Set(["rt-Button", "rt-BaseButton", "rt-Spinner"]),
  responsive: { "rt-r-gtc": ["sm", "lg"] },
};

describe("which Radix Themes selectors may match", () => {
  it("keeps rules of the components used and drops those of others", () => {
    expect(selectorMayMatch(".rt-Button:where(.rt-variant-solid)", SUBSET)).toBe(true);
    expect(selectorMayMatch(".rt-BaseButton:where(.rt-loading) .rt-Spinner", SUBSET)).toBe(true);
    expect(selectorMayMatch(".rt-SelectTrigger:where(.rt-variant-surface)", SUBSET)).toBe(false);
    expect(selectorMayMatch(".rt-Button > .rt-SliderThumb", SUBSET)).toBe(false);
  });

  it("keeps rules without a component class: the reset, the theme root, plain utilities", () => {
    expect(selectorMayMatch(".rt-reset:where(button)", SUBSET)).toBe(true);
    expect(selectorMayMatch(".radix-themes:where([data-is-root-theme='true'])", SUBSET)).toBe(true);
    expect(selectorMayMatch(".rt-r-gtc-3", SUBSET)).toBe(true);
    expect(selectorMayMatch(":root, .light", SUBSET)).toBe(true);
  });

  it("keeps breakpoint utilities only for the props and breakpoints the app uses", () => {
    expect(selectorMayMatch(".sm\\:rt-r-gtc-2", SUBSET)).toBe(true);
    expect(selectorMayMatch(".lg\\:rt-r-gtc-3", SUBSET)).toBe(true);
    expect(selectorMayMatch(".md\\:rt-r-gtc-3", SUBSET)).toBe(false);
    expect(selectorMayMatch(".sm\\:rt-r-p-2", SUBSET)).toBe(false);
    expect(selectorMayMatch(".rt-Button:where(.sm\\:rt-r-size-2)", SUBSET)).toBe(false);
    expect(selectorMayMatch(".rt-Button:where(.rt-r-size-2)", SUBSET)).toBe(true);
  });

  it("requires nothing inside :not() and one alternative inside :where(), :is() and :has()", () => {
    expect(selectorMayMatch(".rt-Button:not(.rt-SelectTrigger)", SUBSET)).toBe(true);
    expect(selectorMayMatch(".rt-Button:where(.rt-SelectTrigger, .rt-Spinner)", SUBSET)).toBe(true);
    expect(selectorMayMatch(".rt-Button:has(.rt-SelectTrigger, .rt-SliderThumb)", SUBSET)).toBe(false);
    expect(selectorMayMatch(".rt-Button:is(:where(.rt-TabNavLink), .rt-Spinner)", SUBSET)).toBe(true);
  });

  it("splits selector lists at top-level commas only", () => {
    expect(splitSelectorList(".a:where(.b, .c), .d[title='x,y'], .e")).toEqual([
      ".a:where(.b, .c)",
      ".d[title='x,y']",
      ".e",
    ]);
  });
});

describe("the radix-themes-subset PostCSS plugin", () => {
  const css = `
.rt-Button { color: red; }
.rt-SelectTrigger, .rt-Button:where(.rt-high-contrast) { color: blue; }
@media (min-width: 520px) { .xs\\:rt-r-gtc-2 { grid-template-columns: 1fr 1fr; } }
@media (min-width: 768px) { .sm\\:rt-r-gtc-2 { grid-template-columns: 1fr 1fr; } }
@keyframes rt-spin { from { opacity: 0; } to { opacity: 1; } }
`;
  const run = (from: string) =>
    postcss([radixThemesSubset(SUBSET)])
      .process(css, { from })
      .css.replace(/\s+/g, " ")
      .trim();

  it("trims Radix Themes' files: unused components, unused breakpoints, emptied media blocks", () => {
    const out = run("/x/node_modules/@radix-ui/themes/components.css");
    expect(out).toContain(".rt-Button { color: red; }");
    expect(out).toContain(".rt-Button:where(.rt-high-contrast) { color: blue; }");
    expect(out).not.toContain("rt-SelectTrigger");
    expect(out).not.toContain("520px");
    expect(out).toContain(".sm\\:rt-r-gtc-2");
    expect(out).toContain("@keyframes rt-spin");
  });

  it("leaves every other stylesheet as it is", () => {
    expect(run("/x/app/styles/app.css")).toBe(css.replace(/\s+/g, " ").trim());
  });
});

describe("the components' classes, read from the package", () => {
  it("follows each component's imports (Button draws a Spinner, Table a ScrollArea)", () => {
    const classes = componentClassesOf(["Button", "Table", "TextField"]);
    expect([...classes]).toEqual(
      expect.arrayContaining([
        "rt-Button",
        "rt-BaseButton",
        "rt-Spinner",
        "rt-TableRoot",
        "rt-ScrollAreaRoot",
        "rt-TextFieldRoot",
      ]),
    );
    expect(classes.has("rt-SelectTrigger")).toBe(false);
  });

  it("finds a module for every component listed", () => {
    expect(componentModule("TextField")).toBe("text-field");
    for (const component of RADIX_THEMES_COMPONENTS)
      expect(() => componentClassesOf([component]), component).not.toThrow();
  });
});

// ---------------------------------------------------------------------------------------------------
// The lists against the app's source.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const APP = sourceFiles(path.resolve("app")).map((file) => ({ file, text: readFileSync(file, "utf8") }));

describe("what the app uses of Radix Themes is what its CSS keeps", () => {
  it("lists exactly the components the app imports from @radix-ui/themes", () => {
    const imported = new Set<string>();
    for (const { text } of APP) {
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@radix-ui\/themes"/g)) {
        for (const specifier of match[1]!.split(",")) {
          const name = specifier.trim();
          if (name === "" || name.startsWith("type ")) continue;
          imported.add(name.split(/\s+as\s+/)[0]!.trim());
        }
      }
    }
    expect(
      [...imported].sort(),
      "add a newly used component to RADIX_THEMES_COMPONENTS (scripts/lib/radix-themes-css.ts)",
    ).toEqual([...RADIX_THEMES_COMPONENTS].sort());
  });

  it("imports Radix Themes' stylesheets only through app/styles/radix-themes.css", () => {
    const direct = APP.filter(({ text }) => /["']@radix-ui\/themes\/[^"']*\.css/.test(text)).map(({ file }) =>
      path.relative(".", file),
    );
    expect(direct).toEqual([]);
  });

  it("keeps the breakpoints of every prop the app gives per breakpoint", () => {
    // Each prop's utility class, from Radix's own prop definitions (gridPropDefs.columns → rt-r-gtc).
    const classesOf = new Map<string, Set<string>>();
    for (const defs of Object.values(radixProps)) {
      if (typeof defs !== "object" || defs === null) continue;
      for (const [prop, def] of Object.entries(defs as Record<string, unknown>)) {
        const { className, responsive } = (def ?? {}) as { className?: unknown; responsive?: unknown };
        if (typeof className === "string" && responsive === true)
          classesOf.set(prop, (classesOf.get(prop) ?? new Set()).add(className));
      }
    }
    let responsiveValues = 0;
    for (const { file, text } of APP) {
      for (const match of text.matchAll(/(\w+)=\{\{([^{}]*)\}\}/g)) {
        const keys = [...match[2]!.matchAll(/\b(initial|xs|sm|md|lg|xl)\s*:/g)].map((key) => key[1]!);
        if (keys.length === 0) continue;
        responsiveValues += 1;
        const prop = match[1]!;
        const classes = classesOf.get(prop);
        expect(classes, `${path.relative(".", file)}: ${prop} is not a responsive Radix prop`).toBeDefined();
        for (const className of classes!) {
          for (const breakpoint of keys.filter((key) => key !== "initial")) {
            expect(
              RADIX_THEMES_RESPONSIVE[className] ?? [],
              `${path.relative(".", file)}: ${prop} at ${breakpoint} needs ${className} in RADIX_THEMES_RESPONSIVE`,
            ).toContain(breakpoint);
          }
        }
      }
    }
    // A responsive value built elsewhere (a variable) would escape the check above.
    const initials = APP.reduce((count, { text }) => count + [...text.matchAll(/\{[ \t]*initial\s*:/g)].length, 0);
    expect(initials, "write responsive prop values inline, where this test can read them").toBe(responsiveValues);
    expect(
      Object.values(RADIX_THEMES_RESPONSIVE)
        .flat()
        .every((breakpoint) => BREAKPOINTS.includes(breakpoint)),
    ).toBe(true);
  });

  it("imports the colour scale of every Radix colour the app names", () => {
    const stylesheet = readFileSync(path.resolve("app/styles/radix-themes.css"), "utf8");
    const imported = new Set([...stylesheet.matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map((match) => match[1]!));
    const colours = [...radixProps.accentColors, ...radixProps.grayColors].filter((colour) => colour !== "auto");
    const named = new Set<string>();
    for (const { text } of APP)
      for (const colour of colours) if (new RegExp(`["']${colour}["']`).test(text)) named.add(colour);
    expect(named.size).toBeGreaterThan(0);
    expect(
      [...named].filter((colour) => !imported.has(colour)),
      "import these colours in app/styles/radix-themes.css",
    ).toEqual([]);
  });
});
