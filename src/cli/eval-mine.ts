// `verdict-gate eval mine`: an eval set from a repository's own history (src/eval/mine/mine.ts says how
// cases are found and labelled). Reads the clone through a scratch repository that runs nothing of it
// (workspace/git-history.ts) and writes the set whole or not at all (workspace/set-writer.ts). Exit 0
// with the set written; 1 when it holds no case, or a kept pick could not be built (the set is written
// without it, the reason in mine-report.json); 2 for bad options, a clone that cannot be read or an
// --out that holds other files.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type BuiltCase, CaseRefused } from "../eval/mine/build-case.js";
import { History } from "../eval/mine/history.js";
import { buildPicks, describeSet, mine, type Skipped } from "../eval/mine/mine.js";
import { type Pick, type Picks, PicksError, picksText, readPicks } from "../eval/mine/picks.js";
import { mineReadme, mineReportText, README_MARK, type ReportInput } from "../eval/mine/report.js";
import { globProblem } from "../util/glob.js";
import { VERSION } from "../util/version.js";
import { EXIT } from "../verdict/four-values.js";
import { CloneError, type OpenedHistory, openHistory } from "../workspace/git-history.js";
import { OutDirError, outProblem, readSetFile, writeSet } from "../workspace/set-writer.js";
import { parse } from "./args.js";
import { type CliIO, UsageError } from "./io.js";

export const MINE_USAGE = [
  "       verdict-gate eval mine CLONE --out SET-DIR [--since DATE] [--until DATE] [--max-defects N]",
  "                              [--max-clean N] [--paths GLOB]… [--repository NAME]",
  "       verdict-gate eval mine [CLONE] --out SET-DIR --picks FILE [--repos DIR]",
].join("\n");

const OPTIONS = {
  out: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  "max-defects": { type: "string" },
  "max-clean": { type: "string" },
  paths: { type: "string", multiple: true },
  repository: { type: "string" },
  picks: { type: "string" },
  repos: { type: "string" },
} as const;

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

const DAY = 24 * 3600;

