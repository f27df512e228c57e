// The `reviewers` and `panel-policy` inputs → the panel's typed settings. Each entry is validated up
// front and every error names the entry (its index and label) and the field: a panel that guessed what
// an entry meant could ask the wrong model, or send a key to the wrong host.
//
// Keys never appear in the list. An entry names the environment variable that holds its key
// (`api-key-env`); the workflow maps each secret to its variable with `env:`. So each key is read for
// one entry only, and goes only to that entry's host (its own `base-url`, or its provider's).
import { LockfileSyntaxError, readYamlSubset, type YamlValue } from "../lockfile/yaml-subset.js";
import { DuplicateKeyError, parseStrictJson } from "../util/strict-json.js";
import { type PanelPolicy, parsePolicy } from "../verdict/panel.js";
import { DEFAULT_MODEL } from "./models.js";
import type { Provider, ReviewerSettings } from "./settings.js";

/** One reviewer of a panel: always labelled. */
export interface PanelReviewerSettings extends ReviewerSettings {
  label: string;
}

/** The two inputs as read: the policy and the entries (settings/reviewer-inputs.ts makes them the
 * round's ReviewerSet). */
export interface PanelSettings {
  policy: PanelPolicy;
  /** At least one; each with its own key, endpoint, window and output limit. */
  reviewers: readonly PanelReviewerSettings[];
}

/** The fields an entry may have. Anything else (a typo like `api_key_env`, a pasted `api-key`) is
 * refused: an ignored field is a setting the user believes in and the gate does not apply. */
const FIELDS = [
  "label",
  "provider",
  "model",
  "base-url",
  "api-key-env",
  "command",
  "context-window",
  "max-output-tokens",
] as const;

/** More voices than this cost more than they add, and each is a key and a bill. */
export const MAX_REVIEWERS = 8;

/** Shown inside `[label]` before each reason, in tables and in logs: printable, no brackets. */
const LABEL = /^[A-Za-z0-9][A-Za-z0-9 ._:/@+-]{0,39}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class PanelSettingsError extends Error {
  override readonly name = "PanelSettingsError";
  /** Which input is wrong. */
  readonly input: "reviewers" | "panel-policy";
  constructor(message: string, input: "reviewers" | "panel-policy" = "reviewers") {
    super(message);
    this.input = input;
  }
}

/** What each entry inherits from the single-reviewer inputs that are not per reviewer. */
export interface PanelDefaults {
  timeoutMs: number;
  retries: number;
  maxOutputTokens: number;
  contextWindow?: number;
}

/** The list as written: JSON when it starts with `[`, otherwise the YAML a workflow file holds
 * (block sequences of mappings, strings; the subset src/lockfile/yaml-subset.ts reads, which refuses
 * anchors, tags and duplicate keys rather than guess). */
function readList(raw: string): unknown[] {
  const text = raw.trim();
  if (text.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = parseStrictJson(text);
    } catch (error) {
      const why =
        error instanceof DuplicateKeyError || error instanceof SyntaxError ? error.message : String(error);
      throw new PanelSettingsError(`is not valid JSON: ${why}`);
    }
    if (!Array.isArray(parsed)) throw new PanelSettingsError("must be a list of reviewers");
    return parsed;
  }
  // The subset reads a mapping at the top: the list is read as the value of one key, its lines
  // indented under it (so a message's line number is one more than the list's own). It reads a
  // mapping in a sequence only as `-` on a line of its own with the mapping below; `- label: a` is
  // the same YAML (the key sits at its own column either way), so it is written that way first.
  const lines: string[] = [];
  /** For each line read, the line of the list it came from (1-based), for messages. */
  const origin: number[] = [0];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const m = /^( *)-( +)([A-Za-z0-9_-]+:(?: .*)?)$/.exec(line);
    if (m === null) lines.push(`  ${line}`);
    else {
      const [, before = "", gap = "", rest = ""] = m;
      lines.push(`  ${before}-`, `  ${" ".repeat(before.length + 1 + gap.length)}${rest}`);
      origin.push(i + 1);
    }
    origin.push(i + 1);
  }
  const wrapped = `reviewers:\n${lines.join("\n")}`;
  let value: YamlValue | undefined;
  try {
    value = readYamlSubset(wrapped).get("reviewers");
  } catch (error) {
    if (error instanceof LockfileSyntaxError) {
      const m = /^line (\d+): (.*)$/s.exec(error.message);
      throw new PanelSettingsError(
        `is not a YAML list the gate reads${m ? ` (line ${origin[Number(m[1]) - 1] ?? "?"}: ${m[2]})` : `: ${error.message}`}`,
      );
    }
    throw error;
  }
  if (!Array.isArray(value)) {
    throw new PanelSettingsError("must be a list of reviewers, one `- label: …` entry each");
  }
  return value.map((v) => (v instanceof Map ? Object.fromEntries(v) : v));
}

