import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../src/review/redact.js";

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
