// docs/inputs.md's inputs and outputs tables, generated from action.yml (the one place they are defined)
// between markers, as actions/checkout's generate-docs does; and docs/contract.md's table of glob
// examples, generated from docs/glob-examples.json (the one table, which __tests__/util/glob.test.ts checks
// against both the contract criteria and the include/exclude inputs). A hand-edited table drifts in
// silence; this script and the test that runs it (__tests__/docs/readme.test.ts) make drift fail.
//
//   node scripts/docs.mjs           check: exit 1 and say so when docs/inputs.md or docs/contract.md is stale
//   node scripts/docs.mjs --write   rewrite the tables
//   --inputs FILE --action FILE     other files (the test uses them)
//   --contract FILE --globs FILE
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";

const { values } = parseArgs({
  options: {
    write: { type: "boolean" },
    inputs: { type: "string", default: "docs/inputs.md" },
    action: { type: "string", default: "action.yml" },
    contract: { type: "string", default: "docs/contract.md" },
    globs: { type: "string", default: "docs/glob-examples.json" },
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

/** docs/contract.md's table of glob examples: one row per example, as the glob test checks it. */
export function globExamplesTable(examples) {
  const code = (text) => `\`${String(text).replace(/\|/g, "\\|")}\``;
  const rows = examples.map(
    (e) => `| ${code(e.pattern)} | ${code(e.path)} | ${e.matches ? "yes" : "no"} | ${cell(e.why)} |`,
  );
  return ["| glob | path | selects it? | why |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

const NOTE = {
  "action.yml":
    "<!-- generated from action.yml by `node scripts/docs.mjs --write`; edit action.yml, not this table -->",
  "docs/glob-examples.json":
    "<!-- generated from docs/glob-examples.json by `node scripts/docs.mjs --write`; edit the JSON, not this table -->",
};

function replaceBetween(text, name, body, file, source) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${NOTE[source]}\n\n${body}\n\n${text.slice(to)}`;
}

/** A Markdown file as `npm run lint` wants it: biome formats Markdown too (it pads table columns), so the
 * generated tables go through the same formatter, or lint and this check would each undo the other. */
function formatted(markdown, file) {
  const biome = path.resolve("node_modules", ".bin", "biome");
  return execFileSync(biome, ["format", `--stdin-file-path=${path.basename(file)}`], {
    input: markdown,
    encoding: "utf8",
  });
}

const action = parse(readFileSync(values.action, "utf8"));
const inputs = readFileSync(values.inputs, "utf8");
let inputsWanted = replaceBetween(inputs, "inputs", inputsTable(action), values.inputs, "action.yml");
inputsWanted = formatted(
  replaceBetween(inputsWanted, "outputs", outputsTable(action), values.inputs, "action.yml"),
  values.inputs,
);
const { examples } = JSON.parse(readFileSync(values.globs, "utf8"));
const contract = readFileSync(values.contract, "utf8");
const contractWanted = formatted(
  replaceBetween(
    contract,
    "glob-examples",
    globExamplesTable(examples),
    values.contract,
    "docs/glob-examples.json",
  ),
  values.contract,
);

const files = [
  {
    file: values.inputs,
    current: inputs,
    wanted: inputsWanted,
    what: `the inputs or outputs tables differ from ${values.action}`,
  },
  {
    file: values.contract,
    current: contract,
    wanted: contractWanted,
    what: `the glob examples differ from ${values.globs}`,
  },
];
for (const { file, current, wanted, what } of files) {
  if (values.write) {
    if (wanted !== current) writeFileSync(file, wanted);
    console.log(wanted === current ? `${file} is current` : `rewrote the tables in ${file}`);
  } else if (wanted !== current) {
    console.error(`${file}: ${what}; run \`node scripts/docs.mjs --write\``);
    process.exitCode = 1;
  } else {
    console.log(`${file}: the tables are current`);
  }
}
