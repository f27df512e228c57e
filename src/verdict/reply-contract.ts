// Placeholder: the reply contract lands here (PROMPT_RULE, findVerdict, verdictLine, exitCode).
export const PROMPT_RULE =
  "CRITICAL OUTPUT CONTRACT: the VERY LAST line of your reply must be exactly\n  ===VERDICT=== <value>\n";
export type ReplyVerdict = "APPROVE" | "REQUEST_CHANGES" | "AMBIGUOUS";
export function findVerdict(_text: string): ReplyVerdict | null {
  return "AMBIGUOUS";
}
