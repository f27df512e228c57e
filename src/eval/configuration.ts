// What one eval result depends on besides its case, written out whole: every setting (not only those
// the settings fingerprint judges by: a reviewer's time limit, retries and reply length, the round's
// token ceiling and deadline change a result here too — a hold on a 1-second timeout is not a 60-second
// run's answer — and a setting added later is in without an edit), who was asked as the bound
// reviewers name themselves, the bytes of each command reviewer's program and script (a person
// iterating on review.sh reads fresh results), and the gate's version (a new release may build other
// prompts). Credentials are never part of it: it is written into every cached run. A cached run is read
// back only under the same configuration (workspace/eval-cache.ts): resuming after any change asks
// again, and an entry this configuration did not write is never trusted, whatever its file is named.
// Pure.
import type { Reviewer } from "../ports/reviewer.js";
import type { RoundSettings } from "../settings/settings.js";
import { canonicalJson, canonicalSha256 } from "../util/canonical-json.js";

/** A file a command reviewer runs (its program given by path, or the script its interpreter runs), by
 * the hash of its bytes, or why it could not be read. */
export interface CommandFile {
  readonly file: string;
  readonly sha256?: string;
  readonly unreadable?: string;
}

/** One reviewer as the configuration names it: as made (its label and context window), and the files
 * its command runs, hashed (none for an HTTP reviewer). */
export interface ReviewerInConfiguration {
  readonly made: Pick<Reviewer, "label" | "contextWindow">;
  readonly files: readonly CommandFile[];
}

export type Configuration = Readonly<Record<string, unknown>>;

/** The settings as the cache may keep them: without the reviewers' keys. */
function withoutCredentials(settings: RoundSettings): RoundSettings {
  const { members } = settings.reviewers;
  return {
    ...settings,
    reviewers: { ...settings.reviewers, members: members.map((m) => ({ ...m, apiKey: "" })) },
  };
}

export function evalConfiguration(
  settings: RoundSettings,
  reviewers: readonly ReviewerInConfiguration[],
  version: string,
  dependencies: string,
): Configuration {
  return {
    settings: withoutCredentials(settings),
    reviewers: reviewers.map(({ made, files }) => ({
      label: made.label,
      contextWindow: made.contextWindow,
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
