// The GitHub App whose bot writes the gate's history comment, named one way wherever a command needs it
// (`pr --dry-run`, `audit`): `--app-slug SLUG`, whose comments are by `SLUG[bot]`. `audit` once took
// `--author SLUG[bot]` for the same thing; the login with `[bot]` is taken too, so either spelling a
// person has in hand works.
import { printable } from "../criteria/index.js";
import { UsageError } from "./io.js";

/** The workflow token's app: what a workflow's GITHUB_TOKEN posts as. */
export const DEFAULT_APP_SLUG = "github-actions";

/** A slug as GitHub spells them (lower-case letters, digits and dashes). */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The slug from `--app-slug` (`my-gate` or `my-gate[bot]`), or a usage error naming what it takes. */
export function appSlugOf(given: string): string {
  const slug = given.endsWith("[bot]") ? given.slice(0, -"[bot]".length) : given;
  if (!SLUG.test(slug)) {
    throw new UsageError(
      `--app-slug takes a GitHub App's slug (lower-case letters, digits and dashes, as in ${DEFAULT_APP_SLUG}), got ${JSON.stringify(printable(given.slice(0, 100)))}`,
    );
  }
  return slug;
}

/** The login an app's comments carry. */
export const botLogin = (slug: string) => `${slug}[bot]`;
