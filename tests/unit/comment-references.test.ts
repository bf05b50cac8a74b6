// Comments state their rule or reason and point to the project's own documents (docs/decisions by ADR
// number, docs/*.md), never to section numbers of a document outside the repository, which a reader of
// the code cannot open. This scan reads every comment of the code in app/, server/, scripts/, tests/ and
// bench/ (with TypeScript's parser, so strings, templates and regular expressions are not mistaken for
// comments) and fails on a section sign, naming file:line. String literals are not comments: message
// texts are the contract and stay as they are.
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CODE_ROOTS, codeFiles, commentsOf } from "../support/source-comments.ts";

const SECTION_SIGN = "\u00a7";

/** The titles of a file's tests (`describe`, `it`, `test`, `test.describe` …), with their lines. */
function testTitlesOf(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const titles: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : node.expression;
      const title = node.arguments[0];
      if (
        ts.isIdentifier(callee) &&
        /^(describe|it|test)$/.test(callee.text) &&
        title &&
        ts.isStringLiteralLike(title)
      ) {
        titles.push({ line: source.getLineAndCharacterOfPosition(title.getStart(source)).line + 1, text: title.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return titles;
}

describe("comments", () => {
  it("are found in code, and strings, templates and regular expressions are not comments", () => {
    const text = [
      `// one ${SECTION_SIGN}1`,
      `const a = "// not ${SECTION_SIGN}2", b = \`/* not ${SECTION_SIGN}3 */\`, c = /\\/\\/ ${SECTION_SIGN}4/; /** two ${SECTION_SIGN}5 */`,
      `const d = <p>{/* three ${SECTION_SIGN}6 */}</p>; // four`,
    ].join("\n");
    expect(commentsOf("sample.tsx", text)).toEqual([
      { line: 1, text: `// one ${SECTION_SIGN}1` },
      { line: 2, text: `/** two ${SECTION_SIGN}5 */` },
      { line: 3, text: `/* three ${SECTION_SIGN}6 */` },
      { line: 3, text: "// four" },
    ]);
  });

  it("point to the project's own documents, not to sections of documents outside the repository", () => {
    // Only files holding the sign at all are parsed: parsing every file took seconds on a busy machine.
    const offenders = CODE_ROOTS.flatMap(codeFiles).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      if (!text.includes(SECTION_SIGN)) return [];
      return commentsOf(file, text)
        .filter((comment) => comment.text.includes(SECTION_SIGN))
        .map((comment) => `${file}:${comment.line}`);
    });
    expect(offenders).toEqual([]);
  });

  it("and test titles, which read like comments, point nowhere outside the repository either", () => {
    expect(
      testTitlesOf(
        "sample.test.ts",
        `describe("a ${SECTION_SIGN}1", () => { it.each([1])("b", () => {}); test("c ${SECTION_SIGN}2"); });`,
      ),
    ).toEqual([
      { line: 1, text: `a ${SECTION_SIGN}1` },
      { line: 1, text: `c ${SECTION_SIGN}2` },
    ]);
    const offenders = CODE_ROOTS.flatMap(codeFiles)
      .filter((file) => /\.test\.tsx?$|\.spec\.ts$/.test(file))
      .flatMap((file) =>
        testTitlesOf(file, readFileSync(file, "utf8"))
          .filter((title) => title.text.includes(SECTION_SIGN))
          .map((title) => `${file}:${title.line}`),
      );
    expect(offenders).toEqual([]);
  });
});
