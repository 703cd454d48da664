// What a check of the property suite finds, and one server as a run sees it: the types
// the driver (driver.ts), the invariants (invariants.ts) and the differential pattern
// (oracle-pattern.ts) share.
import type { ResolvedUser } from '../credentials.ts';
import type { Expect, Role } from '../schema.ts';
import type { Session } from '../targets/target.ts';
import type { IdCanon } from './normalise.ts';

/** A problem a check found, and the expectation that states the rule for a scenario. */
export interface Problem {
  message: string;
  expect?: Expect;
}

/** One server as the run sees it: a session, its users, its saved variables. */
export interface Side {
  session: Session;
  users: ReadonlyMap<Role, ResolvedUser>;
  vars: Map<string, unknown>;
  canon: IdCanon;
}
