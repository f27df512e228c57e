import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reviewerEnvironment, withheldVariable } from "../../src/providers/command-env.js";
import { CommandLineError, parseCommandLine } from "../../src/providers/command-line.js";

describe("parseCommandLine", () => {
  it("splits words the way sh does, without expanding anything", () => {
    expect(parseCommandLine("claude -p")).toEqual(["claude", "-p"]);
    expect(parseCommandLine("  codex   exec\t--model  o3 ")).toEqual(["codex", "exec", "--model", "o3"]);
    expect(parseCommandLine(`review 'a b' "c d" e\\ f`)).toEqual(["review", "a b", "c d", "e f"]);
    expect(parseCommandLine(`x 'it'"'"'s' "say \\"hi\\"" '$HOME' "\\$HOME"`)).toEqual([
      "x",
      "it's",
      'say "hi"',
      "$HOME",
      "$HOME",
    ]);
    expect(parseCommandLine(`x "" ''`)).toEqual(["x", "", ""]);
    expect(parseCommandLine(`x "a\\b"`)).toEqual(["x", "a\\b"]);
    expect(parseCommandLine("x a#b")).toEqual(["x", "a#b"]);
  });

  it("refuses what only a shell could do, saying what to write instead", () => {
    for (const line of [
      "claude -p | tee out",
      "claude -p > out",
      "a; b",
      "a && b",
      "claude $MODEL",
      "claude $(cat model)",
      "claude `cat model`",
      'claude "$MODEL"',
      "claude ~/x",
      "claude # comment",
      "MODEL=o3 codex exec",
      "(claude)",
    ]) {
      expect(() => parseCommandLine(line), line).toThrow(CommandLineError);
    }
    expect(() => parseCommandLine("a | b")).toThrow(/without a shell.*script/);
  });

  it("refuses empty and unbalanced command lines", () => {
    for (const line of ["", "   ", "x 'open", 'x "open', "x \\"]) {
      expect(() => parseCommandLine(line), JSON.stringify(line)).toThrow(CommandLineError);
    }
  });

  it("round-trips any argv through single quotes", () => {
    const word = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (argv) => {
        const line = argv.map((w) => `'${w.replace(/'/g, `'"'"'`)}'`).join(" ");
        // A program whose name reads as an assignment is refused, quoted or not (no real one is).
        if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[0] as string)) {
          expect(() => parseCommandLine(line)).toThrow(CommandLineError);
          return;
        }
        expect(parseCommandLine(line)).toEqual(argv);
      }),
    );
  });
});

describe("reviewerEnvironment", () => {
  const TOKEN = "ghs_0123456789abcdefghij";

  it("drops the GitHub token, every input, the runner's credentials and command files", () => {
    const env = reviewerEnvironment(
      {
        PATH: "/bin",
        HOME: "/home/runner",
        GITHUB_TOKEN: TOKEN,
        github_token: TOKEN,
        GH_TOKEN: "x",
        INPUT_MODEL: "gpt-4o",
        "INPUT_API-KEY": "sk-1",
        ACTIONS_RUNTIME_TOKEN: "r",
        ACTIONS_ID_TOKEN_REQUEST_URL: "u",
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: "t",
        GITHUB_OUTPUT: "/o",
        GITHUB_ENV: "/e",
        GITHUB_PATH: "/p",
        GITHUB_STATE: "/s",
        GITHUB_STEP_SUMMARY: "/ss",
        MY_COPY: `token=${TOKEN}`,
        OPENAI_API_KEY: "sk-for-codex",
        UNSET: undefined,
      },
      [TOKEN],
    );
    expect(env).toEqual({ PATH: "/bin", HOME: "/home/runner", OPENAI_API_KEY: "sk-for-codex" });
  });

  it("never passes a value that holds a withheld secret, whatever its name", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 30 }),
        fc.string(),
        fc.string(),
        fc.string({ minLength: 1 }),
        (secret, before, after, name) => {
          expect(withheldVariable(name, `${before}${secret}${after}`, [secret])).toBe(true);
        },
      ),
    );
  });
});
