// A run as the eval cache keeps it, one JSON file per run (the cache directory is the CLI's): read back
// only when it is exactly this shape, so a file cut short by an interruption, or edited, is a miss that
// asks again — never a status made up from half a file. Errors are never cached: a case that could not
// be run is tried again on the next invocation. Pure.
import { z } from "zod";
import type { CaseRun } from "./score.js";

const Count = z.number().int().min(0);

const CachedRunSchema = z.strictObject({
  status: z.enum(["approve", "blocked", "hold-for-human", "conditional-on"]),
  reason: z.string().optional(),
  findings: z.array(z.strictObject({ path: z.string(), line: Count.optional(), endLine: Count.optional() })),
  tokens: z.strictObject({
    in: Count,
    out: Count,
    estimated: z.strictObject({ in: Count, out: Count }),
  }),
  ms: z.number().min(0),
});

/** The JSON text a run is cached as, or undefined for a run that must not be (an error). */
export function cachedRunText(run: CaseRun): string | undefined {
  if (run.status === "error") return undefined;
  const { cached: _cached, ...kept } = run;
  return `${JSON.stringify(kept)}\n`;
}

/** A cached run read back, or undefined when the text is not one. */
export function readCachedRun(text: string): CaseRun | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = CachedRunSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { reason, findings, ...rest } = parsed.data;
  return {
    ...rest,
    ...(reason !== undefined ? { reason } : {}),
    findings: findings.map((f) => ({
      path: f.path,
      ...(f.line !== undefined ? { line: f.line } : {}),
      ...(f.endLine !== undefined ? { endLine: f.endLine } : {}),
    })),
    cached: true,
  };
}
