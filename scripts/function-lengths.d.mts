/** One function's length: lines from its first to its last, where it starts (file:line), its name. */
export interface FunctionLength {
  lines: number;
  where: string;
  name: string;
}
/** Every function with a body under `root`, longest first. */
export function functionLengths(root: string): FunctionLength[];
