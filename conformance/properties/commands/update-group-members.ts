// POST /user_groups/{id}/members adding users who are not members and removing members
// (zerver/views/user_groups.py: update_user_group_backend). Guests are refused; an owner
// (the realm's can_manage_all_groups is role:owners by default) always succeeds; others
// by the group's own settings, which the model does not follow: for them only the outcome
// is checked. An acceptance changes exactly those members, a refusal nothing: GET
// /user_groups shows the model's members either way.
import { isGuest } from '../access.ts';
import { Command, ok, type Real, recent } from '../command.ts';
import type { Family } from '../family.ts';
import type { Actor, Model } from '../model.ts';
import { observerFor } from '../observers.ts';
import { expectGroup } from './check-groups.ts';

export class UpdateGroupMembers extends Command {
  readonly family: Family = 'groups';
  constructor(
    readonly who: number,
    readonly group: number,
    readonly people: number[],
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.groups.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const g = recent(m.groups, this.group);
    const chosen = [...new Set(this.people.map((i) => m.actor(i)))];
    const add = chosen.filter((a) => !g.members.has(a.id));
    const remove = chosen.filter((a) => g.members.has(a.id));
    const params: Record<string, unknown> = {};
    if (add.length > 0) params['add'] = add.map((a: Actor) => a.idRef);
    if (remove.length > 0) params['delete'] = remove.map((a: Actor) => a.idRef);
    const sure = isGuest(u) ? 'refused' : u.role === 100 && !u.bot ? 'accepted' : null;
    const res = await r.d.call({
      ...(sure === 'refused' ? { note: `${u.key} is a guest` } : sure === 'accepted' ? { note: `${u.key} may manage every group` } : {}),
      as: u.as,
      method: 'POST',
      path: `/api/v1/user_groups/\${${g.v}}/members`,
      params,
      ...(sure === 'refused' ? { expect: { status: { min: 400, max: 499 } } } : sure === 'accepted' ? { expect: { status: 200 } } : {}),
    });
    if (ok(res)) {
      for (const a of add) g.members.add(a.id);
      for (const a of remove) g.members.delete(a.id);
    }
    await r.d.call({
      note: ok(res) ? 'exactly those members were added and removed' : 'a refused change changes nothing',
      as: observerFor(m).as,
      method: 'GET',
      path: '/api/v1/user_groups',
      expect: expectGroup(m, g),
    });
  }

  toString(): string {
    return `UpdateGroupMembers(${this.who}, group ${this.group}, [${this.people}])`;
  }
}
