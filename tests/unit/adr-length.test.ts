// An ADR is read whole when its decision is questioned, so it stays short: the context, the decision and
// its consequences in at most 450 words, titled `# NNN — ` with its own number and dated (`Date:
// YYYY-MM-DD` at the start of a line). Anything longer belongs in docs/architecture.md or the code.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DECISIONS = "docs/decisions";
const MAX_WORDS = 450;

/** What is wrong with an ADR, if anything: its title, its date, its length. */
function problems(fileName: string, text: string): string[] {
  const number = /^(\d{3})-/.exec(fileName)?.[1];
  const found: string[] = [];
  if (!number) found.push("its file name does not start with a three-digit number");
  else if (!text.startsWith(`# ${number} — `)) found.push(`does not start with "# ${number} — "`);
  const date = /^Date: (\d{4}-\d{2}-\d{2})\b/m.exec(text)?.[1];
  if (!date || Number.isNaN(Date.parse(date))) found.push("has no Date: YYYY-MM-DD line");
  const words = text.split(/\s+/).filter(Boolean).length;
  if (words > MAX_WORDS) found.push(`has ${words} words, over ${MAX_WORDS}`);
  return found.map((problem) => `${fileName} ${problem}`);
}

describe("ADRs", () => {
  it("are told apart: a title, a date and a length each", () => {
    expect(problems("007-x.md", `# 007 — X\n\nDate: 2026-01-31. Why.\n\n${"word ".repeat(440)}`)).toEqual([]);
    expect(problems("007-x.md", `# 007 X\n\nDate: 31 January 2026\n\n${"word ".repeat(450)}`)).toEqual([
      '007-x.md does not start with "# 007 — "',
      "007-x.md has no Date: YYYY-MM-DD line",
      "007-x.md has 457 words, over 450",
    ]);
  });

  it(`each of ${DECISIONS} is titled, dated and at most ${MAX_WORDS} words`, () => {
    const files = readdirSync(DECISIONS).filter((name) => name.endsWith(".md"));
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((name) => problems(name, readFileSync(path.join(DECISIONS, name), "utf8")));
    expect(found).toEqual([]);
  });
});
