// Writes the replies that reference-verdicts.py runs through the Python reference: random
// concatenations of the pieces a reply contract cares about (markers, values, decoration, every line
// break and space Python knows, fences, case-folding letters). Seeded, so the file is reproducible.
// `node make-cases.mjs > cases.json`
const SHARED = [
  "===VERDICT===",
  "==VERDICT==",
  "=== VERDICT ===",
  "===VERDİCT===",
  "===VERDıCT===",
  "VERDICT",
  "verdict",
  "Verdict:",
  " ",
  "  ",
  "\t",
  "\u00a0",
  "\u2003",
  "\u001f",
  "\n",
  "\r\n",
  "\r",
  "\u000b",
  "\u000c",
  "\u001c",
  "\u0085",
  "\u2028",
  "\u2029",
  "APPROVE",
  "approve",
  "REQUEST_CHANGES",
  "REQUEST CHANGES",
  "request-changes",
  "REQUESTCHANGES",
  "REQUEſT_CHANGES",
  "REJECT",
  "LGTM",
  "<value>",
  "**",
  "`",
  "```",
  "~~~",
  "````",
  "```text",
  ":",
  ".",
  "-",
  "—",
  "–",
  "#",
  ">",
  "*",
  "|",
  "=",
  "==",
  "x",
  "_",
  "1",
  "\ufeff",
  "\u200b",
  "APPROVE_WITH_NITS",
];
// Characters that are word characters to Python's Unicode \b but not to the ASCII boundary this port
// uses on purpose (the safe side): cases with them may differ from the reference, never toward approve.
const PYTHON_ONLY_WORD = ["é", "ß", "İ", "ı", "K", "APPROVEé", "VERDICTé", "𝐀", "REQUEﬆ_CHANGES"];

// mulberry32: a small seeded generator whose low bits are as random as its high ones.
let seed = 20260804;
const next = (n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const reply = (atoms) => {
  let s = "";
  for (let i = 1 + next(14); i > 0; i -= 1) s += atoms[next(atoms.length)];
  return s;
};
// Line-shaped replies: mostly whole marker or prose lines, so approves and blocks are common too.
const PREFIX = ["", "", "", "> ", "**", "  ", "- ", "# ", "\u00a0", "+", "\u200b", "1. "];
const MARKER = [
  "===VERDICT===",
  "===VERDICT=== ",
  "== VERDICT ==",
  "===VERDİCT=== ",
  "VERDICT: ",
  "Verdict — ",
  "=VERDICT= ",
];
const VALUE = [
  "APPROVE",
  "approve",
  "REQUEST_CHANGES",
  "Request Changes",
  "REQUEST-CHANGES.",
  "REQUESTCHANGES",
  "REJECT!",
  "",
  "<value>",
  "`APPROVE`",
  "APPROVE**",
  "APPROVE!",
  "APPROVE x",
];
const PROSE = [
  "",
  " ",
  "\t",
  "Looks fine.",
  "```",
  "```text",
  "~~~",
  "````",
  "\ufeff",
  "\u3000",
  "see VERDICT",
  "APPROVE",
];
const BREAK = ["\n", "\n", "\n", "\r\n", "\r", "\u2028", "\u0085", "\u000b", "\u001e"];
const line = () =>
  next(3) === 0
    ? PROSE[next(PROSE.length)]
    : PREFIX[next(PREFIX.length)] + MARKER[next(MARKER.length)] + VALUE[next(VALUE.length)];
const lines = () => {
  let s = line();
  for (let i = next(6); i > 0; i -= 1) s += BREAK[next(BREAK.length)] + line();
  return s;
};
const exact = [...Array.from({ length: 1000 }, () => reply(SHARED)), ...Array.from({ length: 1000 }, lines)];
const boundary = Array.from({ length: 500 }, () => reply([...SHARED, ...PYTHON_ONLY_WORD]));
process.stdout.write(`${JSON.stringify({ exact, boundary })}\n`);
