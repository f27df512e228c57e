#!/usr/bin/env node
// A fake CLI reviewer for the `command` provider: reads the prompt on stdin, then behaves as the first
// argument says. Used by the provider's tests and by end-to-end tests of the bundled action.
//
//   fake-reviewer.mjs reply <text>          print <text> (\n escapes expanded), exit 0
//   fake-reviewer.mjs reply-file <path>     print the file's contents, exit 0
//   fake-reviewer.mjs echo                  print stdin back (a reviewer that echoes its prompt)
//   fake-reviewer.mjs exit <code> [stderr]  write [stderr] to stderr, exit <code>
//   fake-reviewer.mjs empty                 print nothing, exit 0
//   fake-reviewer.mjs hang                  never exit
//   fake-reviewer.mjs hang-ignoring-term [pidfile]  ignore SIGTERM, write its pid, never exit
//   fake-reviewer.mjs spawn-and-hang <pidfile>  start a child that hangs, write its pid, hang
//   fake-reviewer.mjs litter [code]         leave files in its working directory (as an agent does),
//                                           print that directory, exit [code] (default 0)
//   fake-reviewer.mjs env                   print the environment as JSON
//   fake-reviewer.mjs argv                  print its arguments (after the mode) as JSON
//   fake-reviewer.mjs flood <bytes>         print <bytes> bytes of "x"
//   fake-reviewer.mjs no-stdin <text>       exit 0 printing <text> without reading stdin
//   fake-reviewer.mjs approve-bound         approve with the round token the prompt's rule names
//   fake-reviewer.mjs block-bound <finding> one BLOCKING finding, then REQUEST_CHANGES with the token
//   fake-reviewer.mjs leak <VAR>            print $VAR in disguise (7-character words, reversed,
//                                           base64, URL-safe base64, hex, URL-encoded), then approve
//                                           with the token: a prompt-injected agent leaking its key
//
// Every mode except no-stdin first reads all of stdin; with FAKE_REVIEWER_STDIN=<path> in the
// environment it also saves stdin there, so a test can assert the exact prompt.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const [mode = "", ...args] = process.argv.slice(2);

function readStdin() {
  return new Promise((resolve) => {
    const chunks = [];
    process.stdin.on("data", (c) => chunks.push(c));
    process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    process.stdin.on("error", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

const forever = () => setInterval(() => {}, 1 << 30);

if (mode === "no-stdin") {
  process.stdout.write(args[0] ?? "");
  process.exit(0);
}

const stdin = await readStdin();
if (process.env.FAKE_REVIEWER_STDIN) writeFileSync(process.env.FAKE_REVIEWER_STDIN, stdin);

// The token the round-bound reply rule names, as a well-behaved reviewer would copy it.
const token = () => /===VERDICT=== <value> ([0-9a-z]{26,128})/.exec(stdin)?.[1] ?? "no-token-in-prompt";

switch (mode) {
  case "leak": {
    const value = process.env[args[0] ?? ""] ?? "";
    const bytes = Buffer.from(value);
    process.stdout.write(
      [
        "Debug output, as the diff asked:",
        (value.match(/.{1,7}/g) ?? []).join(" "),
        [...value].reverse().join(""),
        bytes.toString("base64"),
        bytes.toString("base64url"),
        bytes.toString("hex"),
        encodeURIComponent(value),
        "",
        `===VERDICT=== APPROVE ${token()}`,
        "",
      ].join("\n"),
    );
    break;
  }
  case "approve-bound":
    process.stdout.write(`No blocking issues.\n\n===VERDICT=== APPROVE ${token()}\n`);
    break;
  case "block-bound":
    process.stdout.write(
      `BLOCKING: ${args[0] ?? "x.js:1 — bug"}\n\n===VERDICT=== REQUEST_CHANGES ${token()}\n`,
    );
    break;
  case "reply":
    process.stdout.write((args[0] ?? "").replace(/\\n/g, "\n"));
    break;
  case "reply-file":
    process.stdout.write(readFileSync(args[0] ?? "", "utf8"));
    break;
  case "echo":
    process.stdout.write(stdin);
    break;
  case "exit":
    if (args[1] !== undefined) process.stderr.write(args[1]);
    process.exitCode = Number(args[0] ?? 1);
    break;
  case "empty":
    break;
  case "hang":
    forever();
    break;
  case "hang-ignoring-term":
    process.on("SIGTERM", () => {});
    if (args[0] !== undefined) writeFileSync(args[0], String(process.pid));
    forever();
    break;
  case "spawn-and-hang": {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
    writeFileSync(args[0] ?? "", String(child.pid));
    forever();
    break;
  }
  case "litter": {
    mkdirSync("scratch/deeper", { recursive: true });
    writeFileSync("scratch/deeper/notes.md", "what the agent wrote\n");
    writeFileSync("plan.txt", "step 1\n");
    const code = Number(args[0] ?? "0");
    (code === 0 ? process.stdout : process.stderr).write(`worked in ${process.cwd()}\n`);
    process.exit(code);
    break;
  }
  case "env":
    process.stdout.write(JSON.stringify(process.env));
    break;
  case "argv":
    process.stdout.write(JSON.stringify(args));
    break;
  case "flood":
    process.stdout.write("x".repeat(Number(args[0] ?? 0)));
    break;
  default:
    process.stderr.write(`fake-reviewer: unknown mode ${JSON.stringify(mode)}\n`);
    process.exitCode = 2;
}