function integerField(where: string, field: string, raw: unknown, min: number, max: number): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new PanelSettingsError(
      `${where}: \`${field}\` expects a whole number from ${min} to ${max}; got ${JSON.stringify(raw)}`,
    );
  }
  return Number(text);
}

function url(where: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new PanelSettingsError(`${where}: \`base-url\` expects an http(s) URL; got ${JSON.stringify(raw)}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new PanelSettingsError(`${where}: \`base-url\` expects an http(s) URL; got ${JSON.stringify(raw)}`);
  if (parsed.username !== "" || parsed.password !== "") {
    // A URL with credentials would print them in every error message that names the host.
    throw new PanelSettingsError(
      `${where}: \`base-url\` must not contain credentials; name the variable that holds the key in \`api-key-env\``,
    );
  }
  return raw.replace(/\/+$/, "");
}

/** One entry → its settings. `index` is 1-based, as a person counts the list. */
function entry(
  raw: unknown,
  index: number,
  defaults: PanelDefaults,
  env: Readonly<Record<string, string | undefined>>,
): PanelReviewerSettings {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new PanelSettingsError(
      `reviewer ${index}: expects a mapping with provider, model, … ; got ${JSON.stringify(raw)}`,
    );
  }
  const fields = raw as Record<string, unknown>;
  const given =
    typeof fields.label === "string" && fields.label.trim() !== "" ? fields.label.trim() : undefined;
  const where = given === undefined ? `reviewer ${index}` : `reviewer ${index} (${given})`;
  for (const key of Object.keys(fields)) {
    if ((FIELDS as readonly string[]).includes(key)) continue;
    if (key === "api-key" || key === "api_key" || key === "apiKey") {
      throw new PanelSettingsError(
        `${where}: \`${key}\` is not accepted (a key in the workflow file is a key in the repository): store it as a secret, map it to a variable with \`env:\`, and name the variable in \`api-key-env\``,
      );
    }
    throw new PanelSettingsError(`${where}: unknown field \`${key}\`; the fields are ${FIELDS.join(", ")}`);
  }
  const text = (field: (typeof FIELDS)[number]): string | undefined => {
    const v = fields[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string" && typeof v !== "number")
      throw new PanelSettingsError(`${where}: \`${field}\` expects text; got ${JSON.stringify(v)}`);
    const s = String(v).trim();
    return s === "" ? undefined : s;
  };
  const provider = text("provider");
  if (provider !== "openai" && provider !== "anthropic" && provider !== "command") {
    throw new PanelSettingsError(
      `${where}: \`provider\` expects openai, anthropic or command; got ${JSON.stringify(fields.provider ?? null)}`,
    );
  }
  const model = text("model") ?? "";
  const command = text("command");
  const baseUrl = text("base-url");
  const keyEnv = text("api-key-env");
  if (provider !== "command" && model === "") {
    throw new PanelSettingsError(
      `${where}: \`model\` is required for provider ${provider} (for example \`${DEFAULT_MODEL[provider]}\`)`,
    );
  }
  if (provider === "command" && command === undefined) {
    throw new PanelSettingsError(
      `${where}: \`command\` is required for provider command (for example \`claude -p\` or \`codex exec\`)`,
    );
  }
  if (provider !== "command" && command !== undefined) {
    throw new PanelSettingsError(`${where}: \`command\` is only for provider command, not ${provider}`);
  }
  if (provider === "command" && (keyEnv !== undefined || baseUrl !== undefined)) {
    throw new PanelSettingsError(
      `${where}: \`${keyEnv !== undefined ? "api-key-env" : "base-url"}\` is not used by provider command (the command reads its own variables and endpoint)`,
    );
  }
  let apiKey = "";
  if (keyEnv !== undefined) {
    if (!ENV_NAME.test(keyEnv)) {
      // Never echo the value: the likeliest mistake is pasting the key itself.
      throw new PanelSettingsError(
        `${where}: \`api-key-env\` takes the NAME of an environment variable (like OPENAI_API_KEY), not the key itself`,
      );
    }
    apiKey = env[keyEnv]?.trim() ?? "";
    if (apiKey === "") {
      throw new PanelSettingsError(
        `${where}: \`api-key-env\` names ${keyEnv}, which is not set or empty (map the secret to it with \`env:\` in the workflow)`,
      );
    }
  } else if (provider !== "command" && baseUrl === undefined) {
    // The provider's own host never takes a request without a key: a forgotten variable is a setup
    // mistake to say now, not a round that holds on a 401 after the others were paid for.
    throw new PanelSettingsError(
      `${where}: \`api-key-env\` is required for ${provider}'s own API (name the variable that holds the key); a keyless endpoint needs \`base-url\``,
    );
  }
  const label = given ?? (provider === "command" ? "command" : `${provider} ${model}`);
  if (!LABEL.test(label)) {
    throw new PanelSettingsError(
      `${where}: \`label\` must be 1 to 40 letters, digits, spaces or . _ : / @ + - (it is shown as [label] before each reason); got ${JSON.stringify(label)}`,
    );
  }
  const contextWindow =
    fields["context-window"] !== undefined
      ? integerField(where, "context-window", fields["context-window"], 1_000, 100_000_000)
      : defaults.contextWindow;
  return {
    label,
    provider: provider as Provider,
    model,
    apiKey,
    ...(keyEnv !== undefined ? { apiKeyEnv: keyEnv } : {}),
    ...(baseUrl !== undefined ? { baseUrl: url(where, baseUrl) } : {}),
    ...(command !== undefined ? { command } : {}),
    timeoutMs: defaults.timeoutMs,
    retries: defaults.retries,
    maxOutputTokens:
      fields["max-output-tokens"] !== undefined
        ? integerField(where, "max-output-tokens", fields["max-output-tokens"], 256, 1_000_000)
        : defaults.maxOutputTokens,
    ...(contextWindow !== undefined ? { contextWindow } : {}),
  };
}

