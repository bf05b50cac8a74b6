// The comments of the project's code, read with TypeScript's parser so that strings, templates and regular
// expressions are not mistaken for comments. Shared by the scans of tests/unit/comment-references.test.ts
// and tests/unit/file-references.test.ts.
import { readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The folders whose code the scans read. */
export const CODE_ROOTS = ["app", "server", "scripts", "tests", "bench"];

/** Every .ts, .tsx and .mjs file under a folder, the generated Prisma client and node_modules left out. */
export function codeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : codeFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

export function parse(fileName: string, text: string): ts.SourceFile {
  const kind = fileName.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : fileName.endsWith(".mjs")
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

/** Every comment of a source text (`//` and block comments, JSDoc included), with its first line. */
export function commentsOf(fileName: string, text: string): { line: number; text: string }[] {
  const source = parse(fileName, text);
  const ranges = new Map<number, ts.CommentRange>();
  // Every comment is trivia before some token: on the line of the token before it, or on lines of its own.
  const visit = (node: ts.Node) => {
    for (const range of [
      ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
    ]) {
      ranges.set(range.pos, range);
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges.values()]
    .sort((a, b) => a.pos - b.pos)
    .map((range) => ({
      line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
      text: text.slice(range.pos, range.end),
    }));
}

/**
 * Whether a position that holds visible text lies in a comment: it does when it is in the trivia before a
 * token (trivia is whitespace or comments) or in a JSDoc. Walks down one path of the tree, so checking a
 * few positions of a file is much cheaper than listing all its comments.
 */
export function isInComment(source: ts.SourceFile, position: number): boolean {
  let node: ts.Node = source;
  for (;;) {
    const child = node.getChildren(source).find((candidate) => candidate.pos <= position && position < candidate.end);
    if (!child) return false;
    if (ts.isJSDoc(child)) return true;
    if (position < child.getStart(source)) return true;
    if (child.getChildCount(source) === 0) return false;
    node = child;
  }
}
