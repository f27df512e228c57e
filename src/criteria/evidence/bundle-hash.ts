// The bundle_hash: sha256 over the canonical JSON of the bundle in which each artifact stands for its
// digest, a Merkle step that serialises every artifact once instead of twice. A sealed artifact's
// digest is its own `sha256` (which verify recomputes from its payload); a file artifact's is the
// sha256 of its canonical JSON, content included. A changed byte anywhere changes an artifact's digest
// or the bundle_hash, and collect and verify share this one definition.

import { canonicalSha256 } from "../../util/canonical-json.js";
import type { Artifact, EvidenceBundle } from "./bundle.js";

export function artifactDigest(artifact: Artifact): string {
  return artifact.op === "read" ? canonicalSha256(artifact) : artifact.sha256;
}

export function bundleHash(body: Omit<EvidenceBundle, "bundle_hash">): string {
  // No prototype, so no key (not even "__proto__") can fall out of the hash.
  const digests: Record<string, string> = Object.create(null);
  for (const [key, artifact] of Object.entries(body.artifacts)) digests[key] = artifactDigest(artifact);
  return canonicalSha256({ ...body, artifacts: digests });
}
