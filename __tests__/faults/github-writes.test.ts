// The fault matrix, GitHub writes: every fault in every write a round makes (see matrix.ts), on every
// attempt; then every fault on the first attempt only of the round's first read and of its check-run
// writes, which the bounded retries may absorb (and an approve that follows must be honest).
import { afterAll, beforeAll, describe, it } from "vitest";
import { baselineCell, type CellResult, GITHUB_FAULTS, githubCell, POINTS, printMatrix } from "./matrix.js";
import { inWorld, warmUp } from "./support.js";

// The first in-process round of a worker loads and compiles what every cell uses (support.ts).
beforeAll(warmUp);

const WRITES = POINTS.filter((p) => !p.route.startsWith("GET "));
const TRANSIENT = POINTS.filter((p) =>
  ["GET pull request", "POST check run", "PATCH check run"].includes(p.name),
);
const rows: CellResult[] = [];
const transient: CellResult[] = [];
afterAll(() => {
  printMatrix("GitHub writes, every attempt faulted", rows);
  printMatrix("GitHub, first attempt faulted (retries may absorb)", transient);
});

describe.concurrent.each(WRITES)("$name", (point) => {
  it("approves without a fault (the baseline)", async () => {
    rows.push(await baselineCell(point, inWorld));
  });
  it.each(GITHUB_FAULTS)("$name on every attempt never passes", async (fault) => {
    rows.push(await githubCell(point, fault, "every attempt", inWorld));
  });
});

describe.concurrent.each(TRANSIENT)("$name, first attempt only", (point) => {
  it.each(GITHUB_FAULTS)("$name is absorbed honestly or fails closed", async (fault) => {
    transient.push(await githubCell(point, fault, "first attempt", inWorld));
  });
});
