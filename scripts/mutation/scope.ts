// What npm run mutation plants faults in, what it leaves out and why, and the conformance
// suites that must find them. The suites are command lines of `npm run conformance`
// against the in-process reference: one entry per suite.

/** The code under test: the layers whose behaviour the conformance suites describe. */
export const MUTATE = ['reference/{endpoints,actions,domain,narrow,http}/**/*.ts'];

/**
 * Left out of mutation, each with its reason: code the conformance suites cannot see by
 * design (the test-control surface, test support, a door the in-process target does
 * not use). Everything else under MUTATE counts, whether or not a suite covers it.
 */
export const EXCLUDED: Record<string, string> = {
  'reference/**/*.test.ts': 'unit tests',
  'reference/narrow/test-realm.ts': "test support for narrow/'s unit tests, never imported by the core",
  'reference/endpoints/control.ts':
    'the test-control surface (/_understudy/): scenarios use it to set up, it is no behaviour of the Zulip API; a fault there breaks the set-up, not a conformance check',
  'reference/endpoints/control-*.ts':
    'the rest of the test-control surface (push bouncer, sealing, outbox, legacy registrations, video-call tokens): set-up and inspection for tests, no behaviour of the Zulip API',
  'reference/actions/legacy-push.ts': 'reached only through the test-control surface (push_add_legacy): the API offers no way to make a legacy registration',
  'reference/actions/create-user.ts': 'reached only through the test-control surface (add_user): the API has no user creation here',
  'reference/actions/configure-server.ts': 'reached only through the test-control surface (set_config)',
  'reference/actions/archive-channel.ts': 'reached only through the test-control surface (archiving a channel)',
  'reference/http/transport-errors.ts':
    "the node:http adapter's answers to broken HTTP (timeouts, oversized request lines and headers, malformed framing, the control token): only that adapter raises them, and before a real server's API sees such a request its web server answers; reference/adapters/node-http.test.ts and the hostile suite (scripts/hostile-cases.ts) hold them to their texts",
  'reference/http/long-poll.ts':
    'waiting GET /events polls: only the async front doors wait; the in-process target answers through the synchronous dispatch, which never waits',
};

export interface Suite {
  /** The suite's name in the report. */
  name: string;
  /** Its flags for `npm run conformance --` (after --target reference). */
  args: string[];
}

/**
 * The conformance suites, in the order they run against each mutant. Another suite is
 * one more line, e.g. { name: 'properties', args: ['--suite', 'properties', '--runs', '20', '--seed', 'mutation'] }.
 * --bail: a suite stops at its first failure (a property failure is not shrunk); whether
 * it failed is all the harness asks, and most mutants are found early.
 */
export const SUITES: Suite[] = [
  { name: 'scenarios', args: ['--suite', 'scenarios', '--bail'] },
  { name: 'properties', args: ['--suite', 'properties', '--runs', '40', '--seed', '20261125', '--bail'] },
  // Differential mode, as a server implementer runs it (--oracle): the same sequences,
  // each answer compared with the original reference's. ORIGINAL stands for the project's
  // own reference/index.ts, outside Stryker's sandbox, so the oracle carries no mutant.
  { name: 'differential', args: ['--suite', 'properties', '--runs', '40', '--seed', '20261125', '--oracle', 'ORIGINAL', '--bail'] },
];

/** The suites' arguments with ORIGINAL made the path of the unmutated reference/index.ts. */
export function withOriginal(suites: readonly Suite[], original: string): Suite[] {
  return suites.map((s) => ({ ...s, args: s.args.map((a) => (a === 'ORIGINAL' ? original : a)) }));
}

/** The directory of reference/ a file belongs to ("domain" for reference/domain/users.ts). */
export function areaOf(file: string): string {
  const m = /(?:^|\/)reference\/([^/]+)\//.exec(file.replace(/\\/g, '/'));
  return m ? (m[1] as string) : '(other)';
}
