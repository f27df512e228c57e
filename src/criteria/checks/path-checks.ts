// Criteria about what exists at a path: file_exists, file_nonempty, dir_exists, path_absent. Each is a
// fact the tree states outright, so each either passes or fails; only an unanswerable path (an escape,
// a loop) is an error, and that comes from the tree reader as a thrown TreeError.

import { type Entry, treePath } from "../../ports/tree.js";
import type { CheckEvidence } from "../report.js";
import { type CriterionCheck, error, fail, pass } from "./outcome.js";

export function foundEvidence(path: string, entry: Entry): CheckEvidence {
  // How the tree spells a name found in another Unicode form, and a case-twin of an absent one: both
  // are facts a reader needs to see why a criterion said what it said.
  const spelled = entry.kind !== "absent" && entry.spelled !== undefined ? { spelled: entry.spelled } : {};
  switch (entry.kind) {
    case "file":
      return { path, found: "file", size: entry.size, ...spelled };
    case "dir":
      return { path, found: "dir", ...spelled };
    case "absent":
      if (entry.dangling) return { path, found: "dangling symlink" };
      return entry.caseTwin === undefined
        ? { path, found: "absent" }
        : { path, found: "absent", case_twin: entry.caseTwin };
    case "other":
      return { path, found: entry.what, ...spelled };
  }
}

/** Why an entry is not a regular file, as the second half of "X is …". */
export function notAFile(entry: Entry): string {
  switch (entry.kind) {
    case "absent":
      if (entry.dangling) return "a symlink to nothing";
      return entry.caseTwin === undefined
        ? "absent"
        : `absent (${entry.caseTwin} differs only in case; names are case-sensitive)`;
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
  if (entry.kind === "absent" && entry.caseTwin !== undefined) {
    // Case-sensitive everywhere else, but not here: checked out on macOS or Windows, the twin is the
    // path the contract forbids.
    return fail(
      `${path} is absent as written, but ${entry.caseTwin} exists, which a case-insensitive file system (macOS, Windows) opens as ${path}`,
      evidence,
    );
  }
  if (entry.kind === "absent" && entry.dangling !== true) return pass(`${path} is absent`, evidence);
  const spelled =
    entry.kind !== "absent" && entry.spelled !== undefined
      ? ` (spelled ${JSON.stringify(entry.spelled)} in the tree: the same name in another Unicode form)`
      : "";
  const what =
    entry.kind === "absent"
      ? "a symlink (to nothing)"
      : entry.kind === "file"
        ? "a file"
        : entry.kind === "dir"
          ? "a directory"
          : `a ${entry.what}`;
  return fail(`${path} exists: ${what}${spelled}`, evidence);
};
