// GitHub's answers are checked for the fields the gate relies on before anything reads them. Octokit
// hands over whatever arrived: a body that failed to parse as JSON comes through as a string, an empty
// body as "", a truncated one as half a document. Each of those is a malformed response, never a
// value with defaults filled in.
import type { z } from "zod";
import { GitHubError } from "./errors.js";

export function expectShape<T extends z.ZodType>(schema: T, data: unknown, operation: string): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const what =
    typeof data === "string"
      ? data === ""
        ? "an empty body"
        : "a body that is not the JSON GitHub documents"
      : `JSON without the expected fields (${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
          .join("; ")})`;
  throw new GitHubError({
    kind: "malformed-response",
    operation,
    status: 200,
    hint: `GitHub answered with ${what}. Re-run the job; nothing was approved.`,
  });
}
