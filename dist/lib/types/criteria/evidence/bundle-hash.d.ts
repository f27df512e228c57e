import type { Artifact, EvidenceBundle } from "./bundle.js";
export declare function artifactDigest(artifact: Artifact): string;
export declare function bundleHash(body: Omit<EvidenceBundle, "bundle_hash">): string;
