// An invalid contract, said so that its author can fix it without guessing: the file, the criterion
// (index and id), the field, and what was wrong. The gate turns it into a hold (MAYBE) and the CLI into
// exit 2; it is never read as "no criteria, so nothing failed".

export interface ContractProblem {
  /** Where in the contract: `success_criteria[2] (id "c3")`, `requires[0]`, or `contract`. */
  readonly where: string;
  /** The field at fault (`pattern`, `paths[1]`), when one is. */
  readonly field?: string;
  readonly message: string;
}

export class ContractError extends Error {
  override readonly name = "ContractError";
  constructor(
    /** The file (or other source) the contract came from. */
    readonly source: string,
    readonly problems: readonly ContractProblem[],
  ) {
    super(formatProblems(source, problems));
  }
}

const SHOWN = 20;

function formatProblems(source: string, problems: readonly ContractProblem[]): string {
  const lines = problems
    .slice(0, SHOWN)
    .map((p) => `${source}: ${p.where}${p.field === undefined ? "" : `: field "${p.field}"`}: ${p.message}`);
  if (problems.length > SHOWN) lines.push(`${source}: … and ${problems.length - SHOWN} more problems`);
  return lines.join("\n");
}
