// A real browser for the tests that check what a person sees: Debian's Chromium, driven by
// playwright-core (never `npx playwright install`: nothing is downloaded). `npm test` installs Chromium
// when it is missing (scripts/test-setup.mjs, `npm run test:setup`); a test that needs it and finds
// none fails saying how to install it, never skips.
// One browser per test file, with a fresh profile, offline.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/** Headless, sandboxless (a container's root), and quiet: no GPU, no QUIC, no first-run pages, no
 * background fetches, updates or sync, so a test page is all it loads. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}, and these tests look at the pages in a real browser: run \`npm run test:setup\` (\`npm test\` does: it installs Debian's chromium package when missing)`,
    );
  }
  // A fresh profile each time: nothing a previous run cached or stored changes what is shown.
  const profile = mkdtempSync(path.join(os.tmpdir(), "vg-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      offline: true,
    });
    return {
      context,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
