import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileAtRef } from "../../src/github/contents.js";
import { isGitHubError } from "../../src/github/errors.js";
import { CONTRACT, calls, startWorld, type World } from "./world.js";

const CONTENTS = "GET /repos/{owner}/{repo}/contents/{path}";

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  w.api.assertClean();
  await w.api.close();
});

describe("readFileAtRef", () => {
  it("reads a file at the base commit, not the PR's copy", async () => {
    w.pr.push({ ".github/verdict-contract.json": '{"weakened": true}\n' });
    const file = await readFileAtRef(w.client, w.ref, ".github/verdict-contract.json", w.pr.baseSha);
    expect(file).toMatchObject({ kind: "found", text: CONTRACT, size: Buffer.byteLength(CONTRACT) });
    expect(calls(w.api, CONTENTS)).toBe(1);
    expect(w.api.requestsFor(CONTENTS)[0]?.query.ref).toBe(w.pr.baseSha);
  });

  it("says not-found for a missing file", async () => {
    expect(await readFileAtRef(w.client, w.ref, "missing.json", w.pr.baseSha)).toMatchObject({
      kind: "not-found",
    });
  });

  it('throws, never not-found, for a ref GitHub cannot find (404 "No commit found for the ref")', async () => {
    // No run of 8 characters in common with the fake token (its "…0123456789"): the redactor takes any
    // word sharing 8 with a secret as a masked echo of it, which would hide the ref in the message.
    const missing = "feedfacecafebeeffeedfacecafebeeffeedface";
    const error = await readFileAtRef(w.client, w.ref, ".github/verdict-contract.json", missing).catch(
      (e: unknown) => e,
    );
    expect(isGitHubError(error, "not-found")).toBe(true);
    expect(String(error)).toMatch(/No commit found for the ref feedfacecafe/);
    expect(calls(w.api, CONTENTS)).toBe(1);
  });

  it("says not-a-file for a directory", async () => {
    expect(await readFileAtRef(w.client, w.ref, ".github", w.pr.baseSha)).toMatchObject({
      kind: "not-a-file",
      type: "dir",
    });
  });

  it("reads a file over 1 MB through the raw media type, in two requests", async () => {
    const big = `${"x".repeat(1024 * 1024 + 10)}\n`;
    const sha = w.repo.commit({ "big.json": big });
    const file = await readFileAtRef(w.client, w.ref, "big.json", sha);
    expect(file.kind).toBe("found");
    expect(file.kind === "found" && file.text === big).toBe(true);
    const requests = w.api.requestsFor(CONTENTS);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.accept).toMatch(/application\/vnd\.github\.v3\.raw/);
  });

  it("refuses a file over the cap without downloading it", async () => {
    const sha = w.repo.commit({ "huge.json": "y".repeat(3000) });
    const file = await readFileAtRef(w.client, w.ref, "huge.json", sha, { maxBytes: 1000 });
    expect(file).toMatchObject({ kind: "too-large", size: 3000, limit: 1000 });
    expect(calls(w.api, CONTENTS)).toBe(1);
  });

  it("reports GitHub's own too_large refusal (over 100 MB) as too-large", async () => {
    w.api.limits.contentsMaxBytes = 100;
    const sha = w.repo.commit({ "blob.bin": "z".repeat(200) });
    expect(await readFileAtRef(w.client, w.ref, "blob.bin", sha)).toMatchObject({
      kind: "too-large",
      size: null,
    });
  });

  it("gives the bytes and no text for content that is not UTF-8", async () => {
    const sha = w.repo.commit([{ path: "latin1.txt", content: Buffer.from([0x63, 0x61, 0x66, 0xe9]) }]);
    const file = await readFileAtRef(w.client, w.ref, "latin1.txt", sha);
    expect(file).toMatchObject({ kind: "found", text: null, size: 4 });
  });

  it("reads paths with spaces and unicode", async () => {
    const sha = w.repo.commit({ "docs/read me/café.md": "bonjour\n" });
    expect(await readFileAtRef(w.client, w.ref, "docs/read me/café.md", sha)).toMatchObject({
      kind: "found",
      text: "bonjour\n",
    });
  });

  it("fails on a malformed answer instead of reading an empty contract", async () => {
    w.api.faults.inject(CONTENTS, { kind: "malformed-json" });
    const error = await readFileAtRef(w.client, w.ref, ".github/verdict-contract.json", w.pr.baseSha).catch(
      (e: unknown) => e,
    );
    expect(isGitHubError(error, "malformed-response")).toBe(true);
    expect(String(error)).toMatch(/read \.github\/verdict-contract\.json at/);
  });

  it("retries a connection cut in the middle of the body", async () => {
    w.api.faults.inject(CONTENTS, { kind: "reset-mid-body" });
    const file = await readFileAtRef(w.client, w.ref, ".github/verdict-contract.json", w.pr.baseSha);
    expect(file).toMatchObject({ kind: "found", text: CONTRACT });
    expect(calls(w.api, CONTENTS)).toBe(2);
  });
});
