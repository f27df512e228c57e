// The external id the gate gives its check runs, and reads back: what the run remembers for later
// rounds, since GitHub keeps it with the run and lists it with the commit's runs.
//   verdict-gate:pr:7            the pull request the round was for (other pull requests at the same
//                                commit find this one's verdicts through it: shared-verdict.ts)
//   …:h:123456                   the id of the pull request's history comment, so a later round on the
//                                head fetches it by id instead of paging through every comment
//   …:n:k3j9x2                   this creation's own mark: after a create GitHub answered with an error
//                                (which may have taken effect), the round looks for the mark before it
//                                creates again, so a retried create never leaves a second run
// Earlier releases wrote `verdict-gate:pr:7` alone, which still reads.

export interface GateRunId {
  readonly pr?: number;
  readonly history?: number;
  readonly nonce?: string;
}

const FORM = /^verdict-gate((?::(?:pr|h|n):[0-9a-z]{1,40})*)$/;

export function externalIdOf(id: GateRunId): string {
  return [
    "verdict-gate",
    ...(id.pr !== undefined ? [`pr:${id.pr}`] : []),
    ...(id.history !== undefined ? [`h:${id.history}`] : []),
    ...(id.nonce !== undefined ? [`n:${id.nonce}`] : []),
  ].join(":");
}

/** What a run's external id says, or null when it is not one of the gate's. */
export function parseExternalId(text: string | null): GateRunId | null {
  if (text === null) return null;
  const m = FORM.exec(text);
  if (m === null) return null;
  const parts = (m[1] ?? "").split(":").slice(1);
  const found: { pr?: number; history?: number; nonce?: string } = {};
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [key, value] = [parts[i] as string, parts[i + 1] as string];
    if (key === "pr" && /^[1-9]\d{0,9}$/.test(value)) found.pr = Number(value);
    else if (key === "h" && /^[1-9]\d{0,15}$/.test(value)) found.history = Number(value);
    else if (key === "n") found.nonce = value;
    else return null;
  }
  return found;
}