/** A date as seconds: YYYY-MM-DD is midnight UTC (`--until` takes the whole day), or a full ISO time. */
function dateOption(values: Values, name: "since" | "until"): number | undefined {
  const raw = values[name] as string | undefined;
  if (raw === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const ms = dateOnly
    ? Date.parse(`${raw}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(raw)
      ? Date.parse(raw)
      : Number.NaN;
  if (Number.isNaN(ms))
    throw new UsageError(
      `--${name} takes a date, 2024-01-31 or 2024-01-31T12:00:00Z, not ${JSON.stringify(raw)}`,
    );
  return Math.floor(ms / 1000) + (dateOnly && name === "until" ? DAY - 1 : 0);
}

function count(values: Values, name: string, fallback: number | undefined): number | undefined {
  const raw = values[name] as string | undefined;
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 100_000)
    throw new UsageError(`--${name} takes a whole number from 0 to 100000, not ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** The clone of `repository` under --repos: DIR/owner+name/repo, DIR/owner+name, DIR/owner/name or DIR/name. */
function cloneUnder(repos: string, repository: string): string {
  const [owner, name] = repository.split("/");
  for (const dir of [
    `${owner}+${name}/repo`,
    `${owner}+${name}`,
    `${owner}/${name}`,
    `${name}`,
    `${name}.git`,
  ]) {
    const full = path.join(repos, dir);
    if (name !== undefined && existsSync(full)) return full;
  }
  throw new UsageError(`no clone of ${repository} under ${repos} (as owner+name, owner/name or name)`, {
    brief: true,
  });
}

/** Histories opened on demand, one per clone, all closed at the end. */
function histories(io: CliIO, clone: string | undefined, repos: string | undefined) {
  const opened = new Map<string, OpenedHistory & { history: History }>();
  const open = (dir: string) => {
    let h = opened.get(dir);
    if (h === undefined) {
      try {
        const o = openHistory(dir);
        h = { ...o, history: new History(o.git) };
      } catch (error) {
        if (error instanceof CloneError) throw new UsageError(error.message, { brief: true });
        throw error;
      }
      opened.set(dir, h);
    }
    return h;
  };
  return {
    of(pick: Pick) {
      if (pick.repository !== undefined && repos !== undefined)
        return open(cloneUnder(path.resolve(io.cwd, repos), pick.repository));
      if (clone === undefined)
        throw new UsageError(
          "name the clone the picks come from, or --repos DIR for picks naming their repository",
        );
      return open(path.resolve(io.cwd, clone));
    },
    open,
    close: () => {
      for (const h of opened.values()) h.close();
    },
  };
}

function repositoryName(values: Values, clone: string): string {
  const given = values.repository as string | undefined;
  if (given !== undefined) {
    if (!/^[A-Za-z0-9][\w.-]*(\/[\w.-]+)?$/.test(given))
      throw new UsageError(`--repository takes NAME or OWNER/NAME, not ${JSON.stringify(given)}`);
    return given;
  }
  const base = path.basename(path.resolve(clone)).replace(/\.git$/, "");
  return base.replace(/[^\w.-]+/g, "-") || "repository";
}

function setFiles(built: readonly BuiltCase[], extra: Record<string, string>): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  for (const c of built) for (const [p, bytes] of c.files) files.set(`${c.id}/${p}`, bytes);
  for (const [name, text] of Object.entries(extra)) files.set(name, encoder.encode(text));
  return files;
}

const setJson = (name: string | undefined, description: string | undefined) =>
  `${JSON.stringify({ name, description }, null, 2)}\n`;

function summary(io: CliIO, built: readonly BuiltCase[], skipped: readonly Skipped[], out: string): number {
  const defects = built.filter((b) => b.label === "defect");
  const reverts = defects.filter((b) => b.kind === "revert").length;
  io.out(
    `${built.length} cases (${defects.length} defect, ${reverts} of them by a revert; ${built.length - defects.length} clean) written to ${out}; ${skipped.length} candidates left out, each with why, in mine-report.json\n`,
  );
  if (built.length === 0) {
    io.err("verdict-gate eval mine: no case: see mine-report.json for what was left out and why\n");
    return EXIT.internal;
  }
  return EXIT.approve;
}

export const mineCommand = {
  async run(args: readonly string[], io: CliIO): Promise<number> {
    const { values, positionals } = parse(args, OPTIONS, 1);
    const clone = positionals[0];
    const outArg = values.out as string | undefined;
    if (outArg === undefined) throw new UsageError("name the set to write: --out SET-DIR");
    const out = path.resolve(io.cwd, outArg);
    const problem = outProblem(out);
    if (problem !== undefined) throw new UsageError(`--out ${outArg}: ${problem}`, { brief: true });
    for (const glob of (values.paths as string[] | undefined) ?? []) {
      const bad = globProblem(glob, { negation: true });
      if (bad !== undefined) throw new UsageError(`--paths ${JSON.stringify(glob)}: ${bad}`);
    }
    const picksArg = values.picks as string | undefined;
    if (picksArg === undefined && clone === undefined)
      throw new UsageError("name the clone to mine: verdict-gate eval mine CLONE --out SET-DIR");
    if (picksArg === undefined && values.repos !== undefined)
      throw new UsageError("--repos is for --picks naming several repositories");
    const open = histories(io, clone, values.repos as string | undefined);
    try {
      return picksArg === undefined
        ? search(io, values, clone as string, out, open)
        : fromPicks(io, values, clone, out, picksArg, open);
    } catch (error) {
      if (error instanceof OutDirError || error instanceof PicksError || error instanceof CaseRefused)
        throw new UsageError(error.message, { brief: true });
      throw error;
    } finally {
      open.close();
    }
  },
};

function search(
  io: CliIO,
  values: Values,
  clone: string,
  out: string,
  open: ReturnType<typeof histories>,
): number {
  const since = dateOption(values, "since");
  const until = dateOption(values, "until");
  const maxDefects = count(values, "max-defects", 100) as number;
  const maxClean = count(values, "max-clean", undefined);
  const paths = values.paths as string[] | undefined;
  const repository = repositoryName(values, clone);
  const { history, tip } = open.open(path.resolve(io.cwd, clone));
  const outcome = mine(history, {
    repository,
    tip,
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
    maxDefects,
    ...(maxClean !== undefined ? { maxClean } : {}),
    ...(paths !== undefined ? { paths } : {}),
  });
  const input: ReportInput = {
    repository,
    tip: { sha: tip, time: history.commit(tip).time },
    version: VERSION,
    options: {
      since: values.since ?? null,
      until: values.until ?? null,
      max_defects: maxDefects,
      max_clean: maxClean ?? null,
      paths: paths ?? [],
    },
    built: outcome.built,
    skipped: outcome.skipped,
    counts: outcome.counts,
  };
  writeSet(
    out,
    setFiles(outcome.built, {
      "set.json": setJson(repository, describeSet(repository)),
      "picks.json": picksText(outcome.picks),
      "README.md": mineReadme(input),
      "mine-report.json": mineReportText(input),
    }),
  );
  return summary(io, outcome.built, outcome.skipped, out);
}

function fromPicks(
  io: CliIO,
  values: Values,
  clone: string | undefined,
  out: string,
  picksArg: string,
  open: ReturnType<typeof histories>,
): number {
  for (const flag of ["since", "until", "max-defects", "max-clean", "paths"])
    if (values[flag] !== undefined)
      throw new UsageError(`--${flag} chooses cases to mine; with --picks the picks choose them`);
  const picksFile = path.resolve(io.cwd, picksArg);
  let picksText_: string;
  try {
    picksText_ = readFileSync(picksFile, "utf8");
  } catch (error) {
    throw new UsageError(
      `--picks ${picksArg}: cannot read it: ${(error as { code?: string }).code ?? String(error)}`,
      { brief: true },
    );
  }
  const picks: Picks = readPicks(picksText_, picksArg);
  const repos = values.repos !== undefined;
  const repository = clone !== undefined ? repositoryName(values, clone) : (picks.name ?? "repository");
  const { built, skipped } = buildPicks(picks, (pick) => open.of(pick), {
    repository,
    permissiveOnly: repos,
    ...(repos ? { url: (r: string, head: string) => `https://github.com/${r}/commit/${head}` } : {}),
  });
  const single = clone !== undefined ? open.open(path.resolve(io.cwd, clone)) : undefined;
  const input: ReportInput = {
    repository: repos ? (picks.name ?? repository) : repository,
    ...(single !== undefined
      ? { tip: { sha: single.tip, time: single.history.commit(single.tip).time } }
      : {}),
    version: VERSION,
    options: { picks: path.basename(picksFile) },
    built,
    skipped,
  };
  // A README a person wrote (the starter set's) is kept as it is; one mine wrote is written again.
  const readme = readSetFile(out, "README.md");
  const keptReadme = readme !== undefined && !readme.startsWith(README_MARK) ? readme : mineReadme(input);
  writeSet(
    out,
    setFiles(built, {
      "set.json": setJson(picks.name, picks.description),
      "picks.json": picksText_,
      "README.md": keptReadme,
      "mine-report.json": mineReportText(input),
    }),
  );
  const code = summary(io, built, skipped, out);
  const lost = picks.cases.filter((p) => p.keep !== false).length - built.length;
  if (lost > 0) {
    for (const s of skipped)
      io.err(`verdict-gate eval mine: ${s.commit.slice(0, 12)}: left out: ${s.reason}\n`);
    return EXIT.internal;
  }
  return code;
}
