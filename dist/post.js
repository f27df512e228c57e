// verdict-gate's post step (action.yml `runs.post`): the action's own bundle, started as post.js.
await import("./index.js");
