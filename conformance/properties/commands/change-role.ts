// PATCH /users/{id} with a new role, for users the run added and the profile's owner. Only
// administrators change roles; only owners make or unmake owners; the organization's only
// active human owner keeps the role (zerver/views/users.py: update_user_backend,
// check_last_owner). So whatever the sequence, the organization never loses its last
// owner: after every change GET /users still lists an active owner, and the target's role
// is the model's.
import { isAdmin } from '../access.ts';
import { Command, ok, pick, type Real } from '../command.ts';
import type { Family } from '../family.ts';
import type { Actor, Model } from '../model.ts';
import { observerFor } from '../observers.ts';

const ROLES = [100, 200, 300, 400, 600] as const;

const targets = (m: Readonly<Model>): Actor[] => m.actors.filter((a) => a.active && !a.bot && (a.key.startsWith('u') || a.key === 'owner'));

/** The reason the change is refused, or null when it must succeed. */
function refusal(m: Readonly<Model>, u: Actor, t: Actor, role: number): string | null {
  if (!isAdmin(u)) return `${u.key} is no administrator`;
  if (role === t.role) return null;
  if ((role === 100 || t.role === 100) && u.role !== 100) return `${u.key} is no owner`;
  const owners = m.actors.filter((a) => a.active && !a.bot && a.role === 100);
  if (t.role === 100 && owners.length === 1) return `${t.key} is the only owner`;
  return null;
}

export class ChangeRole extends Command {
  readonly family: Family = 'users';
  constructor(
    readonly who: number,
    readonly target: number,
    readonly role: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return targets(m).length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const t = pick(targets(m), this.target);
    const role = pick(ROLES, this.role);
    const why = refusal(m, u, t, role);
    const res = await r.d.call({
      ...(why !== null ? { note: why } : {}),
      as: u.as,
      method: 'PATCH',
      path: `/api/v1/users/${t.idRef}`,
      params: { role },
      expect: why !== null ? { status: { min: 400, max: 499 } } : { status: 200 },
    });
    if (ok(res)) t.role = role;
    const observer = observerFor(m);
    await r.d.call({
      note: ok(res) ? 'the target has the new role' : 'a refused change changes nothing',
      as: observer.as,
      method: 'GET',
      path: `/api/v1/users/${t.idRef}`,
      expect: { status: 200, json_paths: { 'user.role': t.role } },
    });
    await r.d.call({
      note: 'the organization still has an active owner',
      as: observer.as,
      method: 'GET',
      path: '/api/v1/users',
      expect: { status: 200, json_paths: { 'members[?is_owner=true].is_active': { $contains: [true] } } },
    });
  }

  toString(): string {
    return `ChangeRole(${this.who}, ${this.target}, ${this.role})`;
  }
}
