// Page weight from the build's manifests, on a small synthetic build: what a page loads, each
// file once; what opening one of its dialogs adds; what is over budget, and what cannot be measured.
import { describe, expect, it } from "vitest";
import {
  formatWeightReport,
  measurePageWeight,
  normalizeFile,
  pageFiles,
  type RouterManifest,
  staticClosure,
  type ViteManifest,
  weightFailures,
} from "./page-weight.ts";

const router: RouterManifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: {
      id: "root",
      path: "",
      module: "/assets/root.js",
      imports: ["/assets/react.js", "/assets/ui.js"],
      css: ["/assets/root.css"],
    },
    "page:home": {
      id: "page:home",
      parentId: "root",
      path: "home",
      module: "/assets/home.js",
      imports: ["/assets/ui.js"],
      css: [],
    },
    "page:board": {
      id: "page:board",
      parentId: "root",
      path: "board",
      module: "/assets/board.js",
      imports: ["/assets/registry.js"],
      css: ["/assets/board.css"],
      clientActionModule: "/assets/board-action.js",
    },
    "page:board2": {
      id: "page:board2",
      parentId: "root",
      path: "board2",
      module: "/assets/board.js",
      imports: ["/assets/registry.js"],
      css: ["/assets/board.css"],
      clientActionModule: "/assets/board-action.js",
    },
  },
};

const vite: ViteManifest = {
  "app/entry.client.tsx": { file: "assets/entry.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react.js" },
  "_ui.js": { file: "assets/ui.js" },
  "app/root.tsx": { file: "assets/root.js", isEntry: true, imports: ["_react.js", "_ui.js"], css: ["assets/root.css"] },
  "app/routes/home.tsx": { file: "assets/home.js", isEntry: true, imports: ["_ui.js"] },
  "app/routes/board.tsx": {
    file: "assets/board.js",
    isEntry: true,
    imports: ["_registry.js"],
    css: ["assets/board.css"],
  },
  "app/routes/board.tsx?route-chunk=clientAction": { file: "assets/board-action.js", isEntry: true },
  "_registry.js": { file: "assets/registry.js", dynamicImports: ["app/dialogs/notes.tsx", "app/dialogs/edit.tsx"] },
  "app/dialogs/notes.tsx": {
    file: "assets/notes.js",
    src: "app/dialogs/notes.tsx",
    isDynamicEntry: true,
    imports: ["_ui.js", "_forms.js"],
    css: ["assets/notes.css"],
  },
  "_forms.js": { file: "assets/forms.js" },
  "app/dialogs/edit.tsx": {
    file: "assets/edit.js",
    src: "app/dialogs/edit.tsx",
    isDynamicEntry: true,
    imports: ["_forms.js"],
    dynamicImports: ["app/dialogs/phone.ts"],
  },
  "app/dialogs/phone.ts": { file: "assets/phone.js", src: "app/dialogs/phone.ts", isDynamicEntry: true },
};

const KB = 1024;
const SIZES: Record<string, number> = {
  "assets/entry.js": 60 * KB,
  "assets/react.js": 40 * KB,
  "assets/ui.js": 20 * KB,
  "assets/root.js": 10 * KB,
  "assets/home.js": 2 * KB,
  "assets/board.js": 15 * KB,
  "assets/board-action.js": 1 * KB,
  "assets/registry.js": 1 * KB,
  "assets/notes.js": 5 * KB,
  "assets/forms.js": 8 * KB,
  "assets/edit.js": 9 * KB,
  "assets/phone.js": 30 * KB,
  "assets/root.css": 25 * KB,
  "assets/board.css": 1 * KB,
  "assets/notes.css": 2 * KB,
  "assets/unlinked.css": 50 * KB,
  "assets/frame.js": 1 * KB,
  "assets/radix.js": 12 * KB,
};
const sizeOf = (file: string) => {
  const size = SIZES[file];
  if (size === undefined) throw new Error(`no size for ${file}`);
  return size;
};
const BUDGET = { js: 170 * KB, css: 40 * KB };

describe("what a page loads", () => {
  it("is the client entry and every route of its chain, with their static imports, each file once", () => {
    const home = pageFiles(router, "page:home");
    expect(home.js.sort()).toEqual([
      "assets/entry.js",
      "assets/home.js",
      "assets/react.js",
      "assets/root.js",
      "assets/ui.js",
    ]);
    expect(home.css).toEqual(["assets/root.css"]);
  });

  it("reads React Router's public paths and its mark on stylesheets also loaded on demand", () => {
    expect(normalizeFile("/assets/x.css#")).toBe("assets/x.css");
    expect(normalizeFile("assets/x.js")).toBe("assets/x.js");
  });

  it("includes a route's split client action", () => {
    expect(pageFiles(router, "page:board").js).toContain("assets/board-action.js");
  });

  it("follows a chunk's static imports, not its dynamic ones", () => {
    expect(staticClosure(vite, "app/dialogs/notes.tsx")).toEqual({
      js: ["assets/notes.js", "assets/ui.js", "assets/forms.js"],
      css: ["assets/notes.css"],
      chunks: ["app/dialogs/notes.tsx", "_ui.js", "_forms.js"],
    });
  });
});

