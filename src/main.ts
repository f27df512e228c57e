import * as core from "@actions/core";

export async function run(): Promise<void> {
  core.setFailed("verdict-gate: not implemented yet");
}
