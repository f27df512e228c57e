// Pieces of a RoundContext that `review` and `pr` make the same way: the log on stderr, and the
// reviewer, created before the round so that settings no call could work with (a key over plain http,
// a command that needs a shell) are a usage error, not a held round.
import type { Logger } from "../ports/github.js";
import type { Reviewer } from "../ports/reviewer.js";
import { CommandLineError } from "../providers/command-line.js";
import { ReviewerConfigError } from "../providers/endpoint.js";
import { type CliIO, UsageError } from "./io.js";

/** Progress, phases and detail only with --verbose; warnings always, unless the report already shows them. */
export function cliLog(io: CliIO, command: string, verbose: boolean, warnings: boolean): Logger {
  return {
    info: (m) => {
      if (verbose) io.err(`verdict-gate ${command}: ${m}\n`);
    },
    warning: (m) => {
      if (verbose || warnings) io.err(`verdict-gate ${command}: warning: ${m}\n`);
    },
    error: (m) => io.err(`verdict-gate ${command}: error: ${m}\n`),
    debug: (m) => {
      if (verbose) io.err(`verdict-gate ${command}: debug: ${m}\n`);
    },
    // A terminal has no folding: a phase is a heading line among the progress lines.
    startGroup: (name) => {
      if (verbose) io.err(`verdict-gate ${command}: ── ${name}\n`);
    },
    endGroup: () => {},
  };
}

export function reviewerFor<T = Reviewer>(create: () => T): T {
  try {
    return create();
  } catch (error) {
    if (error instanceof ReviewerConfigError || error instanceof CommandLineError)
      throw new UsageError(error.message);
    throw error;
  }
}
