// A diff cut short where nothing looks broken: GitHub (or a proxy) ends the unified diff cleanly
// between two hunks of one file. Every hunk that arrived adds up and the file count matches, so only
// the pull request's own line counts can tell. The gate must not review half a change as the whole
// of it: it reads the file list instead (whose per-file counts expose a cut patch), and only then
// may it approve, having shown the reviewer every changed line.
import { describe, expect, it } from "vitest";
import { checkout, promptOf } from "../e2e/harness.js";
import { BASE_FILES } from "../e2e/world.js";
import { fencedDiff, inWorld } from "./support.js";

const LINES = Array.from({ length: 60 }, (_, i) => `const line${i + 1} = ${i + 1};`);

function changed(first: string, second: string): string {
  const lines = [...LINES];
  lines[1] = first;
  lines[49] = second;
  return `${lines.join("\n")}\n`;
}

describe("a unified diff cut cleanly between two hunks", () => {
  it("is read again as the file list, so the reviewer sees every changed line", async () =>
    inWorld(
      { baseFiles: { ...BASE_FILES, "src/greet.js": "x\n", "src/long.js": `${LINES.join("\n")}\n` } },
      async (world) => {
        const { api, repo } = world;
        const diffOf = async (n: number) => {
          const res = await fetch(`${api.url}/repos/${repo.fullName}/pulls/${n}`, {
            headers: { authorization: `token ${api.token}`, accept: "application/vnd.github.diff" },
          });
          return Buffer.from(await res.arrayBuffer());
        };
        // Measure a PR with a long first hunk and a short second one, then pad the second hunk so the
        // diff's byte length is exactly twice the offset of its second hunk: the loopback API's
        // `truncated-json` fault sends the first half, which then ends exactly after the first hunk.
        const first = `// ${"a".repeat(400)}`;
        const probe = repo.openPullRequest({ changes: { "src/long.js": changed(first, "// b") } });
        const bytes = await diffOf(probe.number);
        const second = bytes.indexOf("\n@@ ", bytes.indexOf("@@ ") + 1) + 1;
        const pad = 2 * second - bytes.length;
        expect(pad).toBeGreaterThan(0);
        const pull = repo.openPullRequest({
          author: "author-dev",
          changes: { "src/long.js": changed(first, `// b${"c".repeat(pad)}`) },
        });
        const whole = await diffOf(pull.number);
        const cut = whole.subarray(0, Math.floor(whole.length / 2)).toString("utf8");
        expect(cut.endsWith("\n")).toBe(true);
        expect(cut).not.toContain("cccc");

        api.faults.inject(
          "GET /repos/{owner}/{repo}/compare/{basehead}",
          { kind: "truncated-json" },
          {
            attempts: "every",
            when: (r) => /diff/.test(r.headers.accept ?? "") && r.path.endsWith(`...${pull.headSha}`),
          },
        );
        const workspace = checkout(api, repo.fullName, pull.headSha);
        world.workspaces.push(workspace);
        const run = await world.run({
          event: world.event({ event: "pull_request", action: "opened", pull }),
          workspace,
        });
        expect(api.faults.hits[0]?.hits).toBeGreaterThan(0);
        // Whatever the status, the reviewer was shown both hunks or the round did not approve.
        const prompts = world.openai.requests.map((r) => fencedDiff(promptOf(r.json)).lines.join("\n"));
        if (run.outputs.status === "approve") {
          expect(prompts.join("\n")).toContain(`+// b${"c".repeat(pad)}`);
          expect(run.outputs.coverage).toBe("100%");
        }
        // The gate read the file list rather than trust the cut diff.
        const listed = api
          .requestsFor("GET /repos/{owner}/{repo}/compare/{basehead}")
          .filter((r) => !/diff/.test(r.headers.accept ?? ""));
        expect(listed.length).toBeGreaterThan(0);
        expect(run.outputs.status, run.log).toBe("approve");
      },
    ));
});
