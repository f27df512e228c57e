// The fault matrix, GitHub reads: every fault in every read a round makes (see matrix.ts). Each cell
// is one run of the action (the bundle, as a process, for GET pull request); the table is printed when
// the file ends.
import { afterAll, beforeAll, describe, it } from "vitest";
import { baselineCell, type CellResult, GITHUB_FAULTS, githubCell, POINTS, printMatrix } from "./matrix.js";
import { inWorld, warmUp } from "./support.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

const READS = POINTS.filter((p) => p.route.startsWith("GET "));
const rows: CellResult[] = [];
afterAll(() => {
  printMatrix("GitHub reads, every attempt faulted", rows);
});

describe.concurrent.each(READS)("$name", (point) => {
  it("approves without a fault (the baseline)", async () => {
    rows.push(await baselineCell(point, inWorld));
  });
  it.each(GITHUB_FAULTS)("$name on every attempt never passes", async (fault) => {
    rows.push(await githubCell(point, fault, "every attempt", inWorld));
  });
});
