// What the action asks of the runner it runs on: its inputs and environment, masking, outputs, the
// job summary, the log, the step's failure, and the state its post step reads. `actions-runner.ts`
// wires it to @actions/core for a real runner (src/entry/action.ts); the end-to-end tests wire it in
// memory so that most of them run a round in the test process, and keep starting the bundled action
// as a process for the tests about the bundle itself.
import type { Logger } from "./github.js";

export interface Runner {
  /** The step's environment as the runner sets it (GITHUB_*, RUNNER_*, the reviewer's variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** An input by its action.yml name, trimmed; "" when unset (as @actions/core's getInput). */
  input(name: string): string;
  /** Hides a secret in the log the runner shows (`::add-mask::`). */
  mask(secret: string): void;
  output(name: string, value: string): void;
  /** Appends to the job summary; throws when it cannot be written. */
  summary(markdown: string): Promise<void>;
  /** The step's log; lines arrive redacted. */
  readonly log: Logger;
  /** Ends the step failed with this message (already redacted). */
  fail(message: string): void;
  /** What the main step keeps for this action's post step. */
  readonly state: StepState;
}

/** Values kept from the main step for the post step (the GITHUB_STATE file, read back as `STATE_<name>`). */
export interface StepState {
  /** Keeps a value (`core.saveState`): the last value saved under a name is the one the post step reads. */
  save(name: string, value: string): void;
  /** A value the main step saved, in the post step (`core.getState`); "" when none (always, in the main
   * step itself). */
  read(name: string): string;
}
