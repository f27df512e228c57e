import { readFileSync } from "node:fs";
import examples from "@octokit/webhooks-examples";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { INPUT, type InputName, OUTPUT } from "../../src/settings/inputs.js";
import { type Environment, readSettings, SettingsError } from "../../src/settings/settings.js";

// The action's own metadata: every default a runner would apply comes from here, so these tests read
// inputs exactly as a workflow that sets nothing would pass them.
const action = parse(readFileSync("action.yml", "utf8")) as {
  inputs: Record<string, { default?: string; description: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};

function reader(overrides: Partial<Record<InputName, string>> = {}) {
  return (name: InputName): string => {
    if (name in overrides) return overrides[name] ?? "";
    const d = action.inputs[name]?.default ?? "";
    // biome-ignore lint/suspicious/noTemplateCurlyInString: action.yml's literal default expression
    return d === "${{ github.token }}" ? "ghs_token_for_tests" : d;
  };
}

// A real pull_request payload from @octokit/webhooks-examples, so the event shapes are GitHub's.
function example(name: string, action?: string): Record<string, unknown> {
  const group = (
    examples as unknown as Array<{ name: string; examples: Array<Record<string, unknown>> }>
  ).find((e) => e.name === name);
  const found = group?.examples.find((e) => action === undefined || e.action === action);
  if (found === undefined) throw new Error(`no ${name} example with action ${action}`);
  return structuredClone(found);
}

function environment(eventName: string, payload: unknown): Environment {
  const repo = (payload as { repository?: { full_name?: string } }).repository?.full_name ?? "octo/repo";
  return {
    env: {
      GITHUB_REPOSITORY: repo,
      GITHUB_EVENT_NAME: eventName,
      GITHUB_API_URL: "http://127.0.0.1:9/api",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_WORKSPACE: "/tmp/ws",
      GITHUB_ACTOR: "maintainer",
      GITHUB_RUN_ID: "42",
    },
    payload,
  };
}

const withModel = { model: "gpt-test" } as const;

describe("action.yml and the input map", () => {
  it("declares exactly the inputs the settings reader knows", () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(INPUT).sort());
  });

  it("declares exactly the outputs the action sets", () => {
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(OUTPUT).sort());
  });

  it("describes every input and gives every input a default", () => {
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect(spec.description.length, name).toBeGreaterThan(10);
      expect(spec.default, name).toBeTypeOf("string");
    }
  });

  it("runs the bundle on node24, and the same bundle as the post step", () => {
    expect(action.runs).toEqual({ using: "node24", main: "dist/index.js", post: "dist/post.js" });
  });
});

