// The lockfile check, one attack per test, each written first as the change a PR would make to a real
// lockfile sample (data/), then the legitimate change that must still pass.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLockfile, type LockfileCheck, lockfileChanges } from "../../src/lockfile/check.js";
import { parseLockfile } from "../../src/lockfile/parse.js";

const data = (name: string) => readFileSync(path.join(import.meta.dirname, "data", name), "utf8");

function check(file: string, base: string | undefined, head: string, allowed?: string[]): LockfileCheck {
  return checkLockfile({
    path: file,
    head: parseLockfile(file, head),
    ...(base !== undefined ? { base: parseLockfile(file, base) } : {}),
    ...(allowed !== undefined ? { allowed } : {}),
  });
}

const rules = (c: LockfileCheck) => c.problems.map((p) => `${p.severity} ${p.rule}`);

const NPM = data("npm-v3.package-lock.json");
const LODASH_URL = "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz";
const LODASH_SHA512 =
  "sha512-MH93Wm7R3U7jSJ/8hQmRR4eAW6CZ1vyi3tn3nhjDdQrx8G5dXLmpUte6ITcewxiwATgcMfBiVj+I5D6zhdC0dA==";
const OTHER_SHA512 = `sha512-${Buffer.alloc(64, 7).toString("base64")}`;

