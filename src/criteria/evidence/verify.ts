// Verifying a bundle without the tree: recompute every hash (each file's content, each artifact, the
// bundle's), then re-run the contract's criteria against the bundle alone. A verdict the recorded
// answers do not support is not repeated, and the result is never better than either the recorded or
// the re-run verdict.
//
// Recomputing hashes only proves the bundle agrees with itself: whoever edits it can recompute them
// too. A changed byte is found only against a bundle_hash recorded elsewhere when the bundle was
// collected (`expectedBundleHash`); without one, an intact bundle is self-consistent, nothing more,
// and `hashPinned` says so.

import { canonicalSha256, sha256Hex } from "../../util/canonical-json.js";
import { isContractVerdict } from "../../verdict/vocabulary.js";
import { checkContract } from "../engine.js";
import { parseContract } from "../load.js";
import type { ContractReport, ContractVerdict } from "../report.js";
import { worseVerdict } from "../rubric.js";
import { type Artifact, BundleShape, EVIDENCE_FORMAT, type EvidenceBundle } from "./bundle.js";
import { bundleHash } from "./bundle-hash.js";
import { bundleDiff, bundleTree } from "./bundle-tree.js";

export interface VerifyOptions {
  /** The bundle_hash recorded when the bundle was collected (lower-case hex). Given, a bundle that
   * hashes to anything else is not intact. */
  readonly expectedBundleHash?: string;
}

export interface EvidenceVerification {
  /** Every hash matched (the pinned bundle_hash too, when one was given) and the bundle has the
   * expected shape. */
  readonly intact: boolean;
  /** Whether the bundle was compared with a bundle_hash recorded elsewhere. Without that, an intact
   * bundle is only self-consistent: anyone who edits it can recompute its hashes. */
  readonly hashPinned: boolean;
  /** What was wrong with the bundle (tampering, a malformed part). Empty when intact. */
  readonly problems: readonly string[];
  /** FAIL when not intact; otherwise the worse of the recorded and the re-run verdict. */
  readonly verdict: ContractVerdict;
  readonly reason: string;
  /** The report the bundle carries, as recorded against the tree. */
  readonly recorded?: ContractReport;
  /** The report re-run against the bundle alone. */
  readonly report?: ContractReport;
  /** Criteria whose re-run status differs from the recorded one (e.g. decided by bytes the bundle did
   * not keep). */
  readonly differences: readonly string[];
}

function artifactProblems(key: string, artifact: Artifact): string[] {
  if (artifact.op === "read") {
    const bytes = Buffer.from(artifact.content, "base64");
    const problems: string[] = [];
    if (bytes.toString("base64") !== artifact.content)
      problems.push(`${key}: content is not canonical base64`);
    if (bytes.length !== artifact.content_bytes) {
      problems.push(
        `${key}: content holds ${bytes.length} bytes, the artifact says ${artifact.content_bytes}`,
      );
    }
    const contentSha = sha256Hex(bytes);
    if (contentSha !== artifact.content_sha256)
      problems.push(`${key}: content does not match content_sha256`);
    if (artifact.content_bytes === artifact.bytes_read && contentSha !== artifact.sha256) {
      problems.push(`${key}: content does not match sha256`);
    }
    if (artifact.content_bytes > artifact.bytes_read || artifact.bytes_read > artifact.size) {
      problems.push(
        `${key}: sizes are inconsistent (content ${artifact.content_bytes}, read ${artifact.bytes_read}, file ${artifact.size})`,
      );
    }
    if (artifact.truncated !== artifact.content_bytes < artifact.size) {
      problems.push(
        `${key}: truncated is ${artifact.truncated} but ${artifact.content_bytes} of ${artifact.size} bytes are kept`,
      );
    }
    return problems;
  }
  const { sha256, ...payload } = artifact;
  return canonicalSha256(payload) === sha256 ? [] : [`${key}: does not match its sha256`];
}

function keyProblems(key: string, artifact: Artifact): string[] {
  if (artifact.op === "diff") return key === "diff" ? [] : [`${key}: a diff artifact under the wrong key`];
  const op = artifact.op === "error" ? artifact.of : artifact.op;
  const table = "table" in artifact && artifact.table !== undefined ? `#${artifact.table}` : "";
  const expected = `${op}:${artifact.path}${table}`;
  return key === expected ? [] : [`${key}: filed under the wrong key (its content says ${expected})`];
}

function flagged(problems: string[], hashPinned: boolean): EvidenceVerification {
  return {
    intact: false,
    hashPinned,
    problems,
    verdict: "FAIL",
    reason: `the evidence bundle cannot be trusted: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? `; and ${problems.length - 3} more` : ""}`,
    differences: [],
  };
}

/** Verifies a bundle read from JSON (any value: a bundle from elsewhere is untrusted input). */
export async function verifyEvidence(
  input: unknown,
  options: VerifyOptions = {},
): Promise<EvidenceVerification> {
  const expected = options.expectedBundleHash;
  const hashPinned = expected !== undefined;
  const format = (input as { format?: unknown } | null)?.format;
  if (format !== EVIDENCE_FORMAT) {
    return flagged(
      [`not a verdict-gate evidence bundle (format ${JSON.stringify(format)}, expected ${EVIDENCE_FORMAT})`],
      hashPinned,
    );
  }
  const shaped = BundleShape.safeParse(input);
  if (!shaped.success) {
    return flagged(
      shaped.error.issues
        .slice(0, 10)
        .map((i) => `malformed bundle at ${i.path.map(String).join(".") || "top level"}: ${i.message}`),
      hashPinned,
    );
  }
  const bundle = shaped.data;
  const problems: string[] = [];
  const { bundle_hash, ...body } = bundle;
  const computed = bundleHash(body as Omit<EvidenceBundle, "bundle_hash">);
  if (computed !== bundle_hash) {
    problems.push("bundle_hash does not match the bundle's content");
  }
  if (expected !== undefined && computed !== expected) {
    problems.push(
      `the bundle hashes to ${computed}, not to ${expected}, the bundle_hash recorded when it was collected`,
    );
  }
  for (const [key, artifact] of Object.entries(bundle.artifacts)) {
    problems.push(...keyProblems(key, artifact), ...artifactProblems(key, artifact));
  }
  let contract: ReturnType<typeof parseContract> | undefined;
  try {
    contract = parseContract(bundle.contract, "evidence bundle contract");
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length > 0 || contract === undefined) return flagged(problems, hashPinned);

  const recorded = bundle.report as unknown as ContractReport;
  const report = await checkContract(contract, {
    tree: bundleTree(bundle.artifacts),
    diff: bundleDiff(bundle.artifacts),
  });
  const recordedChecks = new Map(
    (Array.isArray(recorded?.checks) ? recorded.checks : []).map((c) => [c.id, c.status]),
  );
  const differences = report.checks
    .filter((c) => recordedChecks.get(c.id) !== c.status)
    .map(
      (c) => `${c.id}: recorded ${recordedChecks.get(c.id) ?? "nothing"}, re-run ${c.status} (${c.reason})`,
    );
  const recordedVerdict: ContractVerdict = isContractVerdict(recorded?.verdict) ? recorded.verdict : "FAIL";
  const verdict = worseVerdict(recordedVerdict, report.verdict);
  const reason =
    verdict === report.verdict
      ? report.reason
      : `the bundle records ${recordedVerdict} (${String(recorded?.reason)}); re-run on the bundle alone: ${report.verdict}`;
  return { intact: true, hashPinned, problems: [], verdict, reason, recorded, report, differences };
}