describe("the page weight report", () => {
  const report = measurePageWeight({ router, vite, sizeOf, budget: BUDGET });

  it("weighs each distinct page once, naming every route that loads the same files", () => {
    expect(report.pages.map((page) => page.routeIds)).toEqual([["page:home"], ["page:board", "page:board2"]]);
    const home = report.pages[0]!;
    expect(home.js).toBe((60 + 40 + 20 + 10 + 2) * KB);
    expect(home.css).toBe(25 * KB);
  });

  it("adds one dialog at a time, with its static imports, counting shared files once", () => {
    const board = report.pages[1]!;
    expect(board.js).toBe((60 + 40 + 20 + 10 + 15 + 1 + 1) * KB);
    const notes = report.combinations.find((item) => item.opened.join() === "app/dialogs/notes.tsx")!;
    expect(notes.page).toBe(board);
    expect(notes.js).toBe(board.js + (5 + 8) * KB);
    expect(notes.css).toBe((25 + 1 + 2) * KB);
  });

  it("counts what an open dialog loads on demand in turn, together with the dialog", () => {
    const phone = report.combinations.find(
      (item) => item.opened.join(" > ") === "app/dialogs/edit.tsx > app/dialogs/phone.ts",
    )!;
    expect(phone.js).toBe(report.pages[1]!.js + (9 + 8 + 30) * KB);
    expect(report.largestCombination.js).toBe(phone);
  });

  it("reports the combinations over budget, heaviest first, and fails on them", () => {
    expect(report.over.map((item) => item.opened.at(-1) ?? "(page)")).toEqual(["app/dialogs/phone.ts"]);
    expect(report.largestPage.js.routeIds).toEqual(["page:board", "page:board2"]);
    const text = formatWeightReport(report, BUDGET);
    expect(text).toContain("OVER BUDGET (1):");
    expect(text).toMatch(
      /page:board \/board \+1 more \+ app\/dialogs\/edit\.tsx \+ app\/dialogs\/phone\.ts\s+194\.0 KiB !/,
    );
    expect(weightFailures(report)).toEqual(["1 page/dialog combination(s) over 170.0 KiB of JavaScript"]);
  });

  it("fails on JavaScript only above a ceiling while the budget is not met yet, and always on CSS", () => {
    expect(weightFailures(report, { jsCeiling: 200 * KB })).toEqual([]);
    expect(weightFailures(report, { jsCeiling: 190 * KB })).toEqual([
      "1 page/dialog combination(s) over 190.0 KiB of JavaScript",
    ]);
    const tightCss = measurePageWeight({ router, vite, sizeOf, budget: { js: 170 * KB, css: 27 * KB } });
    expect(weightFailures(tightCss, { jsCeiling: 200 * KB })).toEqual([
      "1 page/dialog combination(s) over 27.0 KiB of CSS",
    ]);
  });

  it("holds a page with no dialog open to its own ceiling while the budget is not met yet", () => {
    const tiny = measurePageWeight({ router, vite, sizeOf, budget: { js: 1 * KB, css: 40 * KB } });
    const heaviest = tiny.largestPage.js.js;
    expect(weightFailures(tiny, { jsCeiling: 1000 * KB, pageJsCeiling: heaviest })).toEqual([]);
    expect(weightFailures(tiny, { jsCeiling: 1000 * KB, pageJsCeiling: heaviest - 1 })).toEqual([
      `1 page(s) over ${((heaviest - 1) / KB).toFixed(1)} KiB of JavaScript with no dialog open`,
    ]);
  });

  it("names a shared chunk imported on demand by its name", () => {
    const shared: ViteManifest = {
      ...vite,
      "_registry.js": { file: "assets/registry.js", dynamicImports: ["_forms.js"] },
      "_forms.js": { file: "assets/forms.js", name: "forms" },
    };
    const result = measurePageWeight({ router, vite: shared, sizeOf, budget: BUDGET });
    expect(result.combinations.map((item) => item.opened.join())).toEqual(["forms (shared chunk)"]);
  });

  it("passes a build within budget, and prints the heaviest combinations", () => {
    const light = measurePageWeight({ router, vite, sizeOf, budget: { js: 200 * KB, css: 40 * KB } });
    expect(light.over).toEqual([]);
    expect(weightFailures(light)).toEqual([]);
    expect(formatWeightReport(light, { js: 200 * KB, css: 40 * KB })).toContain(
      "heaviest page and dialog combinations:",
    );
  });

  it("fails on a stylesheet no manifest attributes to a page (a ?url link it cannot measure)", () => {
    const withLink = measurePageWeight({
      router,
      vite,
      sizeOf,
      budget: BUDGET,
      cssFiles: ["assets/root.css", "assets/board.css", "assets/notes.css", "assets/unlinked.css"],
    });
    expect(withLink.unattributedCss).toEqual(["assets/unlinked.css"]);
    expect(weightFailures(withLink)).toContain("1 stylesheet(s) not attributed to any page");
  });

  it("fails on a dialog imported on demand that the page already loads statically", () => {
    const eager: RouterManifest = {
      ...router,
      routes: {
        ...router.routes,
        "page:home": {
          ...router.routes["page:home"]!,
          imports: ["/assets/ui.js", "/assets/registry.js", "/assets/notes.js"],
        },
      },
    };
    const dialogs = (module: string) => module.startsWith("app/dialogs/");
    const result = measurePageWeight({ router: eager, vite, sizeOf, budget: BUDGET, mustLoadOnDemand: dialogs });
    expect(result.staticallyLoaded).toEqual([{ page: "page:home /home", module: "app/dialogs/notes.tsx" }]);
    expect(weightFailures(result)).toContain("1 on-demand import(s) loaded statically");
    // Loaded on demand on the boards all the same.
    expect(result.onDemand).toEqual(["app/dialogs/edit.tsx", "app/dialogs/notes.tsx", "app/dialogs/phone.ts"]);
  });

  it("counts a module a page imports both statically and on demand once, without failing", () => {
    const both: RouterManifest = {
      ...router,
      routes: {
        ...router.routes,
        "page:home": {
          ...router.routes["page:home"]!,
          imports: ["/assets/ui.js", "/assets/registry.js", "/assets/notes.js"],
        },
      },
    };
    const result = measurePageWeight({ router: both, vite, sizeOf, budget: BUDGET, mustLoadOnDemand: () => false });
    expect(result.staticallyLoaded).toEqual([]);
    const home = result.pages.find((page) => page.routeIds.includes("page:home"))!;
    expect(result.combinations.filter((item) => item.page === home).map((item) => item.opened.join(" > "))).toEqual([
      "app/dialogs/edit.tsx",
      "app/dialogs/edit.tsx > app/dialogs/phone.ts",
    ]);
  });

  it("counts the module every dialog loads when it opens in each combination, not in the page alone", () => {
    // The dialog frame: imported on demand by the UI every page loads (app-dialog.tsx → radix-dialog-frame.tsx).
    const withFrame: ViteManifest = {
      ...vite,
      "_ui.js": { file: "assets/ui.js", dynamicImports: ["app/frame.tsx"] },
      "app/frame.tsx": { file: "assets/frame.js", src: "app/frame.tsx", isDynamicEntry: true, imports: ["_radix.js"] },
      "_radix.js": { file: "assets/radix.js" },
    };
    const result = measurePageWeight({
      router,
      vite: withFrame,
      sizeOf,
      budget: BUDGET,
      openedWithEvery: "app/frame.tsx",
    });
    const [home, board] = result.pages;
    expect(home!.js).toBe((60 + 40 + 20 + 10 + 2) * KB);
    const opened = (page: typeof home, chain: string) =>
      result.combinations.find((item) => item.page === page && item.opened.join(" > ") === chain)!;
    expect(opened(home, "app/frame.tsx").js).toBe(home!.js + (1 + 12) * KB);
    expect(opened(board, "app/dialogs/notes.tsx").js).toBe(board!.js + (5 + 8 + 1 + 12) * KB);
    expect(opened(board, "app/dialogs/edit.tsx > app/dialogs/phone.ts").js).toBe(
      board!.js + (9 + 8 + 30 + 1 + 12) * KB,
    );
    // A module the build does not have is an error, not a combination weighed without it.
    expect(() =>
      measurePageWeight({ router, vite: withFrame, sizeOf, budget: BUDGET, openedWithEvery: "app/renamed.tsx" }),
    ).toThrow("the Vite manifest has no module app/renamed.tsx (openedWithEvery)");
    // Without the option, a dialog is weighed without the frame it loads.
    const without = measurePageWeight({ router, vite: withFrame, sizeOf, budget: BUDGET });
    expect(without.combinations.find((item) => item.opened.join() === "app/dialogs/notes.tsx")!.js).toBe(
      board!.js + (5 + 8) * KB,
    );
  });
});
