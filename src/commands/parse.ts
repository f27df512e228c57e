// What a pull request comment asks of the gate: nothing (an ordinary comment), a `/verdict` command,
// or a `/verdict` line that cannot be read as one. Pure: the comment's text in, a command out.
//
// The rule is narrow on purpose, because a comment is text anyone can write and some of it quotes
// other text. A command is the comment's FIRST line, starting with `/verdict` (lowercase, at most three
// spaces in: four are a Markdown code block) followed by a space or the line's end. Everything else is
// an ordinary comment and is ignored without a word:
// - a quoted reply (`> /verdict approve …`): it quotes someone's command, it is not one; replying with
//   a quote must never approve again;
// - a command inside a code fence, inline code or an indented code block: documentation, not an act;
// - a command on a later line: a comment that mentions the commands while discussing them;
// - `/verdictapprove`, `/verdicts`: another word, maybe another bot's;
// - a lookalike (`／verdict` with a fullwidth solidus, `/vеrdict` with a Cyrillic е): not our word.
// A line that is ours (`/verdict` and a space) but whose words are not a command is malformed and gets
// a reply saying why: the person meant to talk to the gate.
import { codePoint, reasonProblem } from "../verdict/person-reason.js";

export type CommentCommand =
  /** Not a command at all: ignored without a reply or any request. */
  | { readonly kind: "none" }
  /** Meant for the gate but not a command it knows: `problem` says why, for the reply. */
  | { readonly kind: "malformed"; readonly problem: string }
  /** A new round at the PR's current head; `force` asks the reviewer again about everything. */
  | { readonly kind: "review"; readonly force: boolean }
  /** A person's decision, exactly as a `workflow_dispatch` decision. */
  | { readonly kind: "decide"; readonly decision: "approve" | "block"; readonly reason: string }
  /** A maintainer's dismissal of one finding of the round they read, by the key the gate printed. */
  | { readonly kind: "dismiss"; readonly key: string; readonly reason: string }
  | { readonly kind: "help" };

export const COMMAND_WORD = "/verdict";

/** The commands, as the help reply and docs/workflows.md list them. */
export const COMMAND_USAGE: readonly { readonly usage: string; readonly what: string }[] = [
  {
    usage: "/verdict review",
    what: "a new round at the pull request's current head (unchanged verdicts are reused)",
  },
  {
    usage: "/verdict review --force",
    what: "a new round that asks the reviewer again about everything; it counts against max-rounds (write access; never the PR's author or anyone who pushed to it)",
  },
  {
    usage: "/verdict approve <reason>",
    what: "approve the round the gate last judged, as a person who read it (write access; never the PR's author or anyone who pushed to it)",
  },
  {
    usage: "/verdict block <reason>",
    what: "block the round the gate last judged, as a person who read it (write access; never the PR's author or anyone who pushed to it)",
  },
  {
    usage: "/verdict dismiss <finding> <reason>",
    what: "dismiss one BLOCKING finding of the round the gate last judged, by the key printed beside it (e.g. `3fa9c2`); it stops blocking on this head and while its lines are unchanged (write access; never the PR's author or anyone who pushed to it)",
  },
  { usage: "/verdict help", what: "this list" },
];

/** A word shown back in a reply: in code, with anything not plain printable ASCII named by its code
 * point, so a lookalike letter is visible as what it is. */
function shown(word: string): string {
  const plain = [...word].map((ch) => (/^[\x21-\x7e]$/.test(ch) ? ch : `<${codePoint(ch)}>`)).join("");
  return `\`${plain.replace(/`/g, "'").slice(0, 60)}\``;
}

/** The comment's first line as GitHub stores it (CRLF from the web editor, LF from the API). */
function firstLine(body: string): string {
  const end = body.search(/\r\n|\r|\n/);
  return end < 0 ? body : body.slice(0, end);
}

export function parseCommand(body: string): CommentCommand {
  const line = firstLine(body);
  // Up to three spaces are still a paragraph in Markdown; four, or a tab, make a code block.
  const indent = /^ {0,3}/.exec(line)?.[0].length ?? 0;
  const text = line.slice(indent);
  if (!text.startsWith(COMMAND_WORD)) return { kind: "none" };
  const rest = text.slice(COMMAND_WORD.length);
  if (rest !== "" && !/^\s/u.test(rest)) return { kind: "none" };
  // Ours from here on: every refusal says why.
  if (/[^\S \t]/u.test(rest)) {
    const odd = /[^\S \t]/u.exec(rest)?.[0] ?? "";
    return {
      kind: "malformed",
      problem: `the command line has a ${codePoint(odd)} space in it; write the command with plain spaces`,
    };
  }
  const words = rest.trim();
  if (words === "") return { kind: "malformed", problem: "`/verdict` alone names no command" };
  const verb = /^[^ \t]+/.exec(words)?.[0] ?? "";
  const args = words.slice(verb.length).trim();
  switch (verb) {
    case "help":
      return args === ""
        ? { kind: "help" }
        : { kind: "malformed", problem: `\`/verdict help\` takes nothing after it; got ${shown(args)}` };
    case "review":
      if (args === "") return { kind: "review", force: false };
      if (args === "--force") return { kind: "review", force: true };
      return {
        kind: "malformed",
        problem: `\`/verdict review\` takes only \`--force\`; got ${shown(args)}`,
      };
    case "approve":
    case "block":
      return decision(verb, args);
    case "dismiss":
      return dismissal(args);
    default:
      return { kind: "malformed", problem: `${shown(verb)} is not a /verdict command` };
  }
}

/** `/verdict dismiss <key> <reason>`: the key as the gate prints it (SHORT_KEY hex digits), and a
 * reason under the dismissal's rule (person-reason.ts). */
function dismissal(args: string): CommentCommand {
  const key = /^[^ \t]+/.exec(args)?.[0] ?? "";
  const reason = args.slice(key.length).trim();
  if (!/^[0-9a-f]{6}$/.test(key))
    return {
      kind: "malformed",
      problem: `\`/verdict dismiss\` needs the finding's key, the 6 hex digits the gate printed beside it (e.g. \`/verdict dismiss 3fa9c2 not reachable from user input\`); got ${key === "" ? "nothing" : shown(key)}`,
    };
  if (reason === "")
    return {
      kind: "malformed",
      problem:
        "`/verdict dismiss <finding>` needs a reason on the same line: a dismissal nobody can explain later is no record",
    };
  const problem = reasonProblem(reason, "dismissal");
  return problem !== undefined ? { kind: "malformed", problem } : { kind: "dismiss", key, reason };
}

function decision(verb: "approve" | "block", reason: string): CommentCommand {
  if (reason === "") {
    return {
      kind: "malformed",
      problem: `\`/verdict ${verb}\` needs a reason on the same line, e.g. \`/verdict ${verb} checked the migration by hand\`: a decision nobody can explain later is no record`,
    };
  }
  const problem = reasonProblem(reason, "decision");
  return problem !== undefined ? { kind: "malformed", problem } : { kind: "decide", decision: verb, reason };
}
