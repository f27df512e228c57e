export declare const CHROMIUM: string;
export type ChromiumResult = { ok: true; installed: boolean } | { ok: false; message: string };
/** Makes sure Chromium is at `chromium`: nothing to do, installed now, or a message saying what to run. */
export declare function ensureChromium(options?: {
  chromium?: string;
  isRoot?: boolean;
  env?: Record<string, string | undefined>;
  say?: (line: string) => void;
}): ChromiumResult;
