// No module of app/ or server/ reaches itself through its imports, type-only imports included.
// A type-only cycle cannot break at runtime, but it still ties two modules together for every reader, so
// this walk of the import graph counts `import type` too.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      if (fileName.startsWith("~/")) return [path.join("app", fileName.slice(2))];
      if (fileName.startsWith(".")) return [path.join(path.dirname(file), fileName)];
      return [];
    });
    graph.set(
      file,
      targets.map((target) => path.normalize(target)).filter((target) => existsSync(target)),
    );
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan): each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.toSorted());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the import graph", () => {
  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"]]);
  });

  it("of app/ and server/ has no cycles, type-only imports included", () => {
    const graph = importGraph([...sourceFiles("app"), ...sourceFiles("server")]);
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
