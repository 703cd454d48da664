// GET /events (dont_block) on a queue the run opened: every event is about something its
// owner may see, or could see at some point of the run (an event may tell of a loss):
// messages (new, deleted, flagged), channels of the run (created, subscribed, peers,
// typing in them), direct typing they are a recipient of, and personal items (drafts,
// scheduled messages, reminders, devices) that are their own. The events of a followed
// queue are applied to its client state (follow.ts), as ApplyEvents does.
import { Command, pick, type Real } from '../command.ts';
import type { Problem } from '../driver.ts';
import type { Family } from '../family.ts';
import { applyPolled } from '../follow.ts';
import { allowed } from '../leaks.ts';
import { statusEventProblems } from './status.ts';
import type { MItem, MQueue, Model } from '../model.ts';

type Json = Record<string, unknown>;

function messageIds(e: Json): number[] {
  const out: number[] = [];
  const add = (v: unknown) => typeof v === 'number' && out.push(v);
  add((e['message'] as Json | undefined)?.['id']);
  add(e['message_id']);
  for (const v of (e['message_ids'] as unknown[] | undefined) ?? []) add(v);
  if (e['type'] === 'update_message_flags') for (const v of (e['messages'] as unknown[] | undefined) ?? []) add(v);
  return out;
}

function channelIds(e: Json): number[] {
  const out: number[] = [];
  const add = (v: unknown) => typeof v === 'number' && out.push(v);
  add(e['stream_id']);
  add((e['message'] as Json | undefined)?.['stream_id']);
  for (const v of (e['stream_ids'] as unknown[] | undefined) ?? []) add(v);
  for (const key of ['streams', 'subscriptions']) for (const s of (e[key] as Json[] | undefined) ?? []) add(s?.['stream_id']);
  return out;
}

const ITEM_EVENT: Record<string, [MItem['kind'], string, string | undefined]> = {
  drafts: ['draft', 'id', 'draft_id'],
  scheduled_messages: ['scheduled', 'scheduled_message_id', 'scheduled_message_id'],
  reminders: ['reminder', 'reminder_id', 'reminder_id'],
  device: ['device', 'device_id', 'device_id'],
};

function itemIds(e: Json): Array<[MItem['kind'], number]> {
  const spec = ITEM_EVENT[String(e['type'])];
  if (spec === undefined) return [];
  const [kind, listKey, oneKey] = spec;
  const out: Array<[MItem['kind'], number]> = [];
  const lists = ['drafts', 'draft', 'scheduled_messages', 'scheduled_message', 'reminders'].map((k) => e[k]);
  for (const l of lists) for (const x of Array.isArray(l) ? l : l !== undefined ? [l] : []) if (typeof (x as Json)[listKey] === 'number') out.push([kind, (x as Json)[listKey] as number]);
  if (oneKey !== undefined && typeof e[oneKey] === 'number') out.push([kind, e[oneKey] as number]);
  return out;
}

export function eventProblems(m: Model, q: MQueue, events: Json[]): Problem[] {
  const u = q.owner;
  const seenMessages = m.seenMessages.get(u.id) ?? new Set<number>();
  const seenChannels = m.seenChannels.get(u.id) ?? new Set<number>();
  const leak = (what: string, e: Json, pattern: unknown): Problem => ({
    message: `${u.key}'s queue ${q.v} heard of ${what}: ${JSON.stringify(e).slice(0, 300)}`,
    expect: { status: 200, json_paths: { 'events[*]': { $excludes: [pattern] } } },
  });
  const ref = (v: string) => `\${${v}}`;
  const problems: Problem[] = [];
  for (const e of events) {
    const type = e['type'];
    for (const id of messageIds(e)) {
      const known = m.messageById(id);
      if (known !== undefined ? seenMessages.has(id) : e['message'] === undefined || allowed(m, u, e['message'] as Json)) continue;
      problems.push(leak(`message ${known?.v ?? id}`, e, { type, ...(e['message'] !== undefined ? { message: { id: known ? ref(known.v) : id } } : { id: e['id'] }) }));
    }
    for (const id of channelIds(e)) {
      const c = m.channelById(id);
      if (c === undefined || seenChannels.has(id)) continue;
      problems.push(leak(`channel ${c.name}`, e, { type, id: e['id'] }));
    }
    if (type === 'typing' && Array.isArray(e['recipients']) && !(e['recipients'] as Json[]).some((x) => x['user_id'] === u.id)) {
      problems.push(leak('typing among others', e, { type, id: e['id'] }));
    }
    for (const [kind, id] of itemIds(e)) {
      const item = m.items.find((i) => i.kind === kind && i.id === id);
      if (item !== undefined && item.owner !== u.id) problems.push(leak(`${kind} ${item.v} of another user`, e, { type, id: e['id'] }));
    }
  }
  return problems;
}

/**
 * GET /events (dont_block) on a queue the run opened, from the last event seen: the
 * events are held to the model and, for a followed queue, applied to its client state.
 * Answers whether the queue still exists (a refusal: it is gone, and no longer followed).
 * `extra`: more checks of the events polled (a command's own rule about who hears what).
 */
export async function poll(m: Model, r: Real, q: MQueue, extra?: (events: Json[]) => Problem[]): Promise<boolean> {
  const followed = q.follow;
  const before = followed?.events ?? 0;
  const res = await r.d.call({
    as: q.owner.as,
    method: 'GET',
    path: '/api/v1/events',
    params: { queue_id: `\${${q.v}}`, last_event_id: q.last, dont_block: true },
    check: (o) => {
      if (o.status !== 200) return [];
      const events = ((o.json as Json)['events'] as Json[] | undefined) ?? [];
      const leaks = [...eventProblems(m, q, events), ...(extra?.(events) ?? []), ...statusEventProblems(m, q, events)];
      return leaks.length > 0 ? leaks : applyPolled(q, events);
    },
  });
  for (const e of ((res.json as Json | undefined)?.['events'] as Json[] | undefined) ?? []) if (typeof e['id'] === 'number') q.last = Math.max(q.last, e['id']);
  if (res.status !== 200) delete q.follow;
  const stats = r.stats.follow;
  stats.events += (followed?.events ?? 0) - before;
  if (followed !== undefined && q.follow === undefined && q.unfollowed !== undefined) stats.unfollowed.set(q.unfollowed, (stats.unfollowed.get(q.unfollowed) ?? 0) + 1);
  return res.status === 200;
}

export class PollEvents extends Command {
  readonly family: Family = 'events';
  constructor(readonly queue: number) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.queues.some((q) => q.owner.active);
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const q = pick(
      m.queues.filter((x) => x.owner.active),
      this.queue,
    );
    await poll(m, r, q);
  }

  toString(): string {
    return `PollEvents(${this.queue})`;
  }
}
