// The README's inputs and outputs tables, generated from action.yml (the one place they are defined)
// between markers, as actions/checkout's generate-docs does. A hand-edited table drifts from the action
// in silence; this script and the test that runs it (__tests__/docs/readme.test.ts) make drift fail.
//
//   node scripts/docs.mjs           check: exit 1 and say so when README.md is stale
//   node scripts/docs.mjs --write   rewrite the tables in README.md
//   --readme FILE --action FILE     other files (the test uses them)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";

const { values } = parseArgs({
  options: {
    write: { type: "boolean" },
    readme: { type: "string", default: "README.md" },
    action: { type: "string", default: "action.yml" },
  },
  strict: true,
});

/** One table cell: one line, pipes escaped (descriptions are folded YAML, so already one paragraph). */
function cell(text) {
  return String(text ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\|/g, "\\|");
}

function defaultCell(value) {
  if (value === undefined || value === "") return "";
  return `\`${String(value).replace(/\|/g, "\\|")}\``;
}

export function inputsTable(action) {
  const rows = Object.entries(action.inputs ?? {}).map(
    ([name, spec]) => `| \`${name}\` | ${defaultCell(spec.default)} | ${cell(spec.description)} |`,
  );
  return ["| input | default | description |", "| --- | --- | --- |", ...rows].join("\n");
}

export function outputsTable(action) {
  const rows = Object.entries(action.outputs ?? {}).map(
    ([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`,
  );
  return ["| output | description |", "| --- | --- |", ...rows].join("\n");
}

const NOTE =
  "<!-- generated from action.yml by `node scripts/docs.mjs --write`; edit action.yml, not this table -->";

function replaceBetween(text, name, body, file) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${NOTE}\n\n${body}\n\n${text.slice(to)}`;
}

/** The README as `npm run lint` wants it: biome formats Markdown too (it pads table columns), so the
 * generated tables go through the same formatter, or lint and this check would each undo the other. */
function formatted(markdown) {
  const biome = path.resolve("node_modules", ".bin", "biome");
  return execFileSync(biome, ["format", "--stdin-file-path=README.md"], {
    input: markdown,
    encoding: "utf8",
  });
}

const action = parse(readFileSync(values.action, "utf8"));
const current = readFileSync(values.readme, "utf8");
let wanted = replaceBetween(current, "inputs", inputsTable(action), values.readme);
wanted = formatted(replaceBetween(wanted, "outputs", outputsTable(action), values.readme));

if (values.write) {
  if (wanted !== current) writeFileSync(values.readme, wanted);
  console.log(wanted === current ? `${values.readme} is current` : `rewrote the tables in ${values.readme}`);
} else if (wanted !== current) {
  console.error(
    `${values.readme}: the inputs or outputs tables differ from ${values.action}; run \`node scripts/docs.mjs --write\``,
  );
  process.exitCode = 1;
} else {
  console.log(`${values.readme}: the tables match ${values.action}`);
}