describe("npm: where the code comes from", () => {
  it("passes an unchanged lockfile, judging nothing", () => {
    const c = check("package-lock.json", NPM, NPM);
    expect(c).toMatchObject({ changed: 0, problems: [] });
  });

  it("passes a version bump on the same registry, with its new hash", () => {
    const base = NPM.replace(LODASH_URL, "https://registry.npmjs.org/lodash/-/lodash-4.17.20.tgz")
      .replace('"version": "4.17.21"', '"version": "4.17.20"')
      .replace(LODASH_SHA512, OTHER_SHA512);
    const c = check("package-lock.json", base, NPM);
    expect(c.changed).toBe(1);
    expect(c.problems).toEqual([]);
  });

  it("blocks a dependency re-pointed at another host's tarball, naming file, package and URL", () => {
    const head = NPM.replace(LODASH_URL, "https://npm.evil.example/lodash/-/lodash-4.17.21.tgz");
    const c = check("package-lock.json", NPM, head);
    expect(rules(c)).toEqual(["block registry"]);
    expect(c.problems[0]?.text).toMatch(
      /^package-lock\.json: lodash@4\.17\.21 resolves to https:\/\/npm\.evil\.example\/lodash\/-\/lodash-4\.17\.21\.tgz, on https:\/\/npm\.evil\.example, which is not one of the base lockfile's registries \(https:\/\/registry\.npmjs\.org\)/,
    );
  });

  it("blocks plain http for a registry the base reaches over https", () => {
    const head = NPM.replace(LODASH_URL, LODASH_URL.replace("https:", "http:"));
    expect(rules(check("package-lock.json", NPM, head))).toEqual(["block registry"]);
  });

  it("blocks a package resolved to another package's tarball on the same registry", () => {
    const head = NPM.replace(
      LODASH_URL,
      "https://registry.npmjs.org/lodash-utils-evil/-/lodash-utils-evil-4.17.22.tgz",
    )
      .replace('"version": "4.17.21"', '"version": "4.17.22"')
      .replace(LODASH_SHA512, OTHER_SHA512);
    const c = check("package-lock.json", NPM, head);
    expect(rules(c)).toEqual(["block other-package"]);
    expect(c.problems[0]?.text).toMatch(
      /lodash@4\.17\.22 resolves to .*the tarball of another package \(lodash-utils-evil\)/,
    );
  });

  it("blocks a tarball of another version than the entry says", () => {
    const head = NPM.replace(LODASH_URL, "https://registry.npmjs.org/lodash/-/lodash-4.17.11.tgz");
    expect(rules(check("package-lock.json", NPM, head))).toEqual(["block other-package"]);
  });

  it("accepts an alias's tarball under its real name", () => {
    // string-width-cjs installs string-width: the URL names the real package, and that is right.
    const base = NPM.replace(/"node_modules\/string-width-cjs": \{[^}]*\{[^}]*\}\s*\},?/s, "");
    expect(check("package-lock.json", base, NPM)).toMatchObject({ changed: 1, problems: [] });
  });

  it("blocks a git dependency, or any tarball URL, unless the contract allows its prefix", () => {
    const git = NPM.replace(
      LODASH_URL,
      "git+ssh://git@github.com/lodash/lodash.git#0123456789abcdef0123456789abcdef01234567",
    );
    expect(rules(check("package-lock.json", NPM, git))).toEqual(["block git"]);
    expect(rules(check("package-lock.json", NPM, git, ["ssh://git@github.com/lodash/"]))).toEqual([]);
    const tag = git.replace("#0123456789abcdef0123456789abcdef01234567", "#v4.17.21");
    expect(rules(check("package-lock.json", NPM, tag, ["ssh://git@github.com/lodash/"]))).toEqual([
      "block unpinned-git",
    ]);
    const codeload = NPM.replace(LODASH_URL, "https://codeload.github.com/lodash/lodash/tar.gz/4.17.21");
    expect(rules(check("package-lock.json", NPM, codeload))).toEqual(["block tarball"]);
    expect(rules(check("package-lock.json", NPM, codeload, ["https://codeload.github.com/lodash"]))).toEqual(
      [],
    );
    // A prefix is matched at a path boundary, never as a string prefix of the host.
    expect(rules(check("package-lock.json", NPM, codeload, ["https://codeload.github.co"]))).toEqual([
      "block tarball",
    ]);
  });

  it("blocks a link or file dependency that leaves the repository, not one inside it", () => {
    const outside = NPM.replace('"resolved": "packages/util"', '"resolved": "../../home/evil"');
    const c = check("package-lock.json", NPM, outside);
    expect(rules(c)).toEqual(["block outside"]);
    expect(c.problems[0]?.text).toMatch(
      /@demo\/util comes from link:\.\.\/\.\.\/home\/evil, outside the repository/,
    );
    const inside = NPM.replace('"resolved": "packages/util"', '"resolved": "packages/util2"');
    expect(rules(check("package-lock.json", NPM, inside))).toEqual([]);
    // A lockfile in a sub-directory may reach a sibling, not past the root.
    const sub = NPM.replace('"resolved": "packages/util"', '"resolved": "../shared"');
    expect(rules(check("web/package-lock.json", NPM, sub))).toEqual([]);
    expect(rules(check("package-lock.json", NPM, sub))).toEqual(["block outside"]);
  });

  it("blocks the v1 tree of a v2 lockfile re-pointed while its packages tree looks clean", () => {
    const v2 = data("npm-v2.package-lock.json");
    const at = v2.lastIndexOf(LODASH_URL);
    const head = `${v2.slice(0, at)}https://npm.evil.example/lodash/-/lodash-4.17.21.tgz${v2.slice(at + LODASH_URL.length)}`;
    expect(rules(check("package-lock.json", v2, head))).toEqual(["block registry"]);
  });

  it("blocks dependency confusion: a private registry's package now resolved from the public one", () => {
    const corp = NPM.replaceAll("https://registry.npmjs.org/", "https://npm.corp.example/api/npm/remote/");
    const head = corp.replace(
      "https://npm.corp.example/api/npm/remote/lodash/-/lodash-4.17.21.tgz",
      LODASH_URL,
    );
    expect(rules(check("package-lock.json", corp, head))).toEqual(["block registry"]);
    expect(rules(check("package-lock.json", corp, corp))).toEqual([]);
  });

  it("takes the public npm registry as the baseline for a new lockfile, plus the contract's list", () => {
    expect(check("package-lock.json", undefined, NPM).problems).toEqual([]);
    const corp = NPM.replace(LODASH_URL, "https://npm.corp.example/lodash/-/lodash-4.17.21.tgz");
    expect(rules(check("package-lock.json", undefined, corp))).toEqual(["block registry"]);
    expect(rules(check("package-lock.json", undefined, corp, ["https://npm.corp.example/"]))).toEqual([]);
  });
});

