/**
 * The exit statuses scripts may rely on (docs/cli.md lists them). They never change meaning: a new
 * kind of failure gets a new number.
 */
export const ExitCode = {
  ok: 0,
  /** A failure this table does not name: a bug, report it. */
  unexpected: 1,
  /** Wrong command line (unknown flag, missing argument, a value out of range) or a 422 from the server. */
  usage: 2,
  /** Not logged in, the session ended, or the server refused to refresh it: log in again. */
  auth: 3,
  /** The server says the user may not do this (403). */
  forbidden: 4,
  /** The record, or the zone named with --zone, does not exist (404). */
  notFound: 5,
  /** The server failed (5xx) or answered something this client cannot read. */
  server: 6,
  /** The server could not be reached (refused connection, DNS, timeout). */
  unreachable: 7,
  /** No OS keyring is reachable to keep the tokens, and --insecure-storage was not chosen. */
  keyring: 8,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** One line each, for `--help` and docs/cli.md. */
export const EXIT_CODE_MEANINGS: Record<ExitCodeValue, string> = {
  0: 'success',
  1: 'unexpected failure (a bug: please report it)',
  2: 'usage: bad flag, argument or value; or the server refused the input (422)',
  3: 'auth: not logged in, or the session ended and cannot be renewed: log in again',
  4: 'forbidden: the server says you may not (403)',
  5: 'not found: no such record, or no such zone (404)',
  6: 'server error (5xx), or an answer this CLI cannot read',
  7: 'the server cannot be reached',
  8: 'no OS keyring reachable (see --insecure-storage)',
};
