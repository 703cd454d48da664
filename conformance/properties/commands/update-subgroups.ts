// POST /user_groups/{id}/subgroups adding groups of the run. A group never contains
// itself, directly or through others: an addition that would close a cycle, or add a
// subgroup twice, is refused (zerver/views/user_groups.py: add_subgroups_to_group_backend).
// A refusal changes nothing; an acceptance adds exactly those subgroups.
import { Command, pick, type Real, ok, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { MGroup, Model } from '../model.ts';
import { observerFor } from '../observers.ts';
import { expectGroup } from './check-groups.ts';

/** Does `from` reach `to` through subgroups (or is it `to`)? */
function reaches(m: Model, from: MGroup, to: MGroup): boolean {
  const seen = new Set<number>();
  const walk = (g: MGroup): boolean => {
    if (g.id === to.id) return true;
    if (seen.has(g.id)) return false;
    seen.add(g.id);
    return [...g.subgroups].some((id) => {
      const sub = m.groups.find((x) => x.id === id);
      return sub !== undefined && walk(sub);
    });
  };
  return walk(from);
}

export class UpdateSubgroups extends Command {
  readonly family: Family = 'groups';
  constructor(
    readonly who: number,
    readonly group: number,
    readonly add: number[],
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.groups.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const g = recent(m.groups, this.group);
    const add = [...new Set(this.add.map((i) => recent(m.groups, i)))];
    const bad = add.filter((s) => g.subgroups.has(s.id) || reaches(m, s, g));
    const res = await r.d.call({
      ...(bad.length > 0 ? { note: `adding ${bad.map((s) => s.name).join(', ')} to ${g.name} would repeat a subgroup or close a cycle` } : {}),
      as: u.as,
      method: 'POST',
      path: `/api/v1/user_groups/\${${g.v}}/subgroups`,
      params: { add: add.map((s) => `\${${s.v}}`) },
      ...(bad.length > 0 ? { expect: { status: { min: 400, max: 499 } } } : {}),
    });
    if (ok(res)) {
      for (const s of add) g.subgroups.add(s.id);
      return;
    }
    await r.d.call({ note: 'a refused change changes nothing', as: observerFor(m).as, method: 'GET', path: '/api/v1/user_groups', expect: expectGroup(m, g) });
  }

  toString(): string {
    return `UpdateSubgroups(${this.who}, group ${this.group}, [${this.add}])`;
  }
}
