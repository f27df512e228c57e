// Builds real directory trees in a temporary directory for the tests: files, directories and symlinks
// (in and out of the tree), so confinement is tested against the file system, not a mock of it.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import type { Contract, ContractInput } from "../../src/criteria/contract-schema.js";
import { parseContract } from "../../src/criteria/load.js";

export type Node = string | Uint8Array | { dir: true } | { symlink: string };

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory (removed after the test) holding `root/` plus whatever `outside` names
 * beside it, so symlinks can point out of the tree at real files. */
export function makeTree(
  nodes: Record<string, Node>,
  outside: Record<string, Node> = {},
): { root: string; base: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), "vg-criteria-"));
  made.push(base);
  const root = path.join(base, "root");
  mkdirSync(root);
  write(root, nodes);
  write(base, outside);
  return { root, base };
}

function write(dir: string, nodes: Record<string, Node>): void {
  for (const [name, node] of Object.entries(nodes)) {
    const full = path.join(dir, name);
    mkdirSync(path.dirname(full), { recursive: true });
    if (typeof node === "string" || node instanceof Uint8Array) writeFileSync(full, node);
    else if ("dir" in node) mkdirSync(full, { recursive: true });
    else symlinkSync(node.symlink, full);
  }
}

/** A contract from its input form, defaults applied as the loader applies them. */
export function contractOf(
  criteria: ContractInput["success_criteria"],
  more: Partial<ContractInput> = {},
): Contract {
  return parseContract(
    { intended_action: "test", success_criteria: criteria, ...more },
    "test-contract.json",
  );
}
