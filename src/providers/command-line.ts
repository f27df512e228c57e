// The `command` input as an argv, without a shell. A shell would expand `$VAR`, run `$(…)`, follow `|`
// and `;`: the command line is configuration, but a reviewer run with a shell is one quoting mistake
// from running text the PR controls. The split follows POSIX sh quoting — whitespace separates words,
// '…' is literal, "…" is literal except \" \\ \$ \` escapes, a backslash outside quotes escapes the next
// character — and anything only a shell could honour is refused with a message saying what to write
// instead, rather than passed through as a literal argument that silently means something else.

export class CommandLineError extends Error {
  override readonly name = "CommandLineError";
}

const SHELL_ONLY = new Set(["|", "&", ";", "<", ">", "(", ")", "`", "$"]);

function refuse(what: string): never {
  throw new CommandLineError(
    `the reviewer command is run without a shell, so ${what}; put the pipeline in a script and name the script, or quote the character`,
  );
}

export function parseCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  const end = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  while (i < line.length) {
    const ch = line[i] as string;
    if (/\s/.test(ch)) {
      end();
      i += 1;
    } else if (ch === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) throw new CommandLineError("the reviewer command has an unclosed single quote");
      word += line.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (ch === '"') {
      i += 1;
      inWord = true;
      for (;;) {
        if (i >= line.length) throw new CommandLineError("the reviewer command has an unclosed double quote");
        const c = line[i] as string;
        if (c === '"') {
          i += 1;
          break;
        }
        if (c === "\\" && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1] as string)) {
          if (line[i + 1] !== "\n") word += line[i + 1];
          i += 2;
          continue;
        }
        if (c === "$" || c === "`") refuse(`\`${c}\` inside double quotes would need a shell to expand`);
        word += c;
        i += 1;
      }
    } else if (ch === "\\") {
      if (i + 1 >= line.length) throw new CommandLineError("the reviewer command ends with a lone backslash");
      if (line[i + 1] !== "\n") word += line[i + 1];
      inWord = true;
      i += 2;
    } else if (SHELL_ONLY.has(ch)) {
      refuse(`\`${ch}\` would need a shell`);
    } else if (!inWord && (ch === "#" || ch === "~")) {
      refuse(`a word starting with \`${ch}\` would need a shell`);
    } else {
      word += ch;
      inWord = true;
      i += 1;
    }
  }
  end();
  if (words.length === 0) throw new CommandLineError("the reviewer command is empty");
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] as string)) {
    throw new CommandLineError(
      "the reviewer command starts with a variable assignment, which needs a shell; set it in the step's `env:` instead",
    );
  }
  return words;
}
