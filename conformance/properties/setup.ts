// Before the property suite's first sequence: the profile's users logged in on the target
// (and the oracle), who they are (role, bot), and which families the target serves.
import { Credentials, type ResolvedUser } from '../credentials.ts';
import { ROLES, type Profile, type Role } from '../schema.ts';
import type { Target } from '../targets/target.ts';
import { FAMILY_SPECS, type Family } from './families.ts';
import type { Actor } from './model.ts';

export interface Prepared {
  credentials: Credentials;
  users: Map<Role, ResolvedUser>;
}

export async function prepare(target: Target, profile: Profile): Promise<Prepared> {
  const credentials = new Credentials(profile, target);
  const users = new Map<Role, ResolvedUser>();
  for (const role of ROLES) if (credentials.has(role)) users.set(role, await credentials.resolve(role));
  return { credentials, users };
}

/** The profile's users as actors: their role, and whether they are bots (GET /users/me). */
export async function actorsOf(target: Target, users: ReadonlyMap<Role, ResolvedUser>): Promise<Actor[]> {
  const session = await target.open();
  const actors: Actor[] = [];
  for (const [role, u] of users) {
    const res = await session.send({ method: 'GET', path: '/api/v1/users/me', headers: { Authorization: `Basic ${btoa(`${u.email}:${u.api_key}`)}` } });
    const me = (res.json ?? {}) as Record<string, unknown>;
    actors.push({
      key: role,
      as: role,
      idRef: `\${user:${role}.id}`,
      emailRef: `\${user:${role}.email}`,
      id: u.id,
      role: typeof me['role'] === 'number' ? me['role'] : 400,
      bot: me['is_bot'] === true,
      botOwner: typeof me['bot_owner_id'] === 'number' ? me['bot_owner_id'] : null,
      active: true,
    });
  }
  return actors;
}

/** Which families the target (and the oracle) serves: a 404 to the family's probe means no. */
export async function detect(target: Target, oracle: Target | undefined, users: ReadonlyMap<Role, ResolvedUser>, wanted: readonly Family[]): Promise<Map<Family, string | undefined>> {
  const out = new Map<Family, string | undefined>();
  const [role, u] = [...users.entries()].find(([r]) => r === 'member') ?? [...users.entries()][0]!;
  const sessions = [{ name: 'the target', session: await target.open() }, ...(oracle ? [{ name: 'the oracle', session: await oracle.open() }] : [])];
  for (const f of wanted) {
    const spec = FAMILY_SPECS[f];
    const missing = (spec.needs ?? []).filter((c) => !target.capabilities.has(c));
    if (missing.length > 0) {
      out.set(f, `needs ${missing.join(', ')}, which the target does not offer (deactivation is destructive: it runs only where the state can be reset)`);
      continue;
    }
    let why: string | undefined;
    if (spec.probe !== undefined) {
      for (const { name, session } of sessions) {
        const res = await session.send({ method: spec.probe.method, path: spec.probe.path, headers: { Authorization: `Basic ${btoa(`${u.email}:${u.api_key}`)}` } });
        if (res.status === 404) {
          why = `${name} answers 404 to ${spec.probe.method} ${spec.probe.path} (as ${role}): it does not serve ${f}`;
          break;
        }
      }
    }
    out.set(f, why);
  }
  return out;
}
