// Page weight from the production build (ADR 028): what the browser loads for each
// page, and for each page with one of its on-demand chunks (a board dialog) open, in gzipped bytes.
// Pure: the runner (scripts/check-page-weight.ts) reads build/client and hands in the two manifests and
// a size function; this module walks them.
//
// - React Router's manifest (build/client/assets/manifest-*.js) names each route's module, the static
//   imports it needs (already the transitive closure) and its stylesheets, and the client entry's.
// - Vite's manifest (build/client/.vite/manifest.json, build.manifest: true) names every chunk's static
//   and dynamic imports and stylesheets: where the on-demand chunks are, and what each needs.
//
// A page is a leaf route with the routes above it: entry + root + route, every file counted once. Its
// on-demand chunks are the dynamic imports of the chunks it loads; one open adds that chunk, its static
// imports and its stylesheets (and, for a chunk it loads on demand in turn, that one's too).

export interface RouterManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface RouterManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, RouterManifestRoute>;
}

export interface ViteManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ViteManifestChunk>;

export interface Budget {
  /** Gzipped bytes of JavaScript a page may load with any one of its on-demand chunks open. */
  js: number;
  /** Gzipped bytes of CSS, likewise. */
  css: number;
}

export interface WeightInput {
  router: RouterManifest;
  vite: ViteManifest;
  /** Gzipped bytes of a built file, by its path under build/client ("assets/x-123.js"). */
  sizeOf: (file: string) => number;
  budget: Budget;
  /** Every stylesheet the build wrote (under build/client): each must belong to some page. */
  cssFiles?: readonly string[];
  /**
   * Modules that must load on demand (the board dialogs): a page that loads one statically fails. Any
   * other module a page imports both ways is simply not counted twice. Default: every module.
   */
  mustLoadOnDemand?: (module: string) => boolean;
  /**
   * A module every dialog loads when it opens, though the page imports it on demand (Radix's dialog frame,
   * app/components/radix-dialog-frame.tsx): counted in every combination with something opened, so that a
   * page with a dialog open weighs what it really loads. Default: none.
   */
  openedWithEvery?: string;
}

export interface Weight {
  js: number;
  css: number;
  jsFiles: string[];
  cssFiles: string[];
}

export interface PageWeight extends Weight {
  /** The leaf routes that load exactly these files (the nine boards share one module). */
  routeIds: string[];
  /** A readable name: the first route's id and path. */
  label: string;
}

export interface CombinationWeight extends Weight {
  page: PageWeight;
  /** The on-demand chunk opened: its source module (app/components/dialogs/notes-dialog.tsx), outer first. */
  opened: string[];
}

export interface WeightReport {
  budget: Budget;
  pages: PageWeight[];
  combinations: CombinationWeight[];
  /** Every page alone and with each of its on-demand chunks, heaviest JavaScript first. */
  over: CombinationWeight[];
  largestPage: { js: PageWeight; css: PageWeight };
  largestCombination: { js: CombinationWeight; css: CombinationWeight };
  /** Stylesheets the build wrote that no page loads through a manifest (a `?url` import): unmeasured. */
  unattributedCss: string[];
  /** Modules that must load on demand (WeightInput.mustLoadOnDemand) but a page loads statically. */
  staticallyLoaded: { page: string; module: string }[];
  /** The modules that must load on demand, as found imported on demand. */
  onDemand: string[];
}

/**
 * "/assets/x.js" (React Router's public path) and "assets/x.js" (Vite's) name the same file; React
 * Router marks a stylesheet that is also loaded on demand with a trailing "#".
 */
