// Imported before anything else (src/entry/action.ts). @actions/github parses GITHUB_EVENT_PATH the moment it
// is first imported and throws on a file that is not JSON, which ends the step with a bare stack trace
// before run() can say what is wrong. So the file is read here first, and when it is unreadable it is
// hidden from that import: run() then fails the step with a message that names the event file.
import { readFileSync } from "node:fs";

const file = process.env.GITHUB_EVENT_PATH;
if (file !== undefined && file !== "") {
  let readable = false;
  try {
    JSON.parse(readFileSync(file, "utf8"));
    readable = true;
  } catch {
    readable = false;
  }
  if (!readable) delete process.env.GITHUB_EVENT_PATH;
}
