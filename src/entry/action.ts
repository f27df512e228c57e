// The action's entry: everything else lives behind run(), which never lets an error end green.
// event-guard first: a library imported by main.js would otherwise crash on an unreadable event file.
import "./event-guard.js";
import "../util/zod-jitless.js";
import { actionsRunner } from "../compose/actions-runner.js";
import { run } from "./run-action.js";

await run(actionsRunner());
