// POST /register: an event queue for a user (plain, following every public channel, or
// with a narrow), whose events PollEvents holds to the model; and the registration's
// initial state, which names none of the run's channels the user cannot see and no one
// else's drafts, scheduled messages, reminders or devices (each key checked when the
// target sends it: servers differ in which they know). A plain registration is one of
// follow.ts's CLIENTS, whose state the suite follows through the queue's events
// (ApplyEvents); as in upstream's verify_action, a queue following every public channel
// or a narrow is not followed (its events are not the registration's).
import { checkExpect } from '../../matcher.ts';
import type { Expect } from '../../schema.ts';
import { metadata } from '../access.ts';
import { Command, ok, pick, type Real } from '../command.ts';
import type { Family } from '../family.ts';
import { CLIENTS, startFollowing } from '../follow.ts';
import type { MItem, Model } from '../model.ts';

const KINDS = ['plain', 'all public channels', 'narrow'] as const;
const ITEM_KEYS: Record<MItem['kind'], [string, string]> = {
  draft: ['drafts', 'id'],
  scheduled: ['scheduled_messages', 'scheduled_message_id'],
  reminder: ['reminders', 'reminder_id'],
  device: ['devices', ''],
};

export const CAPABILITIES = { notification_settings_null: true, bulk_message_deletion: true, stream_typing_notifications: true, user_settings_object: true, empty_topic_name: true };

export class RegisterQueue extends Command {
  readonly family: Family = 'events';
  constructor(
    readonly who: number,
    readonly kind: number,
    /** For a plain registration, which of follow.ts's CLIENTS. */
    readonly client = 0,
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const kind = KINDS[this.kind % KINDS.length];
    const v = `q${m.next('queue')}`;
    const ref = (x: string) => `\${${x}}`;
    const client = kind === 'plain' ? pick(CLIENTS, this.client) : undefined;
    const res = await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/register',
      params:
        client !== undefined
          ? client.params
          : {
              client_capabilities: CAPABILITIES,
              fetch_event_types: ['subscription', 'stream', 'drafts', 'scheduled_messages', 'reminders', 'device', 'message'],
              ...(kind === 'all public channels' ? { all_public_streams: true } : {}),
              ...(kind === 'narrow' ? { narrow: [['topic', 'alpha']] } : {}),
            },
      save: { [v]: 'queue_id' },
      check: (o) => {
        if (!ok(o) || typeof o.json !== 'object' || o.json === null) return [];
        const state = o.json as Record<string, unknown>;
        const paths: Record<string, unknown> = {};
        const hidden = m.channels.filter((c) => !metadata(u, c)).map((c) => ({ stream_id: ref(c.v) }));
        const absent: string[] = [];
        if (Array.isArray(state['subscriptions'])) {
          const mine = m.channels.filter((c) => c.subscribers.has(u.id));
          paths['subscriptions[*].stream_id'] = { $contains: mine.map((c) => ref(c.v)) };
          paths['subscriptions[*]'] = { $excludes: m.channels.filter((c) => !c.subscribers.has(u.id)).map((c) => ({ stream_id: ref(c.v) })) };
        }
        for (const key of ['unsubscribed', 'never_subscribed', 'streams']) if (Array.isArray(state[key])) paths[`${key}[*]`] = { $excludes: hidden };
        for (const [kind, [key, idKey]] of Object.entries(ITEM_KEYS)) {
          const theirs = m.items.filter((i) => i.kind === kind && i.owner !== u.id);
          if (theirs.length === 0) continue;
          if (kind === 'device') {
            if (typeof state[key] === 'object' && state[key] !== null) absent.push(...theirs.map((i) => `${key}["${ref(i.v)}"]`));
          } else if (Array.isArray(state[key])) paths[`${key}[*]`] = { $excludes: theirs.map((i) => ({ [idKey]: ref(i.v) })) };
        }
        const expect: Expect = { status: 200, json_paths: paths, ...(absent.length > 0 ? { absent } : {}) };
        const problems = checkExpect(r.d.expand(expect) as Expect, o);
        return problems.length === 0 ? [] : [{ message: `${u.key}'s registration state shows what they may not see: ${problems.join('; ')}`, expect }];
      },
    });
    if (!ok(res) || !r.d.has(v)) return;
    const state = res.json as Record<string, unknown>;
    // Events before last_event_id are in the state already (do_events_register applies them).
    const last = typeof state['last_event_id'] === 'number' ? state['last_event_id'] : -1;
    m.queues.push({ v, owner: u, last, ...(client !== undefined ? { follow: startFollowing(client, state, u.id) } : {}) });
  }

  toString(): string {
    const kind = KINDS[this.kind % KINDS.length];
    return `RegisterQueue(${this.who}, ${kind === 'plain' ? pick(CLIENTS, this.client).name : kind})`;
  }
}
