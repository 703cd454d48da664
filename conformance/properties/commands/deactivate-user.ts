// DELETE /users/{id} of a user the run added. Only an administrator may deactivate
// (zerver/views/users.py: deactivate_user_backend requires one); a deactivated user's
// credentials are refused from then on, and a refusal leaves the user able to log in.
import { isAdmin } from '../access.ts';
import { Command, ok, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { Actor, Model } from '../model.ts';

const added = (m: Readonly<Model>): Actor[] => m.actors.filter((a) => a.key.startsWith('u') && a.active);

export class DeactivateUser extends Command {
  readonly family: Family = 'users';
  constructor(
    readonly who: number,
    readonly target: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return added(m).length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const candidates = added(m);
    const t = candidates[this.target % candidates.length] as Actor;
    const res = await r.d.call({
      ...(isAdmin(u) ? {} : { note: `${u.key} is no administrator` }),
      as: u.as,
      method: 'DELETE',
      path: `/api/v1/users/${t.idRef}`,
      ...(isAdmin(u) ? {} : { expect: { status: { min: 400, max: 499 } } }),
    });
    if (ok(res)) t.active = false;
    await r.d.call({
      note: ok(res) ? 'a deactivated user is refused' : 'a refused deactivation changes nothing',
      as: t.as,
      method: 'GET',
      path: '/api/v1/users/me',
      expect: { status: ok(res) ? 401 : 200 },
    });
  }

  toString(): string {
    return `DeactivateUser(${this.who}, ${this.target})`;
  }
}
