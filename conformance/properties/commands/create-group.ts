// POST /user_groups/create with members and subgroups of the run. Once the target said
// yes the group is in the model with exactly those members and subgroups (CheckGroups
// reads them back); once it said no, no group of that name exists.
import { Command, idRefs, ok, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { observerFor } from '../observers.ts';
import { varName } from '../vars.ts';

export class CreateGroup extends Command {
  readonly family: Family = 'groups';
  constructor(
    readonly who: number,
    readonly members: number[],
    readonly subgroups: number[],
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const n = m.next('group');
    const name = `p\${uniq}g${n}`;
    const members = this.members.map((i) => m.actor(i));
    const subgroups = m.groups.length === 0 ? [] : [...new Set(this.subgroups.map((i) => recent(m.groups, i)))];
    const v = varName('group', n);
    const res = await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/user_groups/create',
      params: { name, description: `made by ${u.key}`, members: idRefs(members), ...(subgroups.length > 0 ? { subgroups: subgroups.map((g) => `\${${g.v}}`) } : {}) },
      save: { [v]: 'group_id' },
    });
    if (ok(res)) {
      m.groups.push({ v, name, id: r.d.value(v), members: new Set(members.map((a) => a.id)), subgroups: new Set(subgroups.map((g) => g.id)) });
      return;
    }
    await r.d.call({
      note: 'a refused creation creates nothing',
      as: observerFor(m).as,
      method: 'GET',
      path: '/api/v1/user_groups',
      expect: { status: 200, json_paths: { 'user_groups[*].name': { $excludes: [name] } } },
    });
  }

  toString(): string {
    return `CreateGroup(${this.who}, [${this.members}], [${this.subgroups}])`;
  }
}
