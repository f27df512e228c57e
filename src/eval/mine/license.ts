// A repository's license at a commit, read from its top-level license files and named in SPDX: what
// a case's `source.license` says. A team mining its own code needs none ("NOASSERTION", SPDX's word
// for "not determined"); a set built from other people's repositories keeps only permissive ones.
// Pure, through the History port.
import type { History } from "./history.js";

/** Licenses under which a case may be copied into a published set; an expression is permissive when
 * one of its OR-alternatives is. */
const PERMISSIVE = new Set(["MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC"]);

function classify(text: string): string | undefined {
  if (/Apache License/i.test(text) && /Version 2\.0/.test(text)) return "Apache-2.0";
  if (/Permission is hereby granted, free of charge/i.test(text)) return "MIT";
  if (/Redistribution and use in source and binary forms/i.test(text))
    return /Neither the name|names of (its|the) contributors may be used/i.test(text)
      ? "BSD-3-Clause"
      : "BSD-2-Clause";
  if (/Permission to use, copy, modify,? and\/or distribute this software for any purpose/i.test(text))
    return "ISC";
  if (/This is free and unencumbered software released into the public domain/i.test(text))
    return "Unlicense";
  return undefined;
}

/** The SPDX expression of the license at `rev`, or undefined when no file says one. */
export function licenseAt(history: History, rev: string): string | undefined {
  const names = history
    .topNames(rev)
    .filter((n) => /^(licen[cs]e|copying|unlicense)([.\-_].*)?$/i.test(n))
    .sort();
  const ids: string[] = [];
  for (const name of names) {
    const bytes = history.blob(rev, name);
    const text = bytes === undefined ? "" : new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
    const dual =
      /dual-licensed under the MIT license or the UNLICENSE/i.test(text) ||
      /either of the MIT or Unlicense/i.test(text);
    const id = dual ? "Unlicense OR MIT" : classify(text);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) return undefined;
  if (ids.includes("Unlicense OR MIT")) return "Unlicense OR MIT";
  if (ids.length === 2 && ids.includes("MIT") && ids.includes("Apache-2.0")) return "MIT OR Apache-2.0";
  return ids.length === 1 ? ids[0] : ids.join(" AND ");
}

export function isPermissive(spdx: string | undefined): boolean {
  return (
    spdx
      ?.split(" OR ")
      .some((alt) => alt.split(" AND ").every((id) => PERMISSIVE.has(id.replace(/[()]/g, "")))) === true
  );
}