describe("readSettings on real events", () => {
  it("gates the pull request's head commit on pull_request", () => {
    const payload = example("pull_request", "synchronize");
    const s = readSettings(reader(withModel), environment("pull_request", payload));
    const pr = payload.pull_request as { number: number; head: { sha: string } };
    expect(s.target).toEqual({
      kind: "pull_request",
      number: pr.number,
      headSha: pr.head.sha,
      before: payload.before,
    });
    expect(s.eventAction).toBe("synchronize");
    expect(s.checkName).toBe("verdict-gate");
    expect(s.contractPath).toBe(".github/verdict-contract.json");
    expect(s.failOn).toEqual(["blocked", "hold-for-human", "conditional-on"]);
    expect(s.maxRounds).toBe(10);
    expect(s.runUrl).toMatch(/\/actions\/runs\/42$/);
  });

  it("treats pull_request_target like pull_request", () => {
    const payload = example("pull_request", "opened");
    const s = readSettings(reader(withModel), environment("pull_request_target", payload));
    expect(s.target.kind).toBe("pull_request");
  });

  it("reports on the merge group's head for merge_group", () => {
    const payload = example("merge_group");
    const s = readSettings(reader(withModel), environment("merge_group", payload));
    const group = payload.merge_group as { head_sha: string };
    expect(s.target).toMatchObject({ kind: "merge_group", headSha: group.head_sha });
  });

  it("needs the pr input on workflow_dispatch", () => {
    const payload = example("workflow_dispatch");
    expect(() => readSettings(reader(withModel), environment("workflow_dispatch", payload))).toThrow(
      /workflow_dispatch needs the `pr` input/,
    );
    const s = readSettings(reader({ ...withModel, pr: "17" }), environment("workflow_dispatch", payload));
    expect(s.target).toEqual({ kind: "pull_request", number: 17 });
  });

  it("takes the pr input only as digits, the spelling the workflows' concurrency group is named after", () => {
    const payload = example("workflow_dispatch");
    // `#17` or `017` would be PR 17 to the gate but another concurrency group to GitHub, so a
    // dispatched round could race the pull request's own rounds over the history comment.
    for (const pr of ["#17", "017", "17.0", "1e3", "0"])
      expect(
        () => readSettings(reader({ ...withModel, pr }), environment("workflow_dispatch", payload)),
        pr,
      ).toThrow(/input `pr`: expects a pull request number written as digits alone/);
  });

  it("records a person's decision only on workflow_dispatch, with a reason", () => {
    const payload = example("workflow_dispatch");
    const s = readSettings(
      reader({ ...withModel, pr: "3", decision: "approve", reason: "reviewed by hand" }),
      environment("workflow_dispatch", payload),
    );
    expect(s.decision).toEqual({ decision: "approve", reason: "reviewed by hand" });
    // Its person as the event names them; this job's run, where GitHub says who started this attempt.
    expect(s.act).toEqual({ kind: "decide", by: "maintainer" });
    expect(s.run).toEqual({ id: 42, attempt: 1 });
    expect(() =>
      readSettings(
        reader({ ...withModel, pr: "3", decision: "approve" }),
        environment("workflow_dispatch", payload),
      ),
    ).toThrow(/`reason` is required/);
    expect(() =>
      readSettings(
        reader({ ...withModel, decision: "approve", reason: "x" }),
        environment("pull_request", example("pull_request", "opened")),
      ),
    ).toThrow(/only on workflow_dispatch/);
  });

  it("refuses events it does not gate, naming the ones it does", () => {
    const payload = example("push");
    expect(() => readSettings(reader(withModel), environment("push", payload))).toThrow(
      /does not gate `push`/,
    );
  });

  it("refuses an event for another repository", () => {
    const payload = example("pull_request", "opened");
    const env = environment("pull_request", payload);
    expect(() =>
      readSettings(reader(withModel), { ...env, env: { ...env.env, GITHUB_REPOSITORY: "someone/else" } }),
    ).toThrow(/refusing to gate another repository/);
  });

  it("refuses a malformed payload, naming the field", () => {
    const payload = example("pull_request", "opened");
    (payload.pull_request as { head: { sha: string } }).head.sha = "not-a-sha";
    expect(() => readSettings(reader(withModel), environment("pull_request", payload))).toThrow(
      /malformed at `pull_request.head.sha`/,
    );
    expect(() =>
      readSettings(reader(withModel), { ...environment("pull_request", payload), payload: undefined }),
    ).toThrow(/could not be read as JSON/);
  });

  it("asks for the pr input when a workflow_run names no pull request (fork PRs)", () => {
    const payload = example("workflow_run");
    (payload.workflow_run as { pull_requests: unknown[] }).pull_requests = [];
    expect(() => readSettings(reader(withModel), environment("workflow_run", payload))).toThrow(
      /set the `pr` input/,
    );
  });
});

