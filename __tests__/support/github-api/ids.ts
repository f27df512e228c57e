// Identifiers that look like GitHub's: 40-hex SHAs, numeric ids, and node ids in GitHub's legacy
// `base64("<len>:<Type><id>")` form. Deterministic per fake instance, so a failing test replays.
import { createHash } from "node:crypto";

export function nodeId(type: string, id: number): string {
  return Buffer.from(`${String(type.length).padStart(2, "0")}:${type}${id}`).toString("base64");
}

export function sha1(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
}

/** Git's blob id for some content, as the contents and files APIs report it. */
export function blobSha(content: Uint8Array): string {
  return sha1(`blob ${content.length}\0`, content);
}

/** Hands out ids from separate ranges, so an issue comment id never equals a check run id by accident
 * (a test that mixes them up then fails instead of passing by luck). */
export class IdSource {
  private readonly next = new Map<string, number>();
  private commits = 0;

  constructor(private readonly seed: string) {}

  id(
    kind:
      | "repo"
      | "user"
      | "pull"
      | "check-run"
      | "check-suite"
      | "comment"
      | "label"
      | "status"
      | "event"
      | "reaction"
      | "review"
      | "review-thread"
      | "review-comment"
      | "workflow-run",
  ): number {
    const start = {
      repo: 700_000_001,
      user: 9_000_001,
      pull: 1_800_000_001,
      "check-run": 24_000_000_001,
      "check-suite": 27_000_000_001,
      comment: 2_400_000_001,
      label: 5_600_000_001,
      status: 31_000_000_001,
      event: 12_000_000_001,
      reaction: 330_000_001,
      review: 1_900_000_001,
      "review-thread": 3_100_000_001,
      "review-comment": 2_200_000_001,
      "workflow-run": 9_000_000_001,
    }[kind];
    const value = this.next.get(kind) ?? start;
    this.next.set(kind, value + 1);
    return value;
  }

  commitSha(): string {
    this.commits += 1;
    return sha1(this.seed, ":commit:", String(this.commits));
  }
}
