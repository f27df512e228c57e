import { type Result } from "../verdict/four.js";
import type { ContractReport } from "./report.js";
/** The contract part of a round as a four-valued result: PASS → YES, FAIL → NO with one reason per
 * failed criterion, FLAG → MAYBE naming what a person must look at. The verdict is recomputed from the
 * checks and the worse of the two is used, so a report whose verdict says more than its checks can
 * never approve. */
export declare function contractResult(report: ContractReport): Result;
