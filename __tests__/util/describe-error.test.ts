// describeError says a system error in words: the errors here are real ones, made by Node's own file
// system and child processes, so a change in how Node words them shows here first.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeError, plainNetworkWords } from "../../src/util/describe-error.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "vg-describe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

describe("describeError", () => {
  it("says a file system error in words, without the errno, the system call or the path", () => {
    writeFileSync(path.join(dir, "file"), "x");
    const cases: [unknown, string][] = [
      [thrown(() => readFileSync(dir)), "it is a directory, not a file"],
      [thrown(() => readFileSync(path.join(dir, "none"))), "there is no such file or directory"],
      [
        thrown(() => readFileSync(path.join(dir, "file", "below"))),
        "a part of the path is a file, not a directory",
      ],
      [
        Object.assign(new Error("EACCES: permission denied, open '/x'"), { code: "EACCES", syscall: "open" }),
        "permission denied",
      ],
      [
        Object.assign(new Error("EROFS: read-only file system, mkdir '/x'"), {
          code: "EROFS",
          syscall: "mkdir",
        }),
        "the file system is read-only",
      ],
      // A code without words of ours keeps Node's description, still without the code.
      [Object.assign(new Error("EIO: i/o error, read"), { code: "EIO", syscall: "read" }), "i/o error"],
    ];
    for (const [error, said] of cases) expect(describeError(error)).toBe(said);
  });

  it("says a program that is not there as one", () => {
    const { error } = spawnSync("verdict-gate-no-such-program-anywhere");
    expect(describeError(error)).toBe("the program was not found (not installed, or not on PATH)");
  });

  it("leaves every other error as it is", () => {
    expect(describeError(new Error("the contract has no criteria"))).toBe("the contract has no criteria");
    expect(describeError("a string")).toBe('non-error thrown: "a string"');
  });
});

describe("plainNetworkWords", () => {
  it("says what happened on the way to a host", () => {
    expect(plainNetworkWords("fetch failed getaddrinfo ENOTFOUND api.example.invalid")).toBe(
      "the host name api.example.invalid was not found (no network, or a wrong address)",
    );
    expect(plainNetworkWords("connect ECONNREFUSED 127.0.0.1:9")).toBe(
      "127.0.0.1:9 refused the connection (nothing listens there)",
    );
    expect(plainNetworkWords("Bad Gateway")).toBe("Bad Gateway");
  });
});
