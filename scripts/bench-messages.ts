// The million-message benchmark (npm run bench -- --messages): builds a seeded realm
// of N messages straight into the store (the same addMessage the send action uses),
// then measures load time, memory per message beyond its content, and GET /messages
// latency for the common narrows. A benchmark, not a test: it prints figures.
import { createReference, type Reference } from '../reference/index.ts';
import { FLAG, type Message } from '../reference/state/types.ts';

export interface MessageBenchResult {
  messages: number;
  load_seconds: number;
  bytes_per_message_beyond_content: number;
  /** The same, once the full-text index exists (it is built by the first search). */
  bytes_per_message_with_search_index: number;
  search_index_build_seconds: number;
  latency_ms: Record<string, { p50: number; p99: number; count: number }>;
}

const WORDS = 'apple banana cherry delta echo forest garden harbor island jungle kettle lemon meadow night ocean planet quartz river sunset tiger umbrella valley willow xenon yellow zebra running runs ran'.split(' ');

/** A small deterministic generator (xorshift32): the realm is the same on every run. */
/** 'kumquat' is rare (about 1 message in 5,000): a search that must look through everything. */
const COMMON = WORDS;

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

export function buildRealm(count: number, seed = 42): { ref: Reference; contentBytes: number; loadSeconds: number; heapDelta: number } {
  const ref = createReference({ seed: 'bench' });
  const store = ref.store;
  const random = rng(seed);
  const channels = store.channels().map((c) => ({ id: c.stream_id, subs: store.subscribers(c.stream_id) }));
  const humans = store.realmUsers().filter((u) => !u.is_bot).map((u) => u.user_id);
  const topics = Array.from({ length: 50 }, (_, i) => `topic ${i}`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  let contentBytes = 0;
  let id = store.nextId('messages');
  const baseTime = Math.floor(ref.control.now() / 1000) - count;
  for (let i = 0; i < count; i++, id++) {
    const words = Array.from({ length: 6 + Math.floor(random() * 6) }, () => (random() < 0.00002 ? 'kumquat' : pick(COMMON)));
    const content = words.join(' ');
    const rendered = `<p>${content}</p>`;
    contentBytes += content.length + rendered.length;
    const isDm = random() < 0.2;
    const flags = new Map<number, number>();
    let message: Message;
    if (isDm) {
      const a = pick(humans);
      let b = pick(humans);
      if (b === a) b = humans[(humans.indexOf(a) + 1) % humans.length] as number;
      const ids = a < b ? [a, b] : [b, a];
      message = base(id, a, content, rendered, baseTime + i, { stream_id: null, topic: '', dm_user_ids: ids, type: 'private' });
      for (const u of ids) flags.set(u, u === a || random() < 0.9 ? FLAG.read : 0);
    } else {
      const channel = pick(channels);
      const sender = channel.subs.length ? pick(channel.subs) : pick(humans);
      message = base(id, sender, content, rendered, baseTime + i, { stream_id: channel.id, topic: pick(topics), dm_user_ids: [], type: 'stream' });
      for (const u of channel.subs) flags.set(u, (u === sender || random() < 0.9 ? FLAG.read : 0) | (random() < 0.01 ? FLAG.starred : 0));
    }
    store.addMessage(message, flags);
  }
  store.data.ids['messages'] = id;
  const loadSeconds = (performance.now() - start) / 1000;
  globalThis.gc?.();
  const heapDelta = process.memoryUsage().heapUsed - heapBefore;
  return { ref, contentBytes, loadSeconds, heapDelta };
}

function base(id: number, sender: number, content: string, rendered: string, timestamp: number, where: Pick<Message, 'stream_id' | 'topic' | 'dm_user_ids' | 'type'>): Message {
  return {
    id,
    sender_id: sender,
    ...where,
    content,
    rendered_content: rendered,
    timestamp,
    client: 'bench',
    is_me_message: false,
    reactions: [],
    last_edit_timestamp: null,
    last_moved_timestamp: null,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function runMessageBench(count: number): MessageBenchResult {
  const heapBase = (globalThis.gc?.(), process.memoryUsage().heapUsed);
  const { ref, contentBytes, loadSeconds, heapDelta } = buildRealm(count);
  const auth = { authorization: `Basic ${btoa(`hamlet@zulip.com:${ref.store.userByEmail('hamlet@zulip.com')?.api_key}`)}` };
  const get = (query: Record<string, string>) => {
    const res = ref.dispatch({ method: 'GET', path: '/api/v1/messages', headers: auth, query });
    if (res.status !== 200) throw new Error(`bench request failed: ${res.body.slice(0, 200)}`);
    return res;
  };
  const narrow = (terms: unknown[]) => JSON.stringify(terms);
  const indexStart = performance.now();
  get({ anchor: 'newest', num_before: '1', num_after: '0', narrow: narrow([{ operator: 'search', operand: 'apple' }]) });
  const indexSeconds = (performance.now() - indexStart) / 1000;
  globalThis.gc?.();
  const heapWithIndex = process.memoryUsage().heapUsed - heapBase;
  const cases: Record<string, Record<string, string>> = {
    'channel topic, newest 100': { anchor: 'newest', num_before: '100', num_after: '0', narrow: narrow([{ operator: 'channel', operand: 'Verona' }, { operator: 'topic', operand: 'topic 7' }]) },
    'combined feed, newest 1000': { anchor: 'newest', num_before: '1000', num_after: '0', narrow: '[]' },
    'dm conversation, newest 100': { anchor: 'newest', num_before: '100', num_after: '0', narrow: narrow([{ operator: 'dm', operand: [7] }]) },
    'sender, newest 100': { anchor: 'newest', num_before: '100', num_after: '0', narrow: narrow([{ operator: 'sender', operand: 'cordelia@zulip.com' }]) },
    'is:starred, newest 100': { anchor: 'newest', num_before: '100', num_after: '0', narrow: narrow([{ operator: 'is', operand: 'starred' }]) },
    'search, newest 100': { anchor: 'newest', num_before: '100', num_after: '0', narrow: narrow([{ operator: 'search', operand: 'xenon quartz' }]) },
    'search for a rare word': { anchor: 'newest', num_before: '100', num_after: '0', narrow: narrow([{ operator: 'search', operand: 'kumquat' }]) },
  };
  const latency: MessageBenchResult['latency_ms'] = {};
  for (const [name, query] of Object.entries(cases)) {
    const runs = name.startsWith('search') ? 20 : 200;
    get(query);
    const times: number[] = [];
    let returned = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const res = get(query);
      times.push(performance.now() - t);
      returned = (res.json['messages'] as unknown[]).length;
    }
    times.sort((a, b) => a - b);
    latency[name] = { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), count: returned };
  }
  return {
    messages: count,
    load_seconds: round(loadSeconds),
    bytes_per_message_beyond_content: Math.round((heapDelta - contentBytes) / count),
    bytes_per_message_with_search_index: Math.round((heapWithIndex - contentBytes) / count),
    search_index_build_seconds: round(indexSeconds),
    latency_ms: latency,
  };
}

const round = (x: number) => Math.round(x * 100) / 100;
