// `verdict-gate verdict`: a reviewer's reply on stdin → its verdict line and exit status (0 approve,
// 3 request changes, 4 ambiguous or none). The verdict reaches the exit status because a gate whose
// verdict lives only in its output is a log line that automation reads as a pass.
import { isUtf8 } from "node:buffer";
import { type Finding, readFindings } from "../verdict/findings.js";
import { EXIT } from "../verdict/four-values.js";
import { exitCode, readVerdict, renderVerdict } from "../verdict/reply-contract.js";
import { parse } from "./args.js";
import type { Command } from "./io.js";
import { ROUND_TOKEN_OPTIONS, roundTokenOf } from "./round-token-option.js";

/** Replies above this are refused (exit 2) rather than parsed: past it the decoded text nears V8's
 * string limit and the process's memory, and no reviewer writes a quarter of a gigabyte. */
export const MAX_REPLY_BYTES = 256 * 1024 * 1024;

/** At most this many findings are printed by --json; `findings_total` counts them all. */
const MAX_JSON_FINDINGS = 1000;

const USAGE = [
  "usage: verdict-gate verdict [--json] [--token TOKEN] < reply.txt",
  "  --json               print one JSON object: verdict, line, exit_code, reason, findings, …",
  "  --token TOKEN        read the reply as `review` does: only `===VERDICT=== APPROVE TOKEN` approves",
  "                       (the TOKEN given to `verdict-gate prompt --token`; --round-token is the same)",
].join("\n");

/** Decodes stdin as UTF-8. Invalid bytes become U+FFFD rather than an error, so a mangled reply is
 * still read (and can still block); a byte-order mark is kept as text, as Python's utf-8 codec keeps
 * it, so it can never make a marker line look cleaner than it was sent. */
function decode(bytes: Buffer): { text: string; validUtf8: boolean; bom: boolean } {
  const validUtf8 = isUtf8(bytes);
  const text = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text, validUtf8, bom };
}

function findingJson(finding: Finding) {
  return {
    path: finding.path,
    line: finding.line ?? null,
    end_line: finding.endLine ?? null,
    reason: finding.reason,
    raw: finding.raw,
  };
}

export const verdictCommand: Command = {
  name: "verdict",
  summary:
    "read a reviewer's reply on stdin; print its verdict (exit 0 approve, 3 request changes, 4 ambiguous or none)",
  usage: USAGE,
  async run(args, io) {
    const { values } = parse(args, { json: { type: "boolean" }, ...ROUND_TOKEN_OPTIONS }, 0);
    const roundToken = roundTokenOf(values);
    // A reply can be pasted, but a prompt that waits without a word reads as a hang.
    if (io.stdinIsTTY === true)
      io.err(
        "verdict-gate verdict: reading a reply from the terminal: paste it, then press Ctrl-D on a line of its own (or pipe one in: my-reviewer < prompt.txt | verdict-gate verdict)\n",
      );
    const bytes = await io.readStdin(MAX_REPLY_BYTES);
    if (bytes.length > MAX_REPLY_BYTES) {
      io.err(
        `verdict-gate verdict: the reply is over the ${MAX_REPLY_BYTES}-byte limit; nothing was read as a verdict\n`,
      );
      return EXIT.usage;
    }
    const input = decode(bytes);
    if (!input.validUtf8) {
      io.err(
        "verdict-gate verdict: warning: the reply is not valid UTF-8; invalid bytes were read as U+FFFD\n",
      );
    }
    if (input.bom) {
      io.err("verdict-gate verdict: note: the reply starts with a byte-order mark, which is read as text\n");
    }
    const reading = readVerdict(input.text, { roundToken });
    const code = exitCode(reading.verdict);
    const line = renderVerdict(reading.verdict);
    if (values.json === true) {
      const { findings, total } = readFindings(input.text, MAX_JSON_FINDINGS);
      const report = {
        verdict: reading.verdict,
        line,
        exit_code: code,
        reason: reading.why,
        layer: reading.layer,
        sentinel_line: reading.line,
        round_bound: reading.roundBound,
        findings: findings.map(findingJson),
        findings_total: total,
        input: { bytes: bytes.length, valid_utf8: input.validUtf8, bom: input.bom },
      };
      io.out(`${JSON.stringify(report)}\n`);
    } else {
      io.out(`${line}\n`);
      if (reading.verdict !== "APPROVE" && reading.verdict !== "REQUEST_CHANGES") {
        io.err(`verdict-gate verdict: ${reading.why}\n`);
      }
    }
    return code;
  },
};
