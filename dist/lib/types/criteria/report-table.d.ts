import type { ContractReport } from "./report.js";
export type Tone = "good" | "bad" | "warn" | "dim";
export type Paint = (tone: Tone, text: string) => string;
/** Control characters (from file names in a diff, from a contract) must not reach a terminal: an escape
 * sequence in a path could rewrite what the reader sees, PASS included. */
export declare function printable(text: string): string;
export declare function reportTable(report: ContractReport, paint?: Paint): string;
