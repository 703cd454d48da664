// Bulk seeding for tests (control.seedMessages, POST /_understudy/messages/seed): many
// messages at once, straight into the store's indexes, as if they had been there before
// (no events, no notifications). Each distinct content is rendered once by the real
// renderer; `{n}` in the content is the message's number within the batch (1, 2, ...).
import { renderForStore } from '../domain/render-message.ts';
import { newMessage } from '../domain/messages.ts';
import { BadRequest } from '../errors.ts';
import { FLAG, type Message } from '../state/types.ts';
import type { World } from '../world.ts';
import { normalizeContent } from './message-text.ts';

export interface SeedSpec {
  count: number;
  /** Sender ids, taking turns (one is fine). */
  senders: number[];
  /** A channel's messages: its id, and the topics they go to, taking turns. */
  stream_id?: number;
  topics?: string[];
  /** Or direct messages between the sender and these users. */
  to?: number[];
  /** The content; `{n}` is replaced by the message's number in the batch. Default "Message {n}". */
  content?: string;
  /** Read by every recipient (default: unread but for the sender). */
  read?: boolean;
  starred?: boolean;
  /** UNIX seconds of the first message (default: now), and the seconds between two (default 0). */
  timestamp?: number;
  spacing_seconds?: number;
}

export const MAX_SEED = 1_000_000;

interface SeedPlan {
  spec: SeedSpec;
  /** Who gets a row of each sender's message. */
  recipients: number[];
}

export function checkSeedMessages(world: World, spec: SeedSpec): SeedPlan {
  const store = world.store;
  if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > MAX_SEED) throw new BadRequest(`count: from 1 to ${MAX_SEED}`);
  if (spec.senders.length === 0) throw new BadRequest('Give a sender');
  for (const id of spec.senders) if (!store.user(id)) throw new BadRequest(`No user ${id}`);
  if ((spec.stream_id === undefined) === (spec.to === undefined)) throw new BadRequest('Give exactly one of a channel and direct-message recipients');
  if (spec.stream_id !== undefined) {
    if (!store.channel(spec.stream_id)) throw new BadRequest(`No channel ${spec.stream_id}`);
    const recipients = store.subscribers(spec.stream_id).filter((id) => store.user(id)?.is_active);
    for (const s of spec.senders) if (!recipients.includes(s) && !store.user(s)?.is_bot) recipients.push(s);
    return { spec, recipients };
  }
  for (const id of spec.to ?? []) if (!store.user(id)) throw new BadRequest(`No user ${id}`);
  if (spec.senders.length > 1) throw new BadRequest('Direct messages are seeded from one sender');
  return { spec, recipients: [...new Set([...spec.senders, ...(spec.to ?? [])])].sort((a, b) => a - b) };
}

/** Adds the messages; returns the first and last new ids. */
export function doSeedMessages(world: World, plan: SeedPlan): { first_id: number; last_id: number } {
  const { spec, recipients } = plan;
  const store = world.store;
  const content = normalizeContent(spec.content ?? 'Message {n}');
  const numbered = content.includes('{n}');
  const topics = spec.topics === undefined || spec.topics.length === 0 ? ['seeded'] : spec.topics;
  const start = spec.timestamp ?? world.nowSeconds();
  const spacing = spec.spacing_seconds ?? 0;
  // One rendering per sender: `{n}` stays `{n}` in the HTML (nothing in Markdown reads it), then is filled in.
  const rendered = new Map(spec.senders.map((id) => [id, renderForStore(store, content, store.user(id) ?? null, world.nowMs())]));
  const base = spec.read === true ? FLAG.read : 0;
  const starred = spec.starred === true ? FLAG.starred : 0;
  const dm = spec.stream_id === undefined ? recipients : [];
  const streamId = spec.stream_id ?? null;
  const template = newMessage({
    sender_id: 0,
    stream_id: streamId,
    topic: '',
    dm_user_ids: dm,
    content,
    rendered_content: '',
    timestamp: start,
    client: 'Internal',
    is_me_message: false,
  });
  // One flags map, refilled for each message (addMessage reads it and keeps nothing).
  const flags = new Map<number, number>();
  let first = 0;
  let id = 0;
  for (let i = 0; i < spec.count; i++) {
    const senderId = spec.senders[i % spec.senders.length] as number;
    const r = rendered.get(senderId) as ReturnType<typeof renderForStore>;
    const n = numbered ? String(i + 1) : '';
    // A copy of one template (newMessage's shape), its own fields filled in: far cheaper
    // than building each message from scratch.
    const message: Message = { ...template };
    message.id = id = store.nextId('messages');
    message.sender_id = senderId;
    if (streamId !== null) message.topic = topics[i % topics.length] as string;
    if (numbered) {
      message.content = content.replaceAll('{n}', n);
      message.rendered_content = r.html.replaceAll('{n}', n);
    } else message.rendered_content = r.html;
    message.timestamp = start + i * spacing;
    message.is_me_message = r.is_me_message;
    message.reactions = [];
    if (first === 0) first = id;
    for (const u of recipients) flags.set(u, (u === senderId ? FLAG.read : base) | starred | (r.user_ids.has(u) ? FLAG.mentioned : 0));
    store.addMessage(message, flags);
  }
  return { first_id: first, last_id: id };
}
