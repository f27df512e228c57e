// The lockfiles part of a round: every changed npm, pnpm or Yarn lockfile is checked against the base
// commit's copy (src/lockfile/check.ts), whoever withholds it from the reviewer — the defaults do to
// save tokens, a user's `exclude` or `include` may — because a lockfile decides what code is installed
// and run, and the check costs no tokens. A lockfile the gate cannot read (at the head or at the base)
// holds: "not checked" must never read as "checked". No lockfile changed: there is no part.

import type { DiffFile } from "../diff/types.js";
import {
  checkLockfile,
  type LockfileCheck,
  type LockfileProblem,
  lockfileChanges,
} from "../lockfile/check.js";
import { CHECKED_LOCKFILES, isCheckedLockfile, parseLockfile } from "../lockfile/parse.js";
import type { ParsedLockfile } from "../lockfile/types.js";
import type { ContractFile } from "../ports/github.js";
import type { HeadContent } from "../review/excluded-content.js";
import { defined } from "../util/defined.js";
import { describeError } from "../util/describe-error.js";
import { combine, maybe, no, type Result, yes } from "../verdict/four-values.js";
import type { Part } from "../verdict/round-decision.js";

/** Problems of one rule in one lockfile shown one by one; the rest are counted in one more reason. */
const SHOWN_PER_RULE = 3;

export interface LockfilePartInput {
  readonly files: readonly DiffFile[];
  /** Head content, read for these files (head-content.ts). */
  readonly content: ReadonlyMap<string, HeadContent>;
  /** A file at the base commit (the contents API; `git cat-file` in a local review). */
  readonly readBase: (path: string) => Promise<ContractFile>;
  /** The contract's `lockfile.allowed_registries`. */
  readonly allowed: readonly string[];
}

export interface LockfilePartOutcome {
  readonly part: Part;
  readonly checks: readonly LockfileCheck[];
  /** Per checked lockfile, the packages its change adds, changes and removes (for the prompt). */
  readonly changes: ReadonlyMap<string, string>;
}

/** The files the part checks: changed lockfiles the gate reads, not removed (nothing to install). */
export function lockfilesToCheck(files: readonly DiffFile[]): DiffFile[] {
  return files.filter((f) => f.status !== "removed" && isCheckedLockfile(f.path));
}

type Read = { parsed?: ParsedLockfile; problem?: string };

function what(path: string): string {
  return CHECKED_LOCKFILES[path.split("/").pop() ?? ""] ?? "a lockfile";
}

function parse(path: string, text: string, side: "head" | "base"): Read {
  try {
    return { parsed: parseLockfile(path, text) };
  } catch (error) {
    const whose = side === "head" ? path : `the base commit's ${path}`;
    return {
      problem: `${whose} cannot be read as ${what(path)} (${describeError(error)}): it was not checked`,
    };
  }
}

async function readBase(input: LockfilePartInput, file: DiffFile): Promise<Read & { absent?: boolean }> {
  const at = file.previousPath ?? file.path;
  let found: ContractFile;
  try {
    found = await input.readBase(at);
  } catch (error) {
    return {
      problem: `${file.path} was not checked: the base commit's ${at} could not be read (${describeError(error)})`,
    };
  }
  if (found.kind === "missing") return { absent: true };
  if (found.kind === "unreadable") {
    return {
      problem: `${file.path} was not checked: the base commit's ${at} could not be read (${found.message})`,
    };
  }
  return parse(at, found.text, "base");
}

/** One lockfile's problems as reasons: each rule's first few, then a count of the rest. */
function reasons(check: LockfileCheck): { severity: LockfileProblem["severity"]; text: string }[] {
  const byRule = new Map<string, LockfileProblem[]>();
  for (const p of check.problems) byRule.set(p.rule, [...(byRule.get(p.rule) ?? []), p]);
  const out: { severity: LockfileProblem["severity"]; text: string }[] = [];
  for (const [rule, list] of byRule) {
    for (const p of list.slice(0, SHOWN_PER_RULE)) out.push(p);
    const more = list.length - SHOWN_PER_RULE;
    if (more > 0) {
      out.push({
        severity: (list[0] as LockfileProblem).severity,
        text: `${check.path}: ${more} more entr${more === 1 ? "y" : "ies"} with the same problem (${rule})`,
      });
    }
  }
  return out;
}

export async function lockfilePart(input: LockfilePartInput): Promise<LockfilePartOutcome | undefined> {
  const files = lockfilesToCheck(input.files);
  if (files.length === 0) return undefined;
  const results: Result[] = [];
  const checks: LockfileCheck[] = [];
  const changes = new Map<string, string>();
  const lines: string[] = [];
  for (const file of files) {
    const content = input.content.get(file.path);
    if (content === undefined || content.kind === "unavailable") {
      const why = content?.kind === "unavailable" ? content.why : "its content was not read";
      const text = `${file.path} was not checked: its content at the head could not be read (${why})`;
      results.push(maybe(text));
      lines.push(text);
      continue;
    }
    const head = parse(file.path, content.text, "head");
    if (head.parsed === undefined) {
      results.push(maybe(head.problem as string));
      lines.push(head.problem as string);
      continue;
    }
    const base = await readBase(input, file);
    if (base.problem !== undefined) {
      results.push(maybe(base.problem));
      lines.push(base.problem);
      continue;
    }
    const check = checkLockfile({
      path: file.path,
      head: head.parsed,
      ...defined({ base: base.parsed }),
      allowed: input.allowed,
    });
    checks.push(check);
    changes.set(file.path, lockfileChanges(head.parsed, base.parsed));
    for (const r of reasons(check)) results.push(r.severity === "block" ? no(r.text) : maybe(r.text));
    const against = base.absent
      ? "new (checked against the public npm registry)"
      : "checked against the base";
    lines.push(
      check.problems.length === 0
        ? `${file.path}: ${against}, ${check.changed} new or changed entr${check.changed === 1 ? "y" : "ies"}, all from allowed sources`
        : `${file.path}: ${check.problems.length} problem${check.problems.length === 1 ? "" : "s"} in ${check.changed} new or changed entries`,
    );
  }
  const result = results.length > 0 ? combine(...results) : yes();
  return { part: { name: "lockfiles", result, summary: lines.join("; ") }, checks, changes };
}
