export interface RepositoryRef {
    readonly owner: string;
    readonly repo: string;
}
/** "owner/name" → a RepositoryRef, refusing anything else (a path-traversing or empty name would
 * send the request somewhere the contract author did not mean). */
export declare function parseRepository(fullName: string): RepositoryRef;
export declare function fullName(ref: RepositoryRef): string;