describe("npm: what pins the bytes", () => {
  it("blocks a changed integrity for an unchanged version, naming what changed", () => {
    const head = NPM.replace(LODASH_SHA512, OTHER_SHA512);
    const c = check("package-lock.json", NPM, head);
    expect(rules(c)).toEqual(["block integrity-changed"]);
    expect(c.problems[0]?.text).toMatch(
      /^package-lock\.json: lodash@4\.17\.21 changed its integrity \(sha512 307f775a6ed1… → 070707070707…\) while its version did not/,
    );
  });

  it("blocks a registry entry without an integrity", () => {
    const head = NPM.replace(`,\n      "integrity": "${LODASH_SHA512}"`, "");
    expect(rules(check("package-lock.json", NPM, head))).toEqual(["block no-integrity"]);
  });

  it("holds when the hashes cannot be compared (sha1 at the base, sha512 at the head)", () => {
    const v1 = data("npm-v1.package-lock.json");
    const head = v1.replace("sha1-QXCBC941kIyJbgQKFThXxMKqGsI=", OTHER_SHA512);
    const c = check("package-lock.json", v1, head);
    expect(rules(c)).toEqual(["hold integrity-incomparable"]);
  });

  it("passes the same bytes re-hashed with a stronger algorithm alongside the old one", () => {
    const v1 = data("npm-v1.package-lock.json");
    const head = v1.replace(
      "sha1-QXCBC941kIyJbgQKFThXxMKqGsI=",
      `sha1-QXCBC941kIyJbgQKFThXxMKqGsI= ${OTHER_SHA512}`,
    );
    expect(rules(check("package-lock.json", v1, head))).toEqual([]);
  });
});

describe("pnpm", () => {
  const PNPM = data("pnpm-v9.pnpm-lock.yaml");
  const LODASH = `resolution: {integrity: ${LODASH_SHA512}}`;

  it("passes an unchanged lockfile and one that only adds a registry package", () => {
    expect(check("pnpm-lock.yaml", PNPM, PNPM).problems).toEqual([]);
    const added = PNPM.replace(
      "\nsnapshots:",
      `  is-odd@3.0.1:\n    resolution: {integrity: ${OTHER_SHA512}}\n\nsnapshots:`,
    );
    expect(check("pnpm-lock.yaml", PNPM, added)).toMatchObject({ changed: 1, problems: [] });
  });

  it("blocks a package given a tarball on another host, and a changed integrity", () => {
    const tarball = PNPM.replace(
      LODASH,
      `resolution: {integrity: ${LODASH_SHA512}, tarball: https://npm.evil.example/lodash/-/lodash-4.17.21.tgz}`,
    );
    expect(rules(check("pnpm-lock.yaml", PNPM, tarball))).toEqual(["block registry"]);
    const rehashed = PNPM.replace(LODASH, `resolution: {integrity: ${OTHER_SHA512}}`);
    expect(rules(check("pnpm-lock.yaml", PNPM, rehashed))).toEqual(["block integrity-changed"]);
  });

  it("blocks a workspace link out of the repository", () => {
    const head = PNPM.replace("version: link:packages/util", "version: link:../../etc");
    expect(rules(check("pnpm-lock.yaml", PNPM, head))).toEqual(["block outside"]);
  });
});

