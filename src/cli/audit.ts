// `verdict-gate audit OWNER/REPO#N`: reads a pull request's round history from the gate's comment and
// replays it — every receipt's hash, every link to the previous round, every state transition and the
// finite bound — the way verdict4's controller audits its receipts. Exit 0 when the chain verifies, 3
// when it does not (or cannot be read), 2 for bad arguments or no history to audit, 1 for an internal
// error. Reading is all it does: a token that can read the pull request's comments is enough.
import { isGitHubError } from "../github/errors.js";
import { auditPullRequest, type PullRequestAudit } from "../github/history-audit.js";
import { readTestKnobs } from "../settings/test-knobs.js";
import { EXIT } from "../verdict/four-values.js";
import { isDigest, lastHash, roundReasons } from "../verdict/history.js";
import { appSlugOf, botLogin, DEFAULT_APP_SLUG } from "./app-slug.js";
import { parse } from "./args.js";
import { terminalGitHubMessage } from "./github-failure.js";
import { type CliIO, type Command, UsageError } from "./io.js";
import { painter } from "./paint.js";
import { parsePullRequest } from "./pr.js";

const USAGE = [
  "usage: verdict-gate audit OWNER/REPO#N [--json] [--check-name NAME] [--app-slug SLUG] [--api-url URL]",
  "",
  "  --check-name NAME   the gate's check name, which keys its history comment (default verdict-gate)",
  "  --app-slug SLUG     the app whose history comment (by SLUG[bot]) is the only one trusted",
  `                      (default ${DEFAULT_APP_SLUG}, the workflow token's; as pr --dry-run takes it)`,
  "  --api-url URL       GitHub's REST API (default $GITHUB_API_URL, else https://api.github.com)",
  "  --json              one JSON object instead of the report",
  "  The token comes from GITHUB_TOKEN or GH_TOKEN (read access to the pull request is enough).",
].join("\n");

const OPTIONS = {
  json: { type: "boolean" },
  "check-name": { type: "string" },
  "app-slug": { type: "string" },
  "api-url": { type: "string" },
} as const;

export function auditJson(result: PullRequestAudit): unknown {
  const { report, history } = result;
  return {
    pull_request: `${result.repository}#${result.number}`,
    check: result.checkName,
    author: result.author,
    comment: result.comment,
    impostors: result.impostors,
    valid: report.valid,
    errors: report.errors,
    rounds: report.rounds,
    blocked_rounds: report.blockedRounds,
    max_rounds: report.maxRounds,
    last_hash: history === null ? null : lastHash(history) || null,
    ...(history?.checkpoint !== undefined
      ? {
          checkpoint: {
            folded_rounds: history.checkpoint.round,
            hash: history.checkpoint.hash,
            after: history.checkpoint.after,
            statuses: history.checkpoint.statuses,
            decisions: history.checkpoint.decisions,
          },
        }
      : {}),
    history:
      history?.rounds.map((r, i) => {
        const full = isDigest(r) ? undefined : r;
        const prev = i > 0 ? history.rounds[i - 1]?.receipt.hash : (history.checkpoint?.hash ?? "");
        return {
          round: r.round,
          head: r.head,
          at: r.at,
          status: r.status,
          reasons: roundReasons(history, r),
          needed: full?.needed ?? [],
          ...(isDigest(r) ? { digest: true } : {}),
          ...(r.decidedBy !== undefined ? { decided_by: r.decidedBy } : {}),
          ...(full?.decisionReason !== undefined ? { decision_reason: full.decisionReason } : {}),
          ...(full?.dismissal !== undefined
            ? {
                dismissed: {
                  finding: full.dismissal.text,
                  key: full.dismissal.key,
                  by: full.dismissal.by,
                  reason: full.dismissal.reason,
                  ...(full.dismissal.url !== undefined ? { url: full.dismissal.url } : {}),
                },
              }
            : {}),
          ...(r.exhausted === true ? { exhausted: true } : {}),
          before: r.receipt.before,
          after: r.receipt.after,
          prev: full?.receipt.prev ?? prev,
          hash: r.receipt.hash,
        };
      }) ?? [],
  };
}

