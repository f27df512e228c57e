// Which values of a command reviewer's environment are credentials: the gate redacts each of them, in
// every disguise, from the reply and from everything it publishes (issue 11, item 4).
import { describe, expect, it } from "vitest";
import { credentialValues } from "../../src/providers/command-env.js";

describe("credentialValues", () => {
  it("finds variables named like credentials", () => {
    const env = {
      ANTHROPIC_API_KEY: "sk-ant-0123456789",
      AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG",
      AWS_SESSION_TOKEN: "FwoGZXIvYXdzEJr0123",
      NPM_AUTH: "bnBtOnBhc3N3b3Jk",
      DB_PASSWORD: "correct horse",
      GPG_PASSPHRASE: "long passphrase",
      SENTRY_DSN: "https://abc@o1.ingest.sentry.io/1",
    };
    expect(credentialValues(env).sort()).toEqual(Object.values(env).sort());
  });

  it("finds known token formats under any name, and passwords inside URLs", () => {
    const env = {
      MY_THING: "ghp_0123456789abcdefghijklmnopqrstuvwxyz",
      OTHER: "xoxb-0123456789-abcdef",
      DATABASE_URL: "postgres://app:s3cr3t%2Fpass@db:5432/app",
      HOME: "/home/runner",
      GITHUB_REPOSITORY: "o/r",
    };
    expect(credentialValues(env).sort()).toEqual(
      [env.MY_THING, env.OTHER, env.DATABASE_URL, "s3cr3t/pass"].sort(),
    );
  });

  it("leaves out paths, short values and author names: redacting them would redact ordinary words", () => {
    expect(
      credentialValues({
        SSL_CERT_FILE: "/etc/ssl/certs/ca-certificates.crt",
        GOOGLE_APPLICATION_CREDENTIALS: "./key.json",
        SSH_AUTH_SOCK: "/tmp/ssh-abc/agent.1",
        GIT_AUTHOR_EMAIL: "41898282+github-actions[bot]@users.noreply.github.com",
        KEY_ID: "abc",
      }),
    ).toEqual([]);
  });
});
