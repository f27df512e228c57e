import { RE2JS } from "re2js";
export declare const GLOB_MAX_LENGTH = 1024;
export interface CompiledGlob {
    readonly source: string;
    readonly negated: boolean;
    readonly re: RE2JS;
}
/** Compiles one glob (a leading `!` marks an exclusion) or throws an Error naming the problem. */
export declare function compileGlob(source: string): CompiledGlob;
export declare function globProblem(source: string): string | undefined;
/** A compiled list of globs: a path is selected when it matches some inclusion (or the list has none)
 * and no exclusion. */
export interface PathSelector {
    readonly globs: readonly string[];
    selects(path: string): boolean;
}
export declare function pathSelector(globs: readonly string[]): PathSelector;
