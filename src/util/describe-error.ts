// One message for whatever was thrown. JavaScript can throw anything (a string, an object, undefined),
// and `error instanceof Error ? error.message : …` patterns that forget the other cases are how an
// error path ends up printing nothing, or nothing useful, while the step goes on.
//
// A system error (a file that is not there, a directory where a file was expected, a permission) is
// said in words: Node's own message (`EISDIR: illegal operation on a directory, read`) names the
// system call and the errno, which tell a person using the CLI nothing about what to fix.

/** Plain words for the system errors a person meets reading or writing their own files and starting
 * programs. Any other code keeps Node's description, without the errno and the system call. */
const PLAIN: Readonly<Record<string, string>> = Object.freeze({
  ENOENT: "there is no such file or directory",
  EISDIR: "it is a directory, not a file",
  ENOTDIR: "a part of the path is a file, not a directory",
  EACCES: "permission denied",
  EPERM: "the operation is not permitted",
  EROFS: "the file system is read-only",
  EEXIST: "it already exists",
  ENOSPC: "no space is left on the device",
  EDQUOT: "the disk quota is used up",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many symbolic links (a link that leads to itself?)",
  EMFILE: "too many files are open",
  ENOTEMPTY: "the directory is not empty",
  EBUSY: "it is in use",
  ETXTBSY: "the file is in use as a running program",
  ENOEXEC: "it is not a program this system can run",
});

/** Node's message for a system error: `CODE: description, syscall 'path'`. */
const SYSTEM_MESSAGE = /^(E[A-Z0-9]+): ([^,]*)(?:, .*)?$/s;

/** The words for a system error (one with an errno code), or undefined for any other error. */
export function describeSystemError(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code !== "string" || !/^E[A-Z0-9]+$/.test(code)) return undefined;
  if (code === "ENOENT" && typeof syscall === "string" && syscall.startsWith("spawn"))
    return "the program was not found (not installed, or not on PATH)";
  const m = SYSTEM_MESSAGE.exec(error.message);
  if (m === null || m[1] !== code) return PLAIN[code];
  return PLAIN[code] ?? (m[2]?.trim() || undefined);
}

/** Describes an error for a check run, a log line or a CLI message, whatever was thrown. */
export function describeError(error: unknown): string {
  const system = describeSystemError(error);
  if (system !== undefined) return system;
  if (error instanceof Error) return error.message || error.name;
  try {
    return `non-error thrown: ${JSON.stringify(error)}`;
  } catch {
    return `non-error thrown: ${String(error)}`;
  }
}

/** A network failure's low-level words (`getaddrinfo ENOTFOUND api.github.com`, `connect ECONNREFUSED
 * 127.0.0.1:443`) said as what happened; text without them is returned as it is. */
export function plainNetworkWords(text: string): string {
  const host = (m: RegExpExecArray) => m[1] ?? "the host";
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [
      /getaddrinfo ENOTFOUND (\S+)/,
      (m) => `the host name ${host(m)} was not found (no network, or a wrong address)`,
    ],
    [/getaddrinfo EAI_AGAIN (\S+)/, (m) => `the host name ${host(m)} could not be looked up (no network?)`],
    [/connect ECONNREFUSED (\S+)/, (m) => `${host(m)} refused the connection (nothing listens there)`],
    [/connect (?:ENETUNREACH|EHOSTUNREACH) (\S+)/, (m) => `${host(m)} cannot be reached from this network`],
    [/connect ETIMEDOUT (\S+)/, (m) => `the connection to ${host(m)} timed out`],
    [/\bECONNRESET\b|other side closed|socket hang up/, () => "the connection was cut before an answer came"],
  ];
  for (const [pattern, say] of rules) {
    const m = pattern.exec(text);
    if (m !== null) return say(m);
  }
  return text;
}