describe("readSettings rejects bad inputs by name", () => {
  const pr = () => environment("pull_request", example("pull_request", "opened"));
  const cases: Array<[Partial<Record<InputName, string>>, RegExp]> = [
    [
      { provider: "gemini", model: "m" },
      /input `provider`: expects openai, anthropic or command; got "gemini"/,
    ],
    [{ model: "" }, /input `model`: required for provider openai/],
    [{ provider: "command" }, /input `command`: required for provider command/],
    [{ ...withModel, "max-rounds": "0" }, /input `max-rounds`: expects a whole number from 1 to 1000/],
    [{ ...withModel, "max-rounds": "ten" }, /input `max-rounds`/],
    [{ ...withModel, "fail-on": "blocked,never" }, /input `fail-on`: expects a comma-separated list/],
    [
      { ...withModel, "include-pr-description": "yes" },
      /input `include-pr-description`: expects true or false/,
    ],
    [
      { ...withModel, contract: "../outside.json" },
      /input `contract`: expects a relative path inside the repository/,
    ],
    [{ ...withModel, contract: "/etc/passwd" }, /input `contract`/],
    [{ ...withModel, "base-url": "ftp://x" }, /input `base-url`: expects an http\(s\) URL/],
    [{ ...withModel, "base-url": "https://user:secret@host/v1" }, /must not contain credentials/],
    [{ ...withModel, "reviewer-timeout-seconds": "-5" }, /input `reviewer-timeout-seconds`/],
    [{ ...withModel, "github-token": "" }, /input `github-token`: empty/],
    [{ ...withModel, pr: "abc" }, /input `pr`: expects a pull request number/],
    [{ ...withModel, decision: "merge", reason: "x" }, /input `decision`: expects approve or block/],
    [{ ...withModel, reason: "why" }, /`reason` is only used with `decision`/],
    [{ ...withModel, "check-name": "" }, /input `check-name`/],
  ];
  for (const [overrides, message] of cases) {
    it(`rejects ${JSON.stringify(overrides)}`, () => {
      expect(() => readSettings(reader(overrides), pr())).toThrow(SettingsError);
      expect(() => readSettings(reader(overrides), pr())).toThrow(message);
    });
  }

  it("never echoes a credential-bearing URL back", () => {
    try {
      readSettings(reader({ ...withModel, "base-url": "https://user:hunter2@host/v1" }), pr());
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });

  it("normalises lists and paths", () => {
    const s = readSettings(
      reader({ ...withModel, include: "src/**, lib/**\n docs/*.md", contract: "./ci//contract.json" }),
      pr(),
    );
    expect(s.diff.include).toEqual(["src/**", "lib/**", "docs/*.md"]);
    expect(s.contractPath).toBe("ci/contract.json");
  });

  it("splits list inputs as written: a comma inside {…} or […] or escaped belongs to the glob", () => {
    const s = readSettings(
      reader({
        ...withModel,
        exclude: "{dist,build}/**, *.{js,css}.map\r\n  vendor/[a,b]/**\n docs/a\\,b.md\n\n",
        include: "src/{a,{b,c}}/**",
        "fail-on": "blocked,\n hold-for-human",
      }),
      pr(),
    );
    expect(s.diff.exclude).toEqual(["{dist,build}/**", "*.{js,css}.map", "vendor/[a,b]/**", "docs/a\\,b.md"]);
    expect(s.diff.include).toEqual(["src/{a,{b,c}}/**"]);
    expect(s.failOn).toEqual(["blocked", "hold-for-human"]);
  });

  it("refuses a list item whose braces do not balance, naming the input, the item and why", () => {
    for (const [exclude, why] of [
      ["{dist,build/**", "a { has no closing } on its line"],
      ["dist}/**", "a } has no opening {"],
      ["{dist,\nbuild}/**", "a { has no closing } on its line"],
    ] as const) {
      expect(() => readSettings(reader({ ...withModel, exclude }), pr())).toThrow(
        new RegExp(`^input \`exclude\`: ".*": ${why.replace(/[{}]/g, "\\$&")}`),
      );
    }
  });

  it("refuses, naming the input, a glob the matcher cannot read and a leading ! (include and exclude are the two sides)", () => {
    expect(() => readSettings(reader({ ...withModel, exclude: "dist/**, [draft" }), pr())).toThrow(
      /^input `exclude`: invalid glob "\[draft": a \[ has no closing \]/,
    );
    expect(() => readSettings(reader({ ...withModel, exclude: "!docs/**" }), pr())).toThrow(
      /^input `exclude`: invalid glob "!docs\/\*\*": a leading ! \(negation\) is not allowed here.*list the files to review in `include`/,
    );
    expect(() => readSettings(reader({ ...withModel, include: "src/**\n!src/gen/**" }), pr())).toThrow(
      /^input `include`: invalid glob "!src\/gen\/\*\*"/,
    );
    expect(
      readSettings(reader({ ...withModel, exclude: "\\!keep.md, /setup.py, docs/" }), pr()).diff.exclude,
    ).toEqual(["\\!keep.md", "/setup.py", "docs/"]);
  });
});

describe("issue_comment", () => {
  function comment(onPullRequest: boolean): Record<string, unknown> {
    const payload = example("issue_comment", "created");
    const issue = payload.issue as Record<string, unknown>;
    if (onPullRequest) issue.pull_request = { url: "https://api.github.com/repos/x/y/pulls/1" };
    (payload.comment as Record<string, unknown>).body = "/verdict review";
    return payload;
  }

  it("reads the comment, its issue and whether that is a pull request, as GitHub's payload gives them", () => {
    const payload = comment(true);
    const settings = readSettings(reader(withModel), environment("issue_comment", payload));
    const c = payload.comment as { id: number; html_url: string; user: { login: string } };
    expect(settings.target).toEqual({
      kind: "comment",
      comment: {
        action: "created",
        issue: (payload.issue as { number: number }).number,
        onPullRequest: true,
        id: c.id,
        body: "/verdict review",
        url: c.html_url,
        author: c.user.login,
      },
    });
    expect(
      readSettings(reader(withModel), environment("issue_comment", comment(false))).target,
    ).toMatchObject({ kind: "comment", comment: { onPullRequest: false } });
  });

  it("refuses a `pr` input that names another pull request than the comment's", () => {
    const payload = comment(true);
    const number = (payload.issue as { number: number }).number;
    expect(() =>
      readSettings(reader({ ...withModel, pr: String(number + 1) }), environment("issue_comment", payload)),
    ).toThrow(new RegExp(`names #${number + 1}, but the comment is on #${number}`));
  });

  it("refuses a malformed comment event instead of guessing", () => {
    const payload = comment(true);
    delete (payload.comment as Record<string, unknown>).id;
    expect(() => readSettings(reader(withModel), environment("issue_comment", payload))).toThrow(
      SettingsError,
    );
  });

  it("never takes a decision input with a comment: a comment's decision is its command", () => {
    expect(() =>
      readSettings(
        reader({ ...withModel, decision: "approve", reason: "x" }),
        environment("issue_comment", comment(true)),
      ),
    ).toThrow(/accepted only on workflow_dispatch/);
  });
});

describe("who acts, and on which head", () => {
  it("takes the pusher from a `synchronize` event's sender, and from no other event", () => {
    const pushed = example("pull_request", "synchronize");
    const sender = (pushed.sender as { login: string }).login;
    expect(readSettings(reader(withModel), environment("pull_request", pushed)).pusher).toBe(sender);
    expect(readSettings(reader(withModel), environment("pull_request_target", pushed)).pusher).toBe(sender);
    const opened = example("pull_request", "opened");
    expect(readSettings(reader(withModel), environment("pull_request", opened)).pusher).toBeUndefined();
    // A `pr` input naming another pull request: this push is not its push.
    const other = readSettings(reader({ ...withModel, pr: "99999" }), environment("pull_request", pushed));
    expect(other.pusher).toBeUndefined();
  });

  it("takes `head-sha` on workflow_dispatch as a full commit SHA, and nowhere else", () => {
    const payload = example("workflow_dispatch");
    const head = "ABCDEF0123456789abcdef0123456789ABCDEF01";
    const s = readSettings(
      reader({ ...withModel, pr: "3", "head-sha": head }),
      environment("workflow_dispatch", payload),
    );
    expect(s.target).toEqual({ kind: "pull_request", number: 3, namedHead: head.toLowerCase() });
    for (const bad of ["abcdef0", `${head}0`, "HEAD", "g".repeat(40)])
      expect(
        () =>
          readSettings(
            reader({ ...withModel, pr: "3", "head-sha": bad }),
            environment("workflow_dispatch", payload),
          ),
        bad,
      ).toThrow(/input `head-sha`: expects a full commit SHA \(40 hex digits\)/);
    expect(() =>
      readSettings(
        reader({ ...withModel, "head-sha": head }),
        environment("pull_request", example("pull_request", "opened")),
      ),
    ).toThrow(/`head-sha` is accepted only on workflow_dispatch/);
  });

  it("names who forced a review on a dispatch, and nobody when force-review is the workflow's own setting", () => {
    const dispatched = readSettings(
      reader({ ...withModel, pr: "3", "force-review": "true" }),
      environment("workflow_dispatch", example("workflow_dispatch")),
    );
    expect(dispatched).toMatchObject({ forceReview: true, act: { kind: "force", by: "maintainer" } });
    const configured = readSettings(
      reader({ ...withModel, "force-review": "true" }),
      environment("pull_request", example("pull_request", "synchronize")),
    );
    expect(configured.forceReview).toBe(true);
    expect(configured.act).toBeUndefined();
  });
});
