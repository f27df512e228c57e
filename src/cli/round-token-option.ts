// The round token as `prompt` and `verdict` take it: `--token` (the word a person tries first) or
// `--round-token` (its long name), one value either way, checked against the shape a round draws.
import { isRoundToken } from "../verdict/reply-contract.js";
import { UsageError } from "./io.js";

export const ROUND_TOKEN_OPTIONS = {
  token: { type: "string" },
  "round-token": { type: "string" },
} as const;

export function roundTokenOf(values: Record<string, unknown>): string | undefined {
  const short = values.token;
  const long = values["round-token"];
  if (short !== undefined && long !== undefined && short !== long) {
    throw new UsageError("--token and --round-token are the same option: give the token once");
  }
  const value = short ?? long;
  if (value === undefined) return undefined;
  if (!isRoundToken(value)) {
    throw new UsageError(
      "--token must be 26 to 128 characters of 0-9 and a-z, e.g. the 32 of `openssl rand -hex 16`",
    );
  }
  return value;
}
