// The action's entry: everything else lives behind run(), which never lets an error end green.
import { run } from "./main.js";

await run();
