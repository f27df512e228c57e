// What a CLI command may touch. Commands get this instead of `process`, so tests run them in-process
// with captured output, and the one real implementation lives in src/entry/cli.ts.

export interface CliIO {
  /** Reads standard input as bytes. With `maxBytes`, stops after more than that many arrived and
   * returns what it has (longer than `maxBytes`), so a caller can refuse oversize input without
   * buffering all of it first. */
  readStdin(maxBytes?: number): Promise<Buffer>;
  /** Writes to standard output exactly as given (add your own newline). */
  out(text: string): void;
  /** Writes to standard error exactly as given (add your own newline). */
  err(text: string): void;
  /** Whether standard output is a terminal (colour and layout for people; plain when piped). */
  readonly stdoutIsTTY: boolean;
  /** Whether standard input is a terminal: a command that reads stdin then says what to pipe in
   * instead of waiting in silence. Absent means unknown (tests), read as "not a terminal". */
  readonly stdinIsTTY?: boolean;
  /** Whether something is piped or redirected into standard input (`… | verdict-gate`, `< file`): a
   * pipe, a socket or a file, not a terminal and not /dev/null. A command whose input is optional
   * (`check`'s diff) reads it only then. Absent means unknown (tests), read as "nothing piped". */
  readonly stdinPiped?: boolean;
  /** Whether standard error is a terminal: only then does a long command (eval) keep a progress line
   * there. Absent means unknown (tests), read as "not a terminal". */
  readonly stderrIsTTY?: boolean;
  /** The environment (tokens, NO_COLOR, …). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The directory relative paths resolve against. */
  readonly cwd: string;
}

/** One subcommand of `verdict-gate`. `run` returns the process exit code (see EXIT in verdict/four-values.ts);
 * it throws UsageError for bad arguments, which the frame turns into exit 2 with the usage line. */
export interface Command {
  readonly name: string;
  /** One line for `verdict-gate --help`. */
  readonly summary: string;
  /** The usage line(s), printed for --help and on a usage error. */
  readonly usage: string;
  run(args: readonly string[], io: CliIO): Promise<number>;
}

/** Bad arguments or input the user must fix: exit 2 with a message and the command's usage. `brief`:
 * the message alone, one line (the usage would only push the reason out of view). */
export class UsageError extends Error {
  override readonly name = "UsageError";
  readonly brief: boolean;
  constructor(message: string, options: { brief?: boolean } = {}) {
    super(message);
    this.brief = options.brief === true;
  }
}
