/** The slow path on its own: what canonicalJson falls back to. Exported so tests can hold the two paths
 * to the same answer. */
export declare function canonicalJsonSlow(value: unknown): string;
export declare function canonicalJson(value: unknown): string;
/** sha256 (hex) of a value's canonical JSON. */
export declare function canonicalSha256(value: unknown): string;
export declare function sha256Hex(bytes: Uint8Array): string;
