// PATCH or DELETE of a draft, scheduled message or reminder. Anyone but its owner gets
// exactly the answer for an id that does not exist (zerver/actions/drafts.py and
// scheduled_messages.py look items up by owner), and nothing changes; its owner may
// delete it, and then it is gone.
import { Command, MISSING_ID, missingTwin, pick, type Real } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../families.ts';
import type { MItem, Model } from '../model.ts';
import { TIMED_FAMILY, TIMED_PATH, type TimedKind } from './create-item.ts';

const timed = (m: Readonly<Model>, families: ReadonlySet<Family>): MItem[] =>
  m.items.filter((i) => i.kind !== 'device' && families.has(TIMED_FAMILY[i.kind as TimedKind]));

export class TouchItem extends Command {
  family: Family = 'drafts';
  constructor(
    readonly who: number,
    readonly item: number,
    readonly remove: boolean,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.items.some((i) => i.kind !== 'device');
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const item = pick(timed(m, r.families), this.item);
    const kind = item.kind as TimedKind;
    this.family = TIMED_FAMILY[kind];
    r.current = this.family;
    const base = TIMED_PATH[kind];
    const method = this.remove || kind === 'reminder' ? 'DELETE' : 'PATCH';
    const params: Record<string, unknown> | undefined =
      method === 'DELETE' ? undefined : kind === 'draft' ? { draft: { type: '', to: [], topic: '', content: `edited by ${u.key}` } } : { content: `edited by ${u.key}` };
    const call: Call = { as: u.as, method, path: `${base}/\${${item.v}}`, ...(params !== undefined ? { params } : {}) };
    if (item.owner !== u.id) {
      const expect = await missingTwin(r, call, `${base}/${MISSING_ID}`);
      await r.d.call({ ...call, note: `${u.key} does not own ${item.v}: answered as if it did not exist`, expect });
      return;
    }
    await r.d.call({ ...call, ...(method === 'DELETE' ? { expect: { status: 200 } } : {}) });
    if (method === 'DELETE') m.items.splice(m.items.indexOf(item), 1);
  }

  toString(): string {
    return `TouchItem(${this.who}, ${this.item}, ${this.remove ? 'delete' : 'edit'})`;
  }
}
