// POST /drafts, /scheduled_messages or /reminders: a personal item of its creator. A
// scheduled message or reminder is set far in the future, so it stays pending for the
// run; nobody is reminded of a message they may not see.
import { maySee } from '../access.ts';
import { Command, ok, pick, type Real, recent } from '../command.ts';
import type { Family } from '../families.ts';
import type { MItem, Model } from '../model.ts';
import { varName } from '../vars.ts';

export const TIMED = ['draft', 'scheduled', 'reminder'] as const;
export type TimedKind = (typeof TIMED)[number];
export const TIMED_FAMILY: Record<TimedKind, Family> = { draft: 'drafts', scheduled: 'scheduled', reminder: 'reminders' };
export const TIMED_PATH: Record<TimedKind, string> = { draft: '/api/v1/drafts', scheduled: '/api/v1/scheduled_messages', reminder: '/api/v1/reminders' };
/** 2100-01-01T00:00:00Z: pending whatever the target's clock says. */
export const FAR_FUTURE = 4_102_444_800;

export class CreateItem extends Command {
  readonly family: Family;
  constructor(
    readonly who: number,
    readonly kind: TimedKind,
    readonly other: number,
  ) {
    super();
    this.family = TIMED_FAMILY[kind];
  }

  override check(m: Readonly<Model>): boolean {
    return this.kind !== 'reminder' || m.messages.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const to = m.actor(this.other);
    const v = varName(this.kind, m.next(this.kind));
    let params: Record<string, unknown>;
    let save: string;
    let hidden = false;
    if (this.kind === 'draft') {
      params = { drafts: [{ type: 'private', to: [to.idRef], topic: '', content: `draft of ${u.key}` }] };
      save = 'ids[0]';
    } else if (this.kind === 'scheduled') {
      params = { type: 'direct', to: [to.idRef], content: `later, from ${u.key}`, scheduled_delivery_timestamp: FAR_FUTURE };
      save = 'scheduled_message_id';
    } else {
      const x = recent(m.messages, this.other);
      hidden = !maySee(u, x);
      params = { message_id: `\${${x.v}}`, scheduled_delivery_timestamp: FAR_FUTURE, note: `for ${u.key}` };
      save = 'reminder_id';
    }
    const res = await r.d.call({
      ...(hidden ? { note: `${u.key} may not see that message` } : {}),
      as: u.as,
      method: 'POST',
      path: TIMED_PATH[this.kind],
      params,
      save: { [v]: save },
      ...(hidden ? { expect: { status: { min: 400, max: 499 } } } : {}),
    });
    if (ok(res) && r.d.has(v)) m.items.push({ kind: this.kind, v, id: r.d.value(v), owner: u.id } satisfies MItem);
  }

  toString(): string {
    return `CreateItem(${this.who}, ${this.kind}, ${this.other})`;
  }
}
