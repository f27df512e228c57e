// Issue 18: JSON means what it shows. The readers not covered beside their own room (the contract in
// load.test.ts, json_valid in content-criteria.test.ts, evidence bundles in evidence.test.ts and
// check.test.ts): the round history stored in the gate's own comment.
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { readHistoryComment, renderHistoryComment } from "../../src/report/history-comment.js";
import { emptyHistory } from "../../src/verdict/history.js";

describe("the history comment's stored state", () => {
  test("a repeated key in the state is refused, named, not read as its last value", () => {
    const body = renderHistoryComment(emptyHistory(7, "verdict-gate"), { checkName: "verdict-gate" });
    expect(readHistoryComment(body).ok).toBe(true);
    const match = /verdict-gate:state:v2:([A-Za-z0-9+/=]+) -->/.exec(body);
    if (match === null) throw new Error("no state in the comment");
    const json = gunzipSync(Buffer.from(match[1] as string, "base64")).toString("utf8");
    // The first `pr` is what an auditor decoding the state by eye reads; JSON.parse keeps the second.
    const forged = json.replace('"pr":7', '"pr":8,"pr":7');
    expect(forged).not.toBe(json);
    const encoded = gzipSync(Buffer.from(forged, "utf8")).toString("base64");
    const read = readHistoryComment(body.replace(match[1] as string, encoded));
    expect(read).toMatchObject({ ok: false });
    expect(read.ok === false && read.message).toContain('duplicate key "pr" at /pr');
  });
});
