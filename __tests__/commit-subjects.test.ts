// Every commit's subject line is under 72 characters (the project's rule: what `git log --oneline`,
// GitHub's commit list and a mail's subject show whole), checked from the last commit that broke it,
// so a change that lands one longer fails here rather than on a reader. The detail goes in the body.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** The newest commit whose subject broke the rule; it and what came before are history, not changed. */
const LAST_LONG = "40c541ec98e4418deb2410646400b419056bfe49";
const LIMIT = 72;

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" });

/** Whether the checkout holds `sha` (a shallow clone may not: then every commit it holds is newer). */
function holds(sha: string): boolean {
  try {
    git("cat-file", "-e", `${sha}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

describe("commit subjects", () => {
  it(`are under ${LIMIT} characters from ${LAST_LONG.slice(0, 8)} on`, () => {
    const range = holds(LAST_LONG) ? ["HEAD", `^${LAST_LONG}`] : ["HEAD"];
    const log = git("log", "--no-merges", "--format=%h%x00%s", ...range);
    const long = log
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => line.split("\0") as [string, string])
      .filter(([, subject]) => [...subject].length >= LIMIT)
      .map(([sha, subject]) => `${sha} (${[...subject].length}): ${subject}`);
    expect(long).toEqual([]);
  });
});
