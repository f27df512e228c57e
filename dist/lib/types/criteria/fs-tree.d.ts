import { type TreeReader } from "./tree.js";
/** Opens the tree at `root` (which must be a directory). Its real path is the boundary: the checkout
 * may itself sit behind a symlink, but nothing may resolve outside what that symlink points to. */
export declare function openTree(root: string, options?: {
    readCapBytes?: number;
}): TreeReader;
