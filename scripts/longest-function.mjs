// The longest functions in src/, by lines from their first to their last line (scripts/function-lengths.mjs
// measures them). __tests__/sizes.test.ts holds every function in src/gate to at most 60 lines; this
// prints the figures to look at.
//
//   node scripts/longest-function.mjs [DIR] [--top N]
import { functionLengths } from "./function-lengths.mjs";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const root = args.find((a, i) => !a.startsWith("--") && (topAt < 0 || i !== topAt + 1)) ?? "src";

for (const f of functionLengths(root).slice(0, top))
  console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
