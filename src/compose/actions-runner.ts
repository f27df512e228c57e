// The runner port wired to @actions/core: the only file that talks to it. Inputs come from
// INPUT_<NAME>, outputs go to GITHUB_OUTPUT and the summary to GITHUB_STEP_SUMMARY, state to
// GITHUB_STATE (read back from STATE_<name> in the post step), log lines are workflow commands on
// stdout, and a failure sets the process's exit code.
import * as core from "@actions/core";
import type { Runner } from "../ports/runner.js";

export function actionsRunner(): Runner {
  return {
    env: process.env,
    input: (name) => core.getInput(name),
    mask: (secret) => core.setSecret(secret),
    output: (name, value) => core.setOutput(name, value),
    summary: async (markdown) => {
      await core.summary.addRaw(markdown, true).write();
    },
    log: {
      info: (m) => core.info(m),
      warning: (m) => core.warning(m),
      error: (m) => core.error(m),
      debug: (m) => core.debug(m),
      startGroup: (name) => core.startGroup(name),
      endGroup: () => core.endGroup(),
    },
    fail: (message) => core.setFailed(message),
    state: {
      save: (name, value) => core.saveState(name, value),
      read: (name) => core.getState(name),
    },
  };
}
