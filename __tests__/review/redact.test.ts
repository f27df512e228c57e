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
