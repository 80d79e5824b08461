/** Exit codes of every command, documented in the README. */
export const EXIT = {
  ok: 0,
  /** A runtime failure: the database could not be opened, the port was taken, a scan failed. */
  failure: 1,
  /** Bad usage or configuration: unknown command or flag, invalid environment variable. */
  usage: 2,
} as const;
