// `verdict-gate verdict`, run in-process through the command frame with a fake CliIO.

import { describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import { MAX_REPLY_BYTES } from "../../src/cli/verdict.js";
import { runCaptured } from "../support/cli-io.js";

const TOKEN = "q7k2m9x4p3n8b5v6c1z0l4j7h2";

async function verdict(stdin: Buffer | string, ...args: string[]) {
  return runCaptured(["verdict", ...args], {
    readStdin: async () => (typeof stdin === "string" ? Buffer.from(stdin, "utf8") : stdin),
  });
}

describe("verdict-gate verdict", () => {
  it("approves with exit 0 and a plain verdict line", async () => {
    expect(await verdict("Fine.\n===VERDICT=== APPROVE\n")).toEqual({
      code: 0,
      out: "VERDICT: APPROVE\n",
      err: "",
    });
  });

  it("blocks with exit 3", async () => {
    const r = await verdict("BLOCKING: a.ts:1 — x\n===VERDICT=== REQUEST_CHANGES\n");
    expect(r.code).toBe(3);
    expect(r.out).toBe("VERDICT: REQUEST_CHANGES\n");
  });

  it("holds a broken contract with exit 4, loudly, and says why on stderr", async () => {
    const r = await verdict("===VERDICT=== APPROVE\nActually, no.");
    expect(r.code).toBe(4);
    expect(r.out).toMatch(/^VERDICT: AMBIGUOUS !!/);
    expect(r.err).toMatch(/followed by more text/);
  });

  it("holds a reply with no verdict with exit 4, loudly", async () => {
    const r = await verdict("I could not decide.");
    expect(r.code).toBe(4);
    expect(r.out).toMatch(/^VERDICT: \(none\) !!/);
  });

  it("holds an empty reply with exit 4 and says it was empty", async () => {
    const r = await verdict("");
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/empty/);
  });

  it("prints one JSON object for machines", async () => {
    const reply = "- BLOCKING: `src/a.ts:12-14` — unchecked\n===VERDICT=== REQUEST_CHANGES\n";
    const r = await verdict(reply, "--json");
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out)).toEqual({
      verdict: "REQUEST_CHANGES",
      line: "VERDICT: REQUEST_CHANGES",
      exit_code: 3,
      reason: "line 2 requests changes",
      layer: "strict",
      sentinel_line: 2,
      round_bound: false,
      findings: [
        {
          path: "src/a.ts",
          line: 12,
          end_line: 14,
          reason: "unchecked",
          raw: "- BLOCKING: `src/a.ts:12-14` — unchecked",
        },
      ],
      findings_total: 1,
      input: { bytes: Buffer.byteLength(reply), valid_utf8: true, bom: false },
    });
    expect(r.out.endsWith("}\n")).toBe(true);
    expect(r.out.trim().split("\n")).toHaveLength(1);
  });

  it("reads a dotfile's path exactly, as the issue's printf shows it (issue 35)", async () => {
    const r = await verdict("BLOCKING: .eslintrc.js:3 — bad\n===VERDICT=== REQUEST_CHANGES\n", "--json");
    expect(JSON.parse(r.out).findings[0]).toMatchObject({ path: ".eslintrc.js", line: 3, reason: "bad" });
  });

  it("--token names a marker inside backticks as such, not as prose (issue 35)", async () => {
    const r = await verdict(`ok\n\`===VERDICT=== APPROVE ${TOKEN}\`\n`, "--token", TOKEN);
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/the marker on line 2 is inside backticks/);
    expect(r.err).not.toMatch(/prose/);
  });

  it("prints null for no verdict in JSON, with the hold's exit code", async () => {
    const r = await verdict("nothing", "--json");
    expect(JSON.parse(r.out)).toMatchObject({
      verdict: null,
      exit_code: 4,
      layer: null,
      sentinel_line: null,
    });
    expect(r.code).toBe(4);
  });

  it("reads a round-bound reply with --round-token", async () => {
    expect((await verdict(`ok\n===VERDICT=== APPROVE ${TOKEN}`, "--round-token", TOKEN)).code).toBe(0);
    expect((await verdict("ok\n===VERDICT=== APPROVE", "--round-token", TOKEN)).code).toBe(4);
    expect((await verdict(`ok\n===VERDICT=== APPROVE ${TOKEN}`)).code).toBe(4);
    const json = JSON.parse(
      (await verdict(`ok\n===VERDICT=== APPROVE ${TOKEN}`, "--json", "--round-token", TOKEN)).out,
    );
    expect(json).toMatchObject({ verdict: "APPROVE", round_bound: true });
  });

  it("--token reads a reply bound to the token, as `review` reads it (--round-token is the same option)", async () => {
    expect((await verdict(`ok\n===VERDICT=== APPROVE ${TOKEN}`, "--token", TOKEN)).code).toBe(0);
    expect((await verdict("ok\n===VERDICT=== APPROVE", "--token", TOKEN)).code).toBe(4);
    const other = "0".repeat(32);
    expect((await verdict(`ok\n===VERDICT=== APPROVE ${other}`, "--token", TOKEN)).code).toBe(4);
    const both = await verdict("x", "--token", TOKEN, "--round-token", other);
    expect(both.code).toBe(2);
    expect(both.err).toContain("--token and --round-token are the same option");
  });

  it("refuses a malformed round token with exit 2 and the usage", async () => {
    const r = await verdict("x", "--round-token", "short");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--token must be 26 to 128 characters/);
    expect(r.err).toMatch(/usage: verdict-gate verdict/);
  });

  it("refuses unknown flags, stray arguments and a flag missing its value with exit 2", async () => {
    expect((await verdict("x", "--jsno")).code).toBe(2);
    expect((await verdict("x", "reply.txt")).code).toBe(2);
    expect((await verdict("x", "--round-token")).code).toBe(2);
  });

  it("reads invalid UTF-8 with replacement characters, warns, and can still block", async () => {
    const bytes = Buffer.concat([
      Buffer.from("bad \xff\xfe bytes\n", "latin1"),
      Buffer.from("===VERDICT=== REQUEST_CHANGES\n"),
    ]);
    const r = await verdict(bytes);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/not valid UTF-8/);
  });

  it("never approves when an invalid byte sits on the marker line", async () => {
    const r = await verdict(Buffer.concat([Buffer.from("ok\n===VERDICT=== APPROVE"), Buffer.from([0xc3])]));
    expect(r.code).toBe(4);
  });

  it("keeps a byte-order mark as text and says so: a one-line marker after it does not approve", async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const r = await verdict(Buffer.concat([bom, Buffer.from("===VERDICT=== APPROVE")]));
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/byte-order mark/);
    expect((await verdict(Buffer.concat([bom, Buffer.from("Fine.\n===VERDICT=== APPROVE")]))).code).toBe(0);
  });

  it("reads a 100 MB reply without crashing", async () => {
    const big = Buffer.alloc(100 * 1024 * 1024, "Looks fine. The VERDICT=== is below.\n");
    const r = await verdict(Buffer.concat([big, Buffer.from("\n===VERDICT=== APPROVE\n")]), "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ verdict: "APPROVE", findings_total: 0 });
  });

  it("reads 100 MB of marker lines as AMBIGUOUS, and caps the findings it prints", async () => {
    const markers = Buffer.alloc(100 * 1024 * 1024, "===VERDICT=== APPROVE\nBLOCKING: a.ts:1 — x\n");
    const r = await verdict(markers, "--json");
    expect(r.code).toBe(4);
    const json = JSON.parse(r.out);
    expect(json.verdict).toBe("AMBIGUOUS");
    expect(json.findings).toHaveLength(1000);
    expect(json.findings_total).toBeGreaterThan(1_000_000);
  });

  it("refuses a reply over the limit with exit 2, before reading it as a verdict", async () => {
    const r = await verdict(Buffer.alloc(MAX_REPLY_BYTES + 1, 0x20));
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/over the 268435456-byte limit/);
  });

  it("ends in exit 1, never 0, when reading stdin fails", async () => {
    const io: CliIO = {
      readStdin: async () => {
        throw new Error("EPIPE");
      },
      out: () => {},
      err: () => {},
      stdoutIsTTY: false,
      env: {},
      cwd: "/",
    };
    expect(await runCli(["verdict"], io)).toBe(1);
  });
});
