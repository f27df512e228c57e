// The action's entry: everything else lives behind run(), which never lets an error end green.
// event-guard first: a library imported by main.js would otherwise crash on an unreadable event file.
// The same bundle is the post step (action.yml `runs.post`: dist/post.js, which imports this file).
import "./event-guard.js";
import "../util/zod-jitless.js";
import path from "node:path";
import { actionsRunner } from "../compose/actions-runner.js";
import { handleCancel } from "./cancel.js";
import { runPost } from "./post-step.js";
import { run } from "./run-action.js";

const runner = actionsRunner();
if (path.basename(process.argv[1] ?? "") === "post.js") await runPost(runner);
else await run(runner, handleCancel(runner));