describe("yarn", () => {
  const CLASSIC = data("yarn-classic.yarn.lock");
  const BERRY = data("yarn-berry.yarn.lock");

  it("Yarn 1: blocks a resolved URL on another host and a changed integrity", () => {
    const head = CLASSIC.replace(
      "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz",
      "https://yarn.evil.example/lodash/-/lodash-4.17.21.tgz",
    );
    expect(rules(check("yarn.lock", CLASSIC, head))).toEqual(["block registry"]);
    const rehashed = CLASSIC.replace(`integrity ${LODASH_SHA512}`, `integrity ${OTHER_SHA512}`);
    expect(rules(check("yarn.lock", CLASSIC, rehashed))).toEqual(["block integrity-changed"]);
  });

  it("Yarn 1: takes registry.npmjs.org and registry.yarnpkg.com for the same registry", () => {
    const head = CLASSIC.replace(
      "https://registry.yarnpkg.com/lodash/",
      "https://registry.npmjs.org/lodash/",
    );
    expect(rules(check("yarn.lock", CLASSIC, head))).toEqual([]);
  });

  it("Yarn 2+: blocks an archive URL on another host and a changed checksum", () => {
    const head = BERRY.replace(
      'resolution: "lodash@npm:4.17.21"',
      'resolution: "lodash@npm:4.17.21::__archiveUrl=https%3A%2F%2Fevil.example%2Flodash%2F-%2Flodash-4.17.21.tgz"',
    );
    expect(rules(check("yarn.lock", BERRY, head))).toEqual(["block registry"]);
    const rehashed = BERRY.replace("10c0/307f775a", "10c0/407f775a");
    expect(rules(check("yarn.lock", BERRY, rehashed))).toEqual(["block integrity-changed"]);
  });

  it("Yarn 2+: holds when the cache key changed, since no checksum can be compared", () => {
    const head = BERRY.replace("cacheKey: 10c0", "cacheKey: 11").replaceAll(
      "checksum: 10c0/",
      "checksum: 11/",
    );
    const c = check("yarn.lock", BERRY, head);
    expect(new Set(rules(c))).toEqual(new Set(["hold integrity-incomparable"]));
    expect(c.problems.map((p) => p.text)).toContain(
      "yarn.lock: lodash@4.17.21 has hashes the base's cannot be compared with (base yarn-cache-10c0, head yarn-cache-11): a person must confirm the version's bytes did not change",
    );
  });
});

describe("reasons", () => {
  it("stay bounded however long the names and URLs a PR writes", () => {
    const long = `https://npm.evil.example/${"x".repeat(5000)}/-/lodash-4.17.21.tgz`;
    const c = check("package-lock.json", NPM, NPM.replace(LODASH_URL, long));
    expect(c.problems.length).toBeGreaterThan(0);
    for (const p of c.problems) expect(p.text.length).toBeLessThanOrEqual(600);
  });
});

describe("lockfileChanges: what the reviewer is told a lockfile change does", () => {
  it("names the packages added, changed and removed (an injected package from the same registry shows)", () => {
    const injected = NPM.replace(
      '"node_modules/lodash": {',
      `"node_modules/evil-pkg": {\n      "version": "6.6.6",\n      "resolved": "https://registry.npmjs.org/evil-pkg/-/evil-pkg-6.6.6.tgz",\n      "integrity": "${OTHER_SHA512}"\n    },\n    "node_modules/lodash": {`,
    )
      .replace(LODASH_URL, "https://registry.npmjs.org/lodash/-/lodash-4.17.22.tgz")
      .replace('"version": "4.17.21"', '"version": "4.17.22"')
      .replace(/"node_modules\/left-pad": \{[^}]*\},/s, "");
    const head = parseLockfile("package-lock.json", injected);
    // No check can tell this package from a legitimate one: it passes, and the reviewer is told.
    expect(check("package-lock.json", NPM, injected).problems).toEqual([]);
    expect(lockfileChanges(head, parseLockfile("package-lock.json", NPM))).toBe(
      "adds evil-pkg@6.6.6; changes lodash 4.17.21 → 4.17.22; removes left-pad",
    );
  });

  it("says when nothing changed at the package level, and caps long lists", () => {
    const lock = parseLockfile("package-lock.json", NPM);
    expect(lockfileChanges(lock, lock)).toBe("no package added, changed or removed");
    expect(lockfileChanges(lock, undefined, 2)).toBe(
      "adds @babel/code-frame@7.22.5, @babel/highlight@7.22.5 and 3 more",
    );
  });
});
