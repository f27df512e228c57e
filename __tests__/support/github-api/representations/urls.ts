// Where the representations point: API URLs at the loopback server (so a client that follows `url` or a
// `link` header stays on it), web URLs at github.com as api.github.com itself returns them.
export interface Hosts {
  /** The loopback API's base URL, without a trailing slash. */
  readonly api: string;
  readonly web: string;
}

export const WEB = "https://github.com";
