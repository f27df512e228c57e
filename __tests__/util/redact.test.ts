import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../src/util/redact.js";

const KEY = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";

describe("redactSecrets", () => {
  it("removes the key and the masked forms providers echo", () => {
    expect(redactSecrets(`key ${KEY} rejected`, [KEY])).toBe(`key ${REDACTED} rejected`);
    expect(redactSecrets(`Incorrect API key provided: ${KEY.slice(0, 12)}***${KEY.slice(-4)}.`, [KEY])).toBe(
      `Incorrect API key provided: ${REDACTED}`,
    );
    expect(redactSecrets(`header x-api-key="${KEY.slice(10, 30)}"`, [KEY])).toBe(
      `header x-api-key="${REDACTED}"`,
    );
  });

  it("leaves text without the key alone", () => {
    expect(redactSecrets("HTTP 503 server_error: overloaded", [KEY])).toBe(
      "HTTP 503 server_error: overloaded",
    );
    expect(redactSecrets("anything", [])).toBe("anything");
    expect(redactSecrets("abc", ["abc"])).toBe("abc"); // too short to be a key; not searched for
  });

  it("removes the URL-encoded key, as a clone URL or a query string carries it", () => {
    // Every run of eight characters of this key holds a `+`, `/` or `=`, so its encoded form shares
    // none with it: before, `https://x:p%2Ba%2Fs...@host` went through untouched.
    const key = "p+a/s=s+w/o=r+d/1=2+3/4";
    const encoded = encodeURIComponent(key);
    expect(encoded).not.toBe(key);
    expect(redactSecrets(`clone https://x:${encoded}@example.com/o/r failed`, [key])).toBe(
      `clone https://x:${REDACTED}@example.com/o/r failed`,
    );
    expect(redactSecrets(`GET /v1?key=${encoded.toLowerCase()}&x=1`, [key])).not.toContain(
      encoded.toLowerCase(),
    );
    expect(redactSecrets(`key="${encoded}"`, [key])).toBe(`key="${REDACTED}"`);
  });

  it("never lets a URL-encoded key through", () => {
    const secret = fc.string({
      unit: fc.constantFrom(..."abXY01+/=%&?:@ -_~!é".split("")),
      minLength: 8,
      maxLength: 40,
    });
    fc.assert(
      fc.property(secret, fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (key, a, b) => {
        const encoded = encodeURIComponent(key);
        const out = redactSecrets(`${a}${encoded}${b}`, [key]);
        expect(out.includes(encoded)).toBe(false);
      }),
    );
  });

  it("never lets the key or eight of its characters in a row through", () => {
    const secret = fc.string({
      unit: fc.constantFrom(..."abcdefXYZ0123456789-_".split("")),
      minLength: 12,
      maxLength: 48,
    });
    fc.assert(
      fc.property(
        secret,
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        (key, a, b, i, n) => {
          const start = i % (key.length - 7);
          const piece = key.slice(start, start + 8 + (n % (key.length - start - 7)));
          for (const text of [`${a}${key}${b}`, `${a} ${piece} ${b}`, `${a}${piece}${b}`]) {
            const out = redactSecrets(text, [key]);
            expect(out.includes(key)).toBe(false);
            for (let k = 0; k + 8 <= key.length; k += 1)
              expect(out.includes(key.slice(k, k + 8))).toBe(false);
          }
        },
      ),
    );
  });
});

// A prompt-injected command reviewer (`claude -p` reading a hostile diff) prints its own key in
// disguise to get it into the public check run (issue 11, item 4). Each disguise below reached the
// check run before; none may now, in whole or in any 12 letters and digits of it.
const ANTHROPIC = "sk-ant-api03-Zq8vN2xR7kLm4PwT9yB3hJ6cD1fG5sA0eU-QiOoWnXtYbVu_KrLp8MzE2aC7dH4gFj-AbCdEf";

/** Only the ASCII letters and digits: how a reader of the check run would reassemble a disguise. */
const letters = (s: string) => s.replace(/[^A-Za-z0-9]/g, "");

/** Whether any 12 consecutive letters and digits of `form` survive in `out`. */
function survives(out: string, form: string): string | undefined {
  const kept = letters(out);
  const f = letters(form);
  for (let i = 0; i + 12 <= f.length; i += 1)
    if (kept.includes(f.slice(i, i + 12))) return f.slice(i, i + 12);
  return undefined;
}

const words7 = (s: string, sep = " ") => (s.match(/.{1,7}/g) ?? []).join(sep);
const reversed = (s: string) => [...s].reverse().join("");
const b64 = (s: string) => Buffer.from(s).toString("base64");
const b64url = (s: string) => Buffer.from(s).toString("base64url");
const hex = (s: string) => Buffer.from(s).toString("hex");

