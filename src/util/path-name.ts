// When two spellings of a path are one name. Names are never rewritten (a file's name is exactly what
// git and the file system say it is); these keys are only for comparing a name from one source (the
// contract, a diff, the tree, an input) with a name from another. Pure.
//
// Unicode form never tells names apart. `config/café.yml` can be spelled with a precomposed é (NFC,
// what most keyboards type) or as e + U+0301 (NFD, what macOS's HFS+ wrote and what some tools
// commit); macOS opens either spelling as the same file. Compared byte for byte, `path_absent
// "config/café.yml"` passed while the tree held the NFD spelling, and a diff criterion's `paths` skipped
// an NFD-named file. So every comparison is made in NFC.
//
// Case does tell names apart (git, Linux runners, CODEOWNERS and globs are case-sensitive), with one
// exception: a path a contract says must be absent is also absent only if no case-twin exists, because
// on a case-insensitive file system (macOS and Windows by default) `Secrets.env` opens as
// `secrets.env`. foldKey is that over-inclusive comparison: a false twin costs a rename, a missed one
// ships the file the contract forbids.

/** The key two names are equal under: their NFC forms. */
export function nameKey(name: string): string {
  return name.normalize("NFC");
}

/** The key two names are case-twins under: NFC, then upper- and lower-cased (so `ß` meets `SS` and the
 * Kelvin sign meets `k`), then NFC again. Broader than any one file system's folding, on purpose. */
export function foldKey(name: string): string {
  return name.normalize("NFC").toUpperCase().toLowerCase().normalize("NFC");
}
