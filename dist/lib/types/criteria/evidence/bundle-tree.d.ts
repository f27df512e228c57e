import type { Diff } from "../../diff/types.js";
import { type TreeReader } from "../tree.js";
import { type Artifact } from "./bundle.js";
export declare function bundleTree(artifacts: Readonly<Record<string, Artifact>>): TreeReader;
/** The diff as recorded, or undefined when none was (or it did not fit): diff criteria then error. */
export declare function bundleDiff(artifacts: Readonly<Record<string, Artifact>>): Diff | undefined;