export function normalizeFile(file: string): string {
  return file.replace(/^\/+/, "").replace(/[#?].*$/, "");
}

function routeChain(router: RouterManifest, id: string): RouterManifestRoute[] {
  const chain: RouterManifestRoute[] = [];
  const seen = new Set<string>();
  let current: RouterManifestRoute | undefined = router.routes[id];
  while (current) {
    if (seen.has(current.id)) throw new Error(`route ${current.id} is its own ancestor`);
    seen.add(current.id);
    chain.unshift(current);
    current = current.parentId === undefined ? undefined : router.routes[current.parentId];
  }
  return chain;
}

/** Leaf routes: the ones no other route names as parent (what a URL lands on). */
export function leafRouteIds(router: RouterManifest): string[] {
  const parents = new Set(
    Object.values(router.routes).flatMap((route) => (route.parentId === undefined ? [] : [route.parentId])),
  );
  return Object.keys(router.routes).filter((id) => !parents.has(id));
}

function routeFiles(route: RouterManifestRoute): { js: string[]; css: string[] } {
  const modules = [
    route.module,
    route.clientActionModule,
    route.clientLoaderModule,
    route.clientMiddlewareModule,
    route.hydrateFallbackModule,
  ].filter((file): file is string => typeof file === "string");
  return { js: [...modules, ...(route.imports ?? [])], css: route.css ?? [] };
}

/** The files a page loads on its own: the client entry, then each route of its chain. */
export function pageFiles(router: RouterManifest, routeId: string): { js: string[]; css: string[] } {
  const js = new Set<string>([router.entry.module, ...(router.entry.imports ?? [])].map(normalizeFile));
  const css = new Set<string>((router.entry.css ?? []).map(normalizeFile));
  for (const route of routeChain(router, routeId)) {
    const files = routeFiles(route);
    for (const file of files.js) js.add(normalizeFile(file));
    for (const file of files.css) css.add(normalizeFile(file));
  }
  return { js: [...js], css: [...css] };
}

/** A Vite chunk and its static imports, transitively: the files that load when it is imported. */
export function staticClosure(vite: ViteManifest, key: string): { js: string[]; css: string[]; chunks: string[] } {
  const chunks: string[] = [];
  const seen = new Set<string>();
  const walk = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = vite[current];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${current}`);
    chunks.push(current);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(key);
  const js = chunks.map((each) => normalizeFile(vite[each]!.file));
  const css = [...new Set(chunks.flatMap((each) => vite[each]!.css ?? []).map(normalizeFile))];
  return { js, css, chunks };
}

function chunkKeysByFile(vite: ViteManifest): Map<string, string> {
  const byFile = new Map<string, string>();
  for (const [key, chunk] of Object.entries(vite))
    if (chunk.file.endsWith(".js")) byFile.set(normalizeFile(chunk.file), key);
  return byFile;
}

function weigh(js: Iterable<string>, css: Iterable<string>, sizeOf: (file: string) => number): Weight {
  const jsFiles = [...new Set(js)].sort();
  const cssFiles = [...new Set(css)].sort();
  const sum = (files: string[]) => files.reduce((total, file) => total + sizeOf(file), 0);
  return { js: sum(jsFiles), css: sum(cssFiles), jsFiles, cssFiles };
}

/** A chunk by its source module, or by its name when it is a shared chunk (`_x-123.js` → x). */
function sourceName(vite: ViteManifest, key: string): string {
  const chunk = vite[key];
  return chunk?.src ?? (chunk?.name !== undefined ? `${chunk.name} (shared chunk)` : key);
}

export function measurePageWeight(input: WeightInput): WeightReport {
  const { router, vite, sizeOf } = input;
  const byFile = chunkKeysByFile(vite);

  // Pages that load exactly the same files are one row (the boards share their module).
  const groups = new Map<string, { routeIds: string[]; js: string[]; css: string[] }>();
  for (const id of leafRouteIds(router)) {
    const files = pageFiles(router, id);
    const key = [...files.js].sort().join(" ") + " | " + [...files.css].sort().join(" ");
    const group = groups.get(key);
    if (group) group.routeIds.push(id);
    else groups.set(key, { routeIds: [id], ...files });
  }

  // The module every dialog loads when it opens: a name the build does not know is an error, or a renamed
  // file would silently drop out of every combination.
  const companionKey =
    input.openedWithEvery === undefined
      ? undefined
      : Object.keys(vite).find((key) => sourceName(vite, key) === input.openedWithEvery);
  if (input.openedWithEvery !== undefined && companionKey === undefined)
    throw new Error(`the Vite manifest has no module ${input.openedWithEvery} (openedWithEvery)`);

  const pages: PageWeight[] = [];
  const combinations: CombinationWeight[] = [];
  const staticallyLoaded: { page: string; module: string }[] = [];
  const onDemand = new Set<string>();
  const mustLoadOnDemand = input.mustLoadOnDemand ?? (() => true);
  for (const group of groups.values()) {
    const first = router.routes[group.routeIds[0]!]!;
    const where = first.index ? "(index)" : `/${first.path ?? ""}`;
    const label = `${first.id} ${where}${group.routeIds.length > 1 ? ` +${group.routeIds.length - 1} more` : ""}`;
    const page: PageWeight = { ...weigh(group.js, group.css, sizeOf), routeIds: group.routeIds, label };
    pages.push(page);
    const pageJs = new Set(page.jsFiles);

    // What opens with anything the page opens (the dialog frame), when this page can load it at all.
    const companion =
      companionKey !== undefined &&
      page.jsFiles.some((file) => {
        const key = byFile.get(file);
        return key !== undefined && (vite[key]!.dynamicImports ?? []).includes(companionKey);
      })
        ? staticClosure(vite, companionKey)
        : { js: [], css: [] };

    // Depth first through the dynamic imports: each one opened adds its static closure to what is open.
    const visit = (files: { js: Set<string>; css: Set<string> }, from: string[], opened: string[]) => {
      const dynamic = new Set<string>();
      for (const file of from) {
        const key = byFile.get(file);
        if (key !== undefined) for (const target of vite[key]!.dynamicImports ?? []) dynamic.add(target);
      }
      for (const target of [...dynamic].sort()) {
        const name = sourceName(vite, target);
        if (opened.includes(name)) continue;
        const closure = staticClosure(vite, target);
        if (opened.length === 0 && pageJs.has(normalizeFile(vite[target]!.file))) {
          if (mustLoadOnDemand(name)) staticallyLoaded.push({ page: label, module: name });
          continue;
        }
        if (mustLoadOnDemand(name)) onDemand.add(name);
        const js = new Set([...files.js, ...closure.js, ...companion.js]);
        const css = new Set([...files.css, ...closure.css, ...companion.css]);
        const added = closure.js.filter((file) => !files.js.has(file));
        const chain = [...opened, name];
        combinations.push({ ...weigh(js, css, sizeOf), page, opened: chain });
        visit({ js, css }, added, chain);
      }
    };
    visit({ js: new Set(page.jsFiles), css: new Set(page.cssFiles) }, page.jsFiles, []);
  }

  const heaviest = <T extends Weight>(items: T[], by: "js" | "css"): T =>
    items.reduce((best, item) => (item[by] > best[by] ? item : best));
  if (pages.length === 0) throw new Error("the router manifest has no routes");
  const alone: CombinationWeight[] = pages.map((page) => ({ ...page, page, opened: [] }));
  const all = [...alone, ...combinations];
  const over = all
    .filter((item) => item.js > input.budget.js || item.css > input.budget.css)
    .sort((a, b) => b.js - a.js || b.css - a.css);

  const attributed = new Set([
    ...pages.flatMap((page) => page.cssFiles),
    ...combinations.flatMap((item) => item.cssFiles),
  ]);
  const unattributedCss = (input.cssFiles ?? [])
    .map(normalizeFile)
    .filter((file) => !attributed.has(file))
    .sort();

  return {
    budget: input.budget,
    pages,
    combinations,
    over,
    largestPage: { js: heaviest(pages, "js"), css: heaviest(pages, "css") },
    largestCombination: { js: heaviest(all, "js"), css: heaviest(all, "css") },
    unattributedCss,
    staticallyLoaded,
    onDemand: [...onDemand].sort(),
  };
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function describe(item: CombinationWeight): string {
  return item.opened.length === 0 ? item.page.label : `${item.page.label} + ${item.opened.join(" + ")}`;
}

/** The report as text: the figures to quote, then the combinations over budget (all, or `rows`), or the heaviest few. */
export function formatWeightReport(report: WeightReport, budget: Budget, options: { rows?: number } = {}): string {
  const lines: string[] = [];
  lines.push(
    `budget: ${kib(budget.js)} gzipped JavaScript, ${kib(budget.css)} gzipped CSS per page with any one dialog open`,
  );
  lines.push(
    `largest page (JS):         ${kib(report.largestPage.js.js)} JS, ${kib(report.largestPage.js.css)} CSS  ${report.largestPage.js.label}`,
  );
  lines.push(
    `largest page (CSS):        ${kib(report.largestPage.css.js)} JS, ${kib(report.largestPage.css.css)} CSS  ${report.largestPage.css.label}`,
  );
  lines.push(
    `largest page+dialog (JS):  ${kib(report.largestCombination.js.js)} JS, ${kib(report.largestCombination.js.css)} CSS  ${describe(report.largestCombination.js)}`,
  );
  lines.push(
    `largest page+dialog (CSS): ${kib(report.largestCombination.css.js)} JS, ${kib(report.largestCombination.css.css)} CSS  ${describe(report.largestCombination.css)}`,
  );
  lines.push("");
  const all: CombinationWeight[] = [
    ...report.pages.map((page) => ({ ...page, page, opened: [] })),
    ...report.combinations,
  ];
  const rows =
    report.over.length > 0
      ? report.over.slice(0, options.rows ?? report.over.length)
      : [...all].sort((a, b) => b.js - a.js).slice(0, options.rows ?? 8);
  lines.push(
    report.over.length > 0 ? `OVER BUDGET (${report.over.length}):` : "heaviest page and dialog combinations:",
  );
  const width = Math.max(...rows.map((item) => describe(item).length), 10);
  lines.push(`${"page + on-demand chunk".padEnd(width)}  ${"JS gz".padStart(10)}  ${"CSS gz".padStart(10)}`);
  for (const item of rows) {
    const js = `${kib(item.js)}${item.js > budget.js ? " !" : "  "}`;
    const css = `${kib(item.css)}${item.css > budget.css ? " !" : "  "}`;
    lines.push(`${describe(item).padEnd(width)}  ${js.padStart(12)}  ${css.padStart(12)}`);
  }
  if (report.over.length > rows.length) lines.push(`… and ${report.over.length - rows.length} more`);
  if (report.unattributedCss.length > 0) {
    lines.push("");
    lines.push("STYLESHEETS NO MANIFEST ATTRIBUTES TO A PAGE (import CSS as a side effect, not with ?url):");
    for (const file of report.unattributedCss) lines.push(`  ${file}`);
  }
  if (report.staticallyLoaded.length > 0) {
    lines.push("");
    lines.push("IMPORTED ON DEMAND BUT ALREADY IN THE PAGE (a static import defeats the dynamic one):");
    for (const item of report.staticallyLoaded) lines.push(`  ${item.module} on ${item.page}`);
  }
  return lines.join("\n");
}

/**
 * Whether the build keeps within the budget and every stylesheet and dialog is measured as it loads.
 * `jsCeiling`: while the JavaScript budget is not met yet, only combinations above this fail.
 */
export function weightFailures(
  report: WeightReport,
  options: { jsCeiling?: number; pageJsCeiling?: number } = {},
): string[] {
  const failures: string[] = [];
  const jsLimit = Math.max(report.budget.js, options.jsCeiling ?? 0);
  const overJs = report.over.filter((item) => item.js > jsLimit).length;
  // A page alone (no dialog open) has its own ratchet while the budget is missed, so a page cannot
  // grow unnoticed under the heaviest combination's ceiling.
  const pageLimit = Math.max(report.budget.js, options.pageJsCeiling ?? 0);
  const pagesOver = report.pages.filter((page) => page.js > pageLimit).length;
  if (pagesOver > 0) failures.push(`${pagesOver} page(s) over ${kib(pageLimit)} of JavaScript with no dialog open`);
  const overCss = report.over.filter((item) => item.css > report.budget.css).length;
  if (overJs > 0) failures.push(`${overJs} page/dialog combination(s) over ${kib(jsLimit)} of JavaScript`);
  if (overCss > 0) failures.push(`${overCss} page/dialog combination(s) over ${kib(report.budget.css)} of CSS`);
  if (report.unattributedCss.length > 0)
    failures.push(`${report.unattributedCss.length} stylesheet(s) not attributed to any page`);
  if (report.staticallyLoaded.length > 0)
    failures.push(`${report.staticallyLoaded.length} on-demand import(s) loaded statically`);
  return failures;
}