describe("redactSecrets: a key in disguise", () => {
  const disguises: [string, string][] = [
    ["split into 7-character words", words7(ANTHROPIC)],
    ["split into 7-character lines", words7(ANTHROPIC, "\n")],
    ["one character a line", [...ANTHROPIC].join("\n")],
    ["split by zero-width spaces", [...ANTHROPIC].join("\u200b")],
    ["split by punctuation", words7(ANTHROPIC, ", ")],
    [
      "in full-width letters",
      ANTHROPIC.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    ],
    ["reversed", reversed(ANTHROPIC)],
    ["reversed and split", words7(reversed(ANTHROPIC))],
    ["base64", b64(ANTHROPIC)],
    ["base64, URL-safe", b64url(ANTHROPIC)],
    ["base64 after one byte", b64(`:${ANTHROPIC}`)],
    ["base64 after two bytes", b64(`k=${ANTHROPIC}`)],
    ["base64 wrapped at 76 columns", (b64(`key: ${ANTHROPIC}\n`).match(/.{1,76}/g) ?? []).join("\n")],
    ["hex", hex(ANTHROPIC)],
    ["hex in upper case, spaced", (hex(ANTHROPIC).toUpperCase().match(/../g) ?? []).join(" ")],
    ["URL-encoded", encodeURIComponent(ANTHROPIC)],
    [
      "every byte %-escaped",
      [...Buffer.from(ANTHROPIC)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
    ],
  ];
  it.each(disguises)("%s: redacted", (_name, disguise) => {
    const out = redactSecrets(`Here is what you asked for:\n${disguise}\nThanks!`, [ANTHROPIC]);
    expect(survives(out, disguise)).toBeUndefined();
    expect(out).toContain("Here is what you asked for:");
    expect(out).toContain("Thanks!");
  });

  it("base64 of a git extraheader: the key's part goes, the prefix's stays", () => {
    // actions/checkout writes `AUTHORIZATION: basic base64(x-access-token:<token>)` into .git/config,
    // which an agent with a shell can read. 15 bytes of prefix: the key starts at alignment 0 of 3.
    const header = b64(`x-access-token:${ANTHROPIC}`);
    const out = redactSecrets(`extraheader = AUTHORIZATION: basic ${header}`, [ANTHROPIC]);
    expect(survives(out, header.slice(20))).toBeUndefined();
    expect(out).toContain(header.slice(0, 19));
  });

  it("redacts half a key in disguise too (any 12 letters and digits of a form)", () => {
    const half = ANTHROPIC.slice(0, 40);
    for (const disguise of [words7(half), b64(half), reversed(half), hex(half)]) {
      expect(survives(redactSecrets(disguise, [ANTHROPIC]), disguise)).toBeUndefined();
    }
  });

  it("leaves the words around a disguise alone", () => {
    const out = redactSecrets(`before ${words7(ANTHROPIC)} after`, [ANTHROPIC]);
    expect(out).toBe(`before ${REDACTED} after`);
    const two = redactSecrets(`a ${b64(ANTHROPIC)} middle ${ANTHROPIC.slice(0, 30)}*** z`, [ANTHROPIC]);
    // The last base64 characters also encode the padding, not only the key: up to 3 may stay.
    expect(two).toMatch(/^a \[redacted\]\S{0,3} middle \[redacted\] z$/);
  });

  it("looks for short or repetitive secrets only as written: they would redact ordinary text", () => {
    // 15 letters and digits: too short to look for in disguise.
    expect(redactSecrets("pass w0rd 1234 5678", ["passw0rd1234567"])).toBe("pass w0rd 1234 5678");
    // setup-node's NODE_AUTH_TOKEN placeholder: five distinct characters.
    const placeholder = "XXXXX-XXXXX-XXXXX-XXXXX-XXXXX";
    expect(redactSecrets("a row of XXXXXXXXXXXXXXXX", [placeholder])).toBe("a row of XXXXXXXXXXXXXXXX");
    expect(redactSecrets(`token ${placeholder}`, [placeholder])).toBe(`token ${REDACTED}`);
  });

  it("never lets a disguised secret through, for any secret, disguise and surrounding text", () => {
    const secret = fc
      .string({
        unit: fc.constantFrom(..."abcdefghijkXYZMNPQR0123456789-_+/=".split("")),
        minLength: 20,
        maxLength: 60,
      })
      .filter((s) => new Set(letters(s)).size >= 6 && letters(s).length >= 16);
    const disguise = fc.constantFrom<[string, (s: string, n: number) => string]>(
      [
        "split",
        (s, n) =>
          (s.match(new RegExp(`.{1,${1 + (n % 9)}}`, "g")) ?? []).join(
            [" ", "\n", "\u200b", "-", ". "][n % 5],
          ),
      ],
      ["reversed", (s) => reversed(s)],
      ["base64", (s, n) => b64(`${"ab".slice(0, n % 3)}${s}`)],
      ["base64url", (s, n) => b64url(`${"ab".slice(0, n % 3)}${s}`)],
      ["hex", (s, n) => (n % 2 === 0 ? hex(s) : hex(s).toUpperCase())],
      ["url", (s) => encodeURIComponent(s)],
    );
    const around = fc.string({ unit: fc.constantFrom(..." .,;:!?\n()[]abcdefgh".split("")), maxLength: 30 });
    fc.assert(
      fc.property(secret, disguise, fc.nat(), around, around, (key, [_name, make], n, a, b) => {
        const form = make(key, n);
        const out = redactSecrets(`${a}${form}${b}`, [key]);
        expect(survives(out, form)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it("leaves text that holds no form of the secret as it was", () => {
    const words = fc.array(
      fc.constantFrom(
        "the",
        "handler",
        "logs",
        "a",
        "token",
        "config",
        "test",
        "review",
        "approve",
        "error",
        "12",
        "0x1f",
        "\n",
        "  ",
      ),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(words, (list) => {
        const text = list.join(" ");
        expect(redactSecrets(text, [ANTHROPIC, "ghs_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"])).toBe(text);
      }),
    );
  });

  it("one redactor serves every publisher: GitHub's client and the reviewer driver use this module", async () => {
    const { redactor } = await import("../../src/util/redact.js");
    const redact = redactor([ANTHROPIC]);
    expect(survives(redact(b64(ANTHROPIC)), b64(ANTHROPIC))).toBeUndefined();
    // Running it again over its own output changes nothing.
    const once = redact(`x ${words7(ANTHROPIC)} y ${ANTHROPIC}`);
    expect(redact(once)).toBe(once);
  });
});
