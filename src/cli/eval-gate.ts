// `verdict-gate eval --gate DIR`: measure the gate as the checkout DIR configures it — the inputs of
// the workflow step that runs verdict-gate there, its contract and review guidelines (eval/gate.ts,
// workspace/gate-config.ts) — instead of as flags say. The gate-change workflow runs it on a pull
// request's base and on its head; `--gate-base BASE` makes the head's run refuse a change of where the
// reviewer's key goes (provider, endpoint, command, panel), which must not run before it merges.
import path from "node:path";
import { GateConfigError, JUDGEMENT_INPUTS, keyChange } from "../eval/gate.js";
import { inertText } from "../util/inert-text.js";
import { type GateOnDisk, readGate } from "../workspace/gate-config.js";
import { type CliIO, UsageError } from "./io.js";

export const GATE_OPTIONS = {
  gate: { type: "string" },
  "gate-workflow": { type: "string" },
  "gate-base": { type: "string" },
} as const;

export const GATE_USAGE = [
  "  --gate DIR           measure the gate as the checkout DIR configures it: the inputs of the workflow",
  "                       step that runs verdict-gate there, its contract and review guidelines (a case",
  "                       with its own contract keeps it); the reviewer and scope flags are refused beside it",
  "  --gate-workflow FILE the workflow (a path in DIR) to read, when several run the gate differently",
  "  --gate-base DIR      refuse a DIR whose gate sends the key elsewhere than BASE's does (provider,",
  "                       base-url, command, reviewers): a pull request's own configuration never gets it",
];

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** Flags that set what --gate reads from the checkout. */
const JUDGEMENT_FLAGS = [
  ...JUDGEMENT_INPUTS.filter((n) => n !== "default-excludes" && n !== "contract"),
  "no-default-excludes",
];

function read(io: CliIO, dir: string, workflow: string | undefined, flag: string): GateOnDisk {
  try {
    return readGate(path.resolve(io.cwd, dir), workflow);
  } catch (error) {
    // The message quotes what the checked-out workflows say (a job's id, an input's value, a file's
    // name), which a pull request writes: on one line, it cannot close the fence the gate-change
    // workflow prints it in.
    if (error instanceof GateConfigError)
      throw new UsageError(`${flag} ${dir}: ${inertText(error.message)}`, { brief: true });
    throw error;
  }
}

/** The flags' values with the gate's inputs in them, and the gate's files; `values` as they are
 * without --gate. */
export function gateValues(values: Values, io: CliIO): { values: Values; gate?: GateOnDisk } {
  const dir = values.gate as string | undefined;
  if (dir === undefined) {
    for (const flag of ["gate-workflow", "gate-base"])
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --gate DIR`);
    return { values };
  }
  const given = JUDGEMENT_FLAGS.find((f) => values[f] !== undefined);
  if (given !== undefined)
    throw new UsageError(`--gate reads the gate's configuration from ${dir}; --${given} would change it`);
  const workflow = values["gate-workflow"] as string | undefined;
  const gate = read(io, dir, workflow, "--gate");
  const base = values["gate-base"] as string | undefined;
  if (base !== undefined) {
    const why = keyChange(read(io, base, workflow, "--gate-base").inputs, gate.inputs);
    if (why !== undefined) throw new UsageError(`--gate ${dir}: ${why}`, { brief: true });
  }
  if (gate.inputs.reviewers !== undefined)
    throw new UsageError(
      `--gate ${dir}: ${gate.where} runs a panel (reviewers); measure a panel with eval --reviewers FILE`,
      { brief: true },
    );
  const out: Values = { ...values };
  for (const [name, value] of Object.entries(gate.inputs)) {
    if (name === "contract") continue;
    if (name === "include" || name === "exclude") out[name] = [value];
    else if (name === "default-excludes") out["no-default-excludes"] = value.trim() === "false";
    else out[name] = value;
  }
  return { values: out, gate };
}