/** Control characters from a comment (anyone's words, via the reviewer) never reach the terminal raw. */
function plain(text: string, max = 120): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function auditText(result: PullRequestAudit, io: CliIO): string {
  const paint = painter(io);
  const { report, history } = result;
  const lines = [
    `${result.repository}#${result.number} · check ${plain(result.checkName)} · history by ${plain(result.author)}${result.comment !== null ? ` (comment ${result.comment.id})` : ""}`,
  ];
  if (history !== null && history.rounds.length > 0) {
    lines.push("");
    lines.push("round  commit   status          budget  reasons");
    if (history.checkpoint !== undefined) {
      const cp = history.checkpoint;
      lines.push(
        `1-${String(cp.round).padEnd(4)} folded   checkpoint      ${`${cp.after.blockedRounds}/${cp.after.maxRounds}`.padEnd(7)} ${Object.entries(
          cp.statuses,
        )
          .filter(([, n]) => n > 0)
          .map(([s, n]) => `${n} ${s}`)
          .join(", ")}; the chain continues from ${cp.hash.slice(0, 12)}`,
      );
    }
    for (const r of history.rounds) {
      const budget = `${r.receipt.after.blockedRounds}/${r.receipt.after.maxRounds}`;
      const who = r.decidedBy !== undefined ? `by @${plain(r.decidedBy, 40)}: ` : "";
      const full = isDigest(r) ? undefined : r;
      const reasons = roundReasons(history, r);
      const dismissed =
        full?.dismissal !== undefined
          ? [`dismissed by @${full.dismissal.by}: ${full.dismissal.text} — ${full.dismissal.reason}`]
          : [];
      const why = [
        ...dismissed,
        ...reasons,
        ...(full?.needed ?? []),
        ...(full?.decisionReason !== undefined && reasons.length === 0 ? [full.decisionReason] : []),
      ];
      lines.push(
        `${String(r.round).padEnd(6)} ${r.head.slice(0, 7)}  ${r.status.padEnd(15)} ${budget.padEnd(7)} ${who}${plain(why[0] ?? "—")}${why.length > 1 ? ` (+${why.length - 1})` : ""}`,
      );
    }
  }
  lines.push("");
  if (report.valid) {
    lines.push(
      `${paint("good", "chain valid")}: ${report.rounds} round(s); every hash, link and state transition replays${report.folded > 0 ? ` from the checkpoint after round ${report.folded}` : ""}; ${report.blockedRounds} of ${report.maxRounds} blocked rounds used`,
    );
  } else {
    lines.push(`${paint("bad", "chain INVALID")}: the history cannot be trusted`);
    for (const e of report.errors.slice(0, 50)) lines.push(`  - ${plain(e, 300)}`);
    if (report.errors.length > 50) lines.push(`  - …and ${report.errors.length - 50} more`);
  }
  if (result.impostors > 0) {
    lines.push(
      `${paint("warn", "note")}: ${result.impostors} other comment(s) carry the marker but are not by ${plain(result.author)}: ignored`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export const auditCommand: Command = {
  name: "audit",
  summary: "replay and verify a pull request's round history: hashes, links, budget (0 valid, 3 invalid)",
  usage: USAGE,
  async run(args, io) {
    if (args.some((a) => a === "--author" || a.startsWith("--author=")))
      throw new UsageError(
        "--author is --app-slug now, as `pr` names it: the app whose bot wrote the history (--app-slug my-gate, or my-gate[bot])",
        { brief: true },
      );
    const { values, positionals } = parse(args, OPTIONS, 1);
    const given = positionals[0];
    if (given === undefined) throw new UsageError("missing the pull request (OWNER/REPO#N)");
    const target = parsePullRequest(given);
    const token = (io.env.GITHUB_TOKEN ?? "").trim() || (io.env.GH_TOKEN ?? "").trim();
    if (token === "")
      throw new UsageError("no token: set GITHUB_TOKEN or GH_TOKEN (GH_TOKEN=$(gh auth token) will do)");
    const checkName = (values["check-name"] as string | undefined) ?? "verdict-gate";
    if (checkName.trim() === "" || checkName.length > 100)
      throw new UsageError("--check-name expects a name of 1 to 100 characters");
    const author = botLogin(appSlugOf((values["app-slug"] as string | undefined) ?? DEFAULT_APP_SLUG));
    const apiUrl =
      (values["api-url"] as string | undefined) ?? io.env.GITHUB_API_URL ?? "https://api.github.com";
    if (!/^https?:\/\/[^\s]+$/.test(apiUrl))
      throw new UsageError(`--api-url expects an http(s) URL, got ${JSON.stringify(plain(apiUrl, 200))}`);
    let result: PullRequestAudit;
    try {
      const knobs = readTestKnobs(io.env);
      for (const notice of knobs.notices) io.err(`verdict-gate audit: warning: ${notice}\n`);
      const unit = knobs.timing.backoffUnitMs;
      result = await auditPullRequest({
        ...target,
        token,
        apiUrl,
        checkName,
        author,
        ...(unit !== undefined ? { backoffUnitMs: unit } : {}),
      });
    } catch (error) {
      io.err(`verdict-gate audit: ${terminalGitHubMessage(error, apiUrl)}\n`);
      // A token, repository or number GitHub does not accept is the user's to fix; anything else
      // (GitHub down, a malformed answer) is not a verdict on the chain either way.
      if (isGitHubError(error) && ["unauthorized", "not-found", "forbidden"].includes(error.kind))
        return EXIT.usage;
      return EXIT.internal;
    }
    if (values.json === true) io.out(`${JSON.stringify(auditJson(result), null, 2)}\n`);
    else io.out(auditText(result, io));
    if (result.comment === null) {
      io.err(
        `verdict-gate audit: ${result.report.errors[0]}; check the pull request, --check-name and --app-slug\n`,
      );
      return EXIT.usage;
    }
    return result.report.valid ? EXIT.approve : EXIT.blocked;
  },
};
