// Criteria about what exists at a path: file_exists, file_nonempty, dir_exists, path_absent. Each is a
// fact the tree states outright, so each either passes or fails; only an unanswerable path (an escape,
// a loop) is an error, and that comes from the tree reader as a thrown TreeError.
import type { CheckEvidence } from "../report.js";
import { type Entry, treePath } from "../tree.js";
import { type CriterionCheck, error, fail, pass } from "./outcome.js";

export function foundEvidence(path: string, entry: Entry): CheckEvidence {
  switch (entry.kind) {
    case "file":
      return { path, found: "file", size: entry.size };
    case "dir":
      return { path, found: "dir" };
    case "absent":
      return entry.dangling ? { path, found: "dangling symlink" } : { path, found: "absent" };
    case "other":
      return { path, found: entry.what };
  }
}

/** Why an entry is not a regular file, as the second half of "X is …". */
export function notAFile(entry: Entry): string {
  switch (entry.kind) {
    case "absent":
      return entry.dangling ? "a symlink to nothing" : "absent";
    case "dir":
      return "a directory, not a file";
    case "other":
      return `a ${entry.what}, not a regular file`;
    case "file":
      return "a file";
  }
}

export const fileExists: CriterionCheck<"file_exists"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const entry = await tree.entry(path);
  const evidence = foundEvidence(path, entry);
  if (entry.kind === "file") return pass(`${path} exists (${entry.size} bytes)`, evidence);
  return fail(`${path} is ${notAFile(entry)}`, evidence);
};

export const fileNonempty: CriterionCheck<"file_nonempty"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  const entry = await tree.entry(path);
  const evidence = foundEvidence(path, entry);
  if (entry.kind !== "file") return fail(`${path} is ${notAFile(entry)}`, evidence);
  if (entry.size === 0) return fail(`${path} is empty`, evidence);
  return pass(`${path} has ${entry.size} bytes`, evidence);
};

export const dirExists: CriterionCheck<"dir_exists"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  // `"."` or `"./"` names the tree root, which always exists: a dir_exists that cannot fail checks
  // nothing, so it is an error (the contract names the wrong directory), never a pass.
  if (path === "") {
    return error(
      `${JSON.stringify(criterion.path)} names the tree root, which always exists: name the directory to check`,
      { path: ".", found: "dir" },
    );
  }
  const entry = await tree.entry(path);
  const evidence = foundEvidence(path, entry);
  if (entry.kind !== "dir") {
    return fail(
      `${path || "."} is ${entry.kind === "file" ? "a file, not a directory" : notAFile(entry)}`,
      evidence,
    );
  }
  // The listing is evidence of what the directory held, not part of the criterion: existence is
  // already settled.
  const listing = await tree.list(path);
  return pass(
    `${path || "."} is a directory with ${listing.entries.length}${listing.truncated ? "+" : ""} entries`,
    {
      ...evidence,
      count: listing.entries.length,
      entries: listing.entries.slice(0, 20).map((e) => (e.kind === "dir" ? `${e.name}/` : e.name)),
      ...(listing.truncated ? { truncated: true } : {}),
    },
  );
};

export const pathAbsent: CriterionCheck<"path_absent"> = async (criterion, { tree }) => {
  const path = treePath(criterion.path);
  if (path === "") return fail("the tree root always exists", { path: ".", found: "dir" });
  const entry = await tree.entry(path);
  const evidence = foundEvidence(path, entry);
  if (entry.kind === "absent" && entry.dangling !== true) return pass(`${path} is absent`, evidence);
  const what =
    entry.kind === "absent"
      ? "a symlink (to nothing)"
      : entry.kind === "file"
        ? "a file"
        : entry.kind === "dir"
          ? "a directory"
          : `a ${entry.what}`;
  return fail(`${path} exists: ${what}`, evidence);
};
