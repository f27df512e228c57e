// One message for whatever was thrown. JavaScript can throw anything (a string, an object, undefined),
// and `error instanceof Error ? error.message : …` patterns that forget the other cases are how an
// error path ends up printing nothing, or nothing useful, while the step goes on.

/** Describes an error for a check run, a log line or a CLI message, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  try {
    return `non-error thrown: ${JSON.stringify(error)}`;
  } catch {
    return `non-error thrown: ${String(error)}`;
  }
}
