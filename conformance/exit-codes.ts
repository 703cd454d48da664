// The exit statuses of the understudy command (scripts/understudy.ts), one per kind of
// outcome, so that a script can tell a failing server from a broken setup.
export const EXIT = {
  /** Everything passed (conformance), help or version printed. */
  ok: 0,
  /** A scenario failed or erred, an expected failure passed, or an expectation is stale. */
  failed: 1,
  /** A bad flag or value, or an input file (profile, fixture, scenarios, expectations) that cannot be read or is invalid. */
  usage: 2,
  /** serve: the port is in use, or not ours to bind. */
  cannotListen: 3,
  /** serve: --host does not resolve, or is no address of this machine. */
  badHost: 4,
  /** conformance: the target does not answer (checked once before the run, and if it stops answering). */
  unreachable: 5,
  /** conformance: --out cannot be written. */
  cannotWrite: 6,
  /** A bug in Understudy: the message and stack are printed. */
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table for --help. */
export const EXIT_HELP = `exit status: 0 ok, 1 a scenario failed, 2 bad usage or input file, 3 cannot listen on the port,
  4 bad --host, 5 target unreachable, 6 cannot write --out, 70 a bug in Understudy`;
