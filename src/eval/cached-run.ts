// A run as the eval cache keeps it, one JSON file per run (the cache directory is the CLI's): the run
// and the claims it was written under (eval/configuration.ts: the case's hash, the whole
// configuration, the repeat). Read back only when it is exactly this shape and claims exactly what is
// asked for, so a file cut short by an interruption, edited, or written by another configuration (or
// shipped with a set) is a miss that asks again — never a status made up from half a file, nor an
// answer this configuration never gave. Errors are never cached: a case that could not be run is
// tried again on the next invocation. Pure.
import { z } from "zod";
import { type RunClaims, sameClaims } from "./configuration.js";
import type { CaseRun } from "./score.js";

const Count = z.number().int().min(0);

const CachedRunSchema = z.strictObject({
  claims: z.unknown(),
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
export function cachedRunText(claims: RunClaims, run: CaseRun): string | undefined {
  if (run.status === "error") return undefined;
  const { cached: _cached, ...kept } = run;
  return `${JSON.stringify({ claims, ...kept })}\n`;
}

/** A cached run read back, or undefined when the text is not one or claims anything but `claims`. */
export function readCachedRun(text: string, claims: RunClaims): CaseRun | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = CachedRunSchema.safeParse(value);
  if (!parsed.success || !sameClaims(parsed.data.claims, claims)) return undefined;
  const { claims: _claims, reason, findings, ...rest } = parsed.data;
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
