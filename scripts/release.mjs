// The release steps .github/workflows/release.yml runs on a pushed version tag vX.Y.Z, one command
// each, so that a test can run the same commands against a throwaway tag in a temporary clone
// (__tests__/package/release.test.ts) and a maintainer can run them by hand:
//
//   node scripts/release.mjs verify vX.Y.Z      the tag is vX.Y.Z, names HEAD, agrees with package.json
//                                               and src/util/version.ts, and HEAD is on the default
//                                               branch (origin/main), where CI ran on it
//   node scripts/release.mjs move-major vX.Y.Z  points vX at the tag's commit and pushes it, unless a
//                                               newer vX.*.* exists (a patch to an older line)
//   node scripts/release.mjs publish vX.Y.Z     publishes the npm package with provenance when
//                                               NODE_AUTH_TOKEN is set; says so, and publishes
//                                               nothing, when it is not
//
// Between verify and move-major the workflow runs `npm run check-dist` (every part built, dist/
// proven current): nothing is tagged or published from a commit whose action is stale. Modelled on
// actions/typescript-action's script/release (a vX.Y.Z tag, validated) and actions/checkout's
// update-main-version workflow (the major tag forced to the release's commit).
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VERSION_TAG = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const DEFAULT_BRANCH = process.env.RELEASE_DEFAULT_BRANCH ?? "main";

class ReleaseError extends Error {}

const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const gitOk = (...args) => spawnSync("git", args, { cwd: root, stdio: "ignore" }).status === 0;
const say = (line) => process.stdout.write(`release: ${line}\n`);

/** X, Y and Z of a version tag, or a ReleaseError naming the form. */
function versionOf(tag) {
  const m = VERSION_TAG.exec(tag ?? "");
  if (m === null) throw new ReleaseError(`${JSON.stringify(tag ?? "")} is not a version tag vX.Y.Z`);
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), text: tag.slice(1) };
}

const commitOf = (ref) => git("rev-parse", "--verify", "--quiet", `${ref}^{commit}`);

function verify(tag) {
  const { text } = versionOf(tag);
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;
  if (manifest !== text)
    throw new ReleaseError(
      `${tag} is not package.json's version ${manifest}: bump it (and src/util/version.ts) first`,
    );
  const source = /export const VERSION = "([^"]*)"/.exec(
    readFileSync(path.join(root, "src", "util", "version.ts"), "utf8"),
  )?.[1];
  if (source !== text)
    throw new ReleaseError(
      `${tag} is not src/util/version.ts's VERSION ${source}: the CLI would print another version`,
    );
  if (!gitOk("rev-parse", "--verify", "--quiet", `refs/tags/${tag}`))
    throw new ReleaseError(
      `there is no tag ${tag} here (fetch the tags: actions/checkout with fetch-depth: 0)`,
    );
  const head = git("rev-parse", "HEAD");
  const tagged = commitOf(`refs/tags/${tag}`);
  if (tagged !== head) throw new ReleaseError(`${tag} names ${tagged}, but the checkout is ${head}`);
  const main = `refs/remotes/origin/${DEFAULT_BRANCH}`;
  if (!gitOk("rev-parse", "--verify", "--quiet", main))
    throw new ReleaseError(`there is no origin/${DEFAULT_BRANCH} here to check ${tag} against`);
  if (!gitOk("merge-base", "--is-ancestor", head, main))
    throw new ReleaseError(
      `${tag} (${head.slice(0, 12)}) is not on ${DEFAULT_BRANCH}: release only what CI ran on ${DEFAULT_BRANCH}`,
    );
  say(
    `${tag} is ${head.slice(0, 12)} on ${DEFAULT_BRANCH}, package.json and src/util/version.ts say ${text}`,
  );
}

/** Whether version a comes after version b. */
const after = (a, b) =>
  a.major !== b.major ? a.major > b.major : a.minor !== b.minor ? a.minor > b.minor : a.patch > b.patch;

function moveMajor(tag) {
  const version = versionOf(tag);
  const major = `v${version.major}`;
  const newer = git("tag", "--list", `${major}.*`)
    .split("\n")
    .filter((t) => VERSION_TAG.test(t) && after(versionOf(t), version));
  if (newer.length > 0) {
    const newest = newer.reduce((a, b) => (after(versionOf(b), versionOf(a)) ? b : a));
    say(`${major} stays where it is: ${newest} is newer than ${tag}`);
    return;
  }
  const commit = commitOf(`refs/tags/${tag}`);
  // A lightweight tag, as actions/checkout moves its own: it names the commit, and needs no identity.
  git("tag", "--force", major, commit);
  git("push", "--force", "origin", `refs/tags/${major}`);
  say(`${major} now names ${tag} (${commit.slice(0, 12)})`);
}

function publish(tag) {
  versionOf(tag);
  if ((process.env.NODE_AUTH_TOKEN ?? "") === "") {
    say(
      `NODE_AUTH_TOKEN is not set (no NPM_TOKEN secret): the npm package was not published; the action and the tags are released`,
    );
    return;
  }
  // --provenance: npm signs where the package was built (this workflow run, `id-token: write`).
  const r = spawnSync("npm", ["publish", "--provenance", "--access", "public"], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0)
    throw new ReleaseError(`npm publish failed (${r.error?.message ?? `exit ${r.status}`})`);
  say(`published verdict-gate ${tag.slice(1)} to npm, with provenance`);
}

const STEPS = { verify, "move-major": moveMajor, publish };
const [step, tag] = process.argv.slice(2);
try {
  const run = STEPS[step];
  if (run === undefined)
    throw new ReleaseError(`no step ${JSON.stringify(step ?? "")}; have: ${Object.keys(STEPS).join(", ")}`);
  run(tag);
} catch (error) {
  process.stderr.write(`release: ${error instanceof ReleaseError ? error.message : error.stack}\n`);
  process.exitCode = 1;
}
