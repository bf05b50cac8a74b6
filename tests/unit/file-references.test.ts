// A comment or a document that names a file of the repository names one that exists: a renamed or removed
// file otherwise leaves readers looking for it. Read: the comments of the code in app/, server/, scripts/,
// tests/ and bench/, and README.md and docs/**/*.md outside their fenced code blocks (commands, naming the
// files they make). A name with a folder (app/rules/credit-memos/money.ts, ../support/source-comments.ts,
// ~/root.tsx) must resolve from the repository's root or from the naming file's folder; a bare name
// (money.ts) must be the name of some file of the repository. Not checked: bare .js and .json names (mostly
// libraries and functions: Node.js, express.json), names in output folders (build/, .react-router/ …),
// which exist only after a build, globs and placeholders (`<feature>-dialog.tsx`, `*-schema.ts`, x.ts);
// package files (@radix-ui/themes/styles.css) are looked up in node_modules.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_ROOTS, codeFiles, isInComment, parse } from "../support/source-comments.ts";

const NOT_SOURCE = new Set([
  ".git",
  "node_modules",
  "build",
  ".data",
  "test-results",
  ".react-router",
  "playwright-report",
  "blob-report",
]);
const OUTPUT =
  /^(?:build|\.data|test-results|\.react-router|playwright-report|blob-report|node_modules|app\/generated)\//;
const BARE_EXTENSIONS = /\.(?:tsx?|mjs|cjs|md|sql|prisma|css|ya?ml|sh|toml|csv|svg)$/;
/** A file name with an extension, optionally after folders, `./`, `../`, `~/` or a package scope. */
const FILE_NAME =
  /(?<![\w.~/:@*<>{}$…-])(?:@[\w-]+\/|~\/|(?:\.\.?\/)+)?(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:tsx?|mjs|cjs|js|json|md|sql|prisma|css|ya?ml|sh|toml|csv|svg)(?![\w/(-])/g;

function repositoryFiles(directory = "."): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const full = directory === "." ? entry.name : `${directory}/${entry.name}`;
    if (full === "app/generated") return [];
    return entry.isDirectory() ? repositoryFiles(full) : [full];
  });
}

const files = repositoryFiles();
const fileSet = new Set(files);
const baseNames = new Set(files.map((file) => path.basename(file)));

/** Why a name does not resolve from `from`, or null when it does (or is not checked). */
function unresolved(name: string, from: string): string | null {
  const base = path.basename(name);
  if (/^_?x[-.]/.test(base)) return null;
  if (name.startsWith("@")) return existsSync(path.join("node_modules", name)) ? null : "no such package file";
  const target = name.startsWith("~/") ? `app/${name.slice(2)}` : name;
  if (!target.includes("/")) {
    if (!BARE_EXTENSIONS.test(target) || baseNames.has(target)) return null;
    return "no file of that name";
  }
  if (OUTPUT.test(path.normalize(target))) return null;
  const candidates = [path.normalize(target), path.normalize(path.join(path.dirname(from), target))];
  if (candidates.some((candidate) => fileSet.has(candidate))) return null;
  const tail = `/${target.replace(/^(?:\.\.?\/)+/, "")}`;
  const like = files.filter((file) => file.endsWith(tail));
  return like.length
    ? `not from the root or ${path.dirname(from)}/; did you mean ${like.join(" or ")}?`
    : "no such file";
}

/** The names of files in a text, each with its offset. */
function fileNames(text: string): { name: string; index: number }[] {
  return [...text.matchAll(FILE_NAME)].map((match) => ({ name: match[0], index: match.index }));
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) line++;
  return line;
}

/** The stale names of the comments of a code file, as `file:line name: why`. */
function staleInCode(file: string, text: string): string[] {
  // Most names in code are import specifiers, and most names in comments resolve: a file is parsed only to
  // tell whether a name that does not resolve, on a line with a comment marker (or continuing a block
  // comment), is in a comment. Parsing every file took seconds.
  const suspects = fileNames(text).flatMap(({ name, index }) => {
    const line = text.slice(text.lastIndexOf("\n", index) + 1, index);
    const why = /\/\/|\/\*|^\s*\*/.test(line) ? unresolved(name, file) : null;
    return why ? [{ name, index, why }] : [];
  });
  if (!suspects.length) return [];
  const source = parse(file, text);
  return suspects
    .filter(({ index }) => isInComment(source, index))
    .map(({ name, index, why }) => `${file}:${lineOf(text, index)} ${name}: ${why}`);
}

/** The stale names of a Markdown document outside its fenced code blocks. */
function staleInDocument(file: string, text: string): string[] {
  let fenced = false;
  return text.split("\n").flatMap((line, index) => {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return [];
    return fileNames(line).flatMap(({ name }) => {
      const why = unresolved(name, file);
      return why ? [`${file}:${index + 1} ${name}: ${why}`] : [];
    });
  });
}

describe("file names in comments and documents", () => {
  it("are told from strings, imports, globs, placeholders and libraries", () => {
    const text = [
      `import { money } from "~/rules/credit-memos/money.ts"; // see ~/rules/credit-memos/money.ts`,
      `const a = "gone.ts", b = /gone\\.ts/; /** gone-too.ts, \`<feature>-dialog.tsx\`, *-schema.ts, x.ts */`,
      `// Node.js, express.json(), trade-{on,off}-edit.ts, @radix-ui/themes/styles.css, build/server/index.js`,
      `const c = <p>{/* ./source-comments.ts and ../support/source-comments.ts */}</p>;`,
    ].join("\n");
    expect(staleInCode("tests/unit/sample.tsx", text)).toEqual([
      "tests/unit/sample.tsx:2 gone-too.ts: no file of that name",
      `tests/unit/sample.tsx:4 ./source-comments.ts: not from the root or tests/unit/; did you mean tests/support/source-comments.ts?`,
    ]);
    expect(staleInDocument("docs/sample.md", "[ADR](decisions/none.md) `README.md`\n```sh\n> made.ts\n```\n")).toEqual([
      "docs/sample.md:1 decisions/none.md: no such file",
    ]);
  });

  it("in the comments of the code name files that exist", () => {
    const stale = CODE_ROOTS.flatMap(codeFiles).flatMap((file) => staleInCode(file, readFileSync(file, "utf8")));
    expect(stale).toEqual([]);
  });

  it("in README.md and docs/ name files that exist", () => {
    const documents = files.filter(
      (file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")),
    );
    const stale = documents.flatMap((file) => staleInDocument(file, readFileSync(file, "utf8")));
    expect(stale).toEqual([]);
  });
});