/** The panel from the two inputs' text. `env` is where `api-key-env` names are looked up. Throws
 * PanelSettingsError naming the entry and the field (the caller adds the input's name). */
export function readPanel(
  reviewersText: string,
  policyText: string,
  defaults: PanelDefaults,
  env: Readonly<Record<string, string | undefined>>,
): PanelSettings {
  const list = readList(reviewersText);
  if (list.length === 0) throw new PanelSettingsError("is an empty list: name at least one reviewer");
  if (list.length > MAX_REVIEWERS) {
    throw new PanelSettingsError(`names ${list.length} reviewers; at most ${MAX_REVIEWERS}`);
  }
  const reviewers = list.map((raw, i) => entry(raw, i + 1, defaults, env));
  const seen = new Map<string, number>();
  for (const [i, r] of reviewers.entries()) {
    // Compared without case: `[Beta]` and `[beta]` would read as one reviewer in a report.
    const key = r.label.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      throw new PanelSettingsError(
        `reviewer ${i + 1} (${r.label}): \`label\` is the same as reviewer ${first}'s; each reviewer needs its own label (reasons are attributed by it)`,
      );
    }
    seen.set(key, i + 1);
  }
  const policy = parsePolicy(policyText, reviewers.length);
  if ("error" in policy) throw new PanelSettingsError(policy.error, "panel-policy");
  return { policy, reviewers };
}
