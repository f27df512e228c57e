// What one eval result depends on besides its case, written out whole: the settings that change a
// round's judgement (gate/binding.ts's fingerprint: reviewer, model, endpoint, command line, scope,
// task), the ones that change it here too (each reviewer's time limit, retries, reply length and
// concurrency, the round's token ceiling and deadline: a hold on a 1-second timeout is not a 60-second
// run's answer), who was asked as the bound reviewers name themselves, the bytes of each command
// reviewer's program and script (a person iterating on review.sh reads fresh results), and the
// gate's version (a new release may build other prompts). A cached run carries this whole and is read
// back only under the same (workspace/eval-cache.ts): resuming after any change asks again, and an
// entry this configuration did not write is never trusted, whatever its file is named. Pure.
import { settingsFingerprint } from "../gate/binding.js";
import type { Reviewer } from "../ports/reviewer.js";
import type { ReviewerSettings, Settings } from "../settings/settings.js";
import { canonicalJson, canonicalSha256 } from "../util/canonical-json.js";

/** A file a command reviewer runs (its program given by path, or the script its interpreter runs), by
 * the hash of its bytes, or why it could not be read. */
export interface CommandFile {
  readonly file: string;
  readonly sha256?: string;
  readonly unreadable?: string;
}

/** One reviewer as the configuration names it. */
export interface ReviewerInConfiguration {
  /** Its settings (the key is never part of it). */
  readonly settings: ReviewerSettings;
  /** The reviewer made of them: its label and context window. */
  readonly made: Pick<Reviewer, "label" | "contextWindow">;
  /** The files its command runs, hashed (none for an HTTP reviewer). */
  readonly files: readonly CommandFile[];
}

export type Configuration = Readonly<Record<string, unknown>>;

export function evalConfiguration(
  settings: Settings,
  reviewers: readonly ReviewerInConfiguration[],
  version: string,
  dependencies: string,
): Configuration {
  return {
    settings: settingsFingerprint(settings),
    maxRoundTokens: settings.reviewer.maxRoundTokens ?? null,
    roundDeadlineMinutes: settings.roundDeadlineMinutes,
    reviewers: reviewers.map(({ settings: r, made, files }) => ({
      label: made.label,
      contextWindow: made.contextWindow,
      timeoutMs: r.timeoutMs,
      retries: r.retries,
      maxOutputTokens: r.maxOutputTokens,
      concurrency: r.concurrency,
      files: files.map((f) => ({ file: f.file, sha256: f.sha256 ?? null, unreadable: f.unreadable ?? null })),
    })),
    version,
    dependencies,
  };
}

/** What one cached run claims to be: which case (the hash of its bytes), under which configuration,
 * which of its repeats. */
export interface RunClaims {
  readonly case: string;
  readonly configuration: Configuration;
  readonly run: number;
}

/** The name a run is kept under: a hash of its claims. */
export function runKey(claims: RunClaims): string {
  return canonicalSha256(claims);
}

/** Whether two claims are the same, value for value. */
export function sameClaims(a: unknown, b: RunClaims): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
