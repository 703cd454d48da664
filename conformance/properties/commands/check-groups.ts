// GET /user_groups: every group of the run is listed with exactly the model's members
// and direct subgroups (guests may not list groups: theirs is only an answer).
import { isGuest } from '../access.ts';
import { Command, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { Expect } from '../../schema.ts';
import type { MGroup, Model } from '../model.ts';

export function groupPattern(m: Model, g: MGroup): Record<string, unknown> {
  const ref = (id: number) => m.actors.find((a) => a.id === id)?.idRef ?? id;
  const sub = (id: number) => {
    const s = m.groups.find((x) => x.id === id);
    return s !== undefined ? `\${${s.v}}` : id;
  };
  const subgroups = { direct_subgroup_ids: { $unordered: [...g.subgroups].map(sub) } };
  // NOTE: approximation: whether a deactivated user still counts among members differs
  // between versions; with one among them, only the subgroups are compared.
  if ([...g.members].some((id) => m.byId(id)?.active === false)) return subgroups;
  return { members: { $unordered: [...g.members].map(ref) }, ...subgroups };
}

export function expectGroup(m: Model, g: MGroup): Expect {
  return { status: 200, json_paths: { [`user_groups[?id=\${${g.v}}]`]: [groupPattern(m, g)] } };
}

export class CheckGroups extends Command {
  readonly family: Family = 'groups';
  constructor(readonly who: number) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.groups.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    if (isGuest(u)) {
      await r.d.call({ as: u.as, method: 'GET', path: '/api/v1/user_groups' });
      return;
    }
    const paths: Record<string, unknown> = {};
    for (const g of m.groups) paths[`user_groups[?id=\${${g.v}}]`] = [groupPattern(m, g)];
    await r.d.call({ as: u.as, method: 'GET', path: '/api/v1/user_groups', expect: { status: 200, json_paths: paths } });
  }

  toString(): string {
    return `CheckGroups(${this.who})`;
  }
}
