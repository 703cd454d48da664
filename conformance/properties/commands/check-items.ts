// GET /drafts, /scheduled_messages and /reminders (those the target serves): each lists
// all of the user's own pending items of the run and none of anyone else's.
import { Command, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { TIMED, TIMED_FAMILY, TIMED_PATH } from './create-item.ts';

const LIST: Record<(typeof TIMED)[number], [string, string]> = {
  draft: ['drafts', 'id'],
  scheduled: ['scheduled_messages', 'scheduled_message_id'],
  reminder: ['reminders', 'reminder_id'],
};

export class CheckItems extends Command {
  family: Family = 'drafts';
  constructor(readonly who: number) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    for (const kind of TIMED) {
      if (!r.families.has(TIMED_FAMILY[kind])) continue;
      this.family = TIMED_FAMILY[kind];
      r.current = this.family;
      const [key, idKey] = LIST[kind];
      const items = m.items.filter((i) => i.kind === kind);
      const ref = (v: string) => `\${${v}}`;
      await r.d.call({
        as: u.as,
        method: 'GET',
        path: TIMED_PATH[kind],
        expect: {
          status: 200,
          json_paths: {
            [`${key}[*].${idKey}`]: { $contains: items.filter((i) => i.owner === u.id).map((i) => ref(i.v)) },
            [`${key}[*]`]: { $excludes: items.filter((i) => i.owner !== u.id).map((i) => ({ [idKey]: ref(i.v) })) },
          },
        },
      });
    }
  }

  toString(): string {
    return `CheckItems(${this.who})`;
  }
}
