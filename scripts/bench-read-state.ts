// The read-state benchmark (npm run bench -- --read-state [N]): one user with N unread
// messages (default 1,000,000) in one new channel, built straight into the store as
// bench-messages.ts does, then through in-process requests: /register's unread_msgs,
// the first_unread anchor, POST /messages/flags/narrow over all N (5,000 a request, as
// a client walks a narrow), marking them unread again the same way from the newest,
// POST /mark_stream_as_read, and POST /mark_all_as_read. Each answer is checked (the
// benchmark fails on a wrong one, never on a slow one).
import { createReference, type Reference } from '../reference/index.ts';
import { FLAG, type Message } from '../reference/state/types.ts';
import { callAs } from '../reference/testing/call-as.ts';

export interface ReadStateBenchResult {
  unread: number;
  build_seconds: number;
  register_ms: number;
  first_unread_ms: number;
  flags_narrow_read: { requests: number; total_ms: number; p50_ms: number; p99_ms: number };
  flags_narrow_unread: { requests: number; total_ms: number; p50_ms: number; p99_ms: number };
  mark_stream_ms: number;
  mark_all_ms: number;
  mark_all_batches: number;
}

const HAMLET = 6;
const CORDELIA = 7;
let CHANNEL = 0;

function build(count: number): { ref: Reference; seconds: number } {
  const ref = createReference({ seed: 'bench' });
  const store = ref.store;
  ok(callAs(ref, CORDELIA, 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'bench' }], principals: [HAMLET] }));
  CHANNEL = ok(callAs(ref, CORDELIA, 'GET', '/get_stream_id', { stream: 'bench' }))['stream_id'] as number;
  ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'));
  const start = performance.now();
  let id = store.nextId('messages');
  const base = Math.floor(ref.control.now() / 1000) - count;
  for (let i = 0; i < count; i++, id++) {
    const message: Message = {
      id,
      type: 'stream',
      sender_id: CORDELIA,
      stream_id: CHANNEL,
      topic: `topic ${i % 50}`,
      dm_user_ids: [],
      content: 'unread',
      rendered_content: '<p>unread</p>',
      timestamp: base + i,
      client: 'bench',
      is_me_message: false,
      reactions: [],
      last_edit_timestamp: null,
      last_moved_timestamp: null,
    };
    store.addMessage(
      message,
      new Map([
        [CORDELIA, FLAG.read],
        [HAMLET, 0],
      ]),
    );
  }
  store.data.ids['messages'] = id;
  return { ref, seconds: (performance.now() - start) / 1000 };
}

function ok(res: { status: number; json: Record<string, unknown> }): Record<string, unknown> {
  if (res.status !== 200) throw new Error(`bench: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  return res.json;
}

function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const out = fn();
  return [out, performance.now() - start];
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
};

/** Walk the narrow 5,000 messages a request, as a client doing a bulk update does; returns the request times. */
function walk(ref: Reference, op: 'add' | 'remove', narrow: unknown[], fromNewest: boolean, expected: number): number[] {
  const times: number[] = [];
  let anchor = fromNewest ? 'newest' : 'oldest';
  let include = true;
  let updated = 0;
  for (;;) {
    const params = fromNewest
      ? { anchor, include_anchor: include, num_before: 5000, num_after: 0, narrow, op, flag: 'read' }
      : { anchor, include_anchor: include, num_before: 0, num_after: 5000, narrow, op, flag: 'read' };
    const [res, ms] = timed(() => ok(callAs(ref, HAMLET, 'POST', '/messages/flags/narrow', params)));
    times.push(ms);
    updated += res['updated_count'] as number;
    if (res[fromNewest ? 'found_oldest' : 'found_newest'] === true || res['processed_count'] === 0) break;
    anchor = String(res[fromNewest ? 'first_processed_id' : 'last_processed_id']);
    include = false;
  }
  if (updated !== expected) throw new Error(`bench: flags/narrow ${op} updated ${updated}, expected ${expected}`);
  return times;
}

export function runReadStateBench(count: number): ReadStateBenchResult {
  const { ref, seconds } = build(count);
  const unreadCount = () => ref.store.unreadMessageIds(HAMLET).length;
  if (unreadCount() !== count) throw new Error(`bench: ${unreadCount()} unread, expected ${count}`);

  const [state, register_ms] = timed(() => ok(callAs(ref, HAMLET, 'POST', '/register', { fetch_event_types: ['message', 'update_message_flags'] })));
  const unreadMsgs = state['unread_msgs'] as { count: number; old_unreads_missing: boolean };
  if (unreadMsgs.count !== Math.min(count, 50_000)) throw new Error(`bench: unread_msgs.count ${unreadMsgs.count}`);
  const [, first_unread_ms] = timed(() => ok(callAs(ref, HAMLET, 'GET', '/messages', { anchor: 'first_unread', num_before: 0, num_after: 100, narrow: [] })));

  const channel = [
    { operator: 'channel', operand: CHANNEL },
    { operator: 'sender', operand: CORDELIA },
  ];
  const read = walk(ref, 'add', [...channel, { operator: 'is', operand: 'unread' }], false, count);
  if (unreadCount() !== 0) throw new Error('bench: unread left after flags/narrow');
  const unread = walk(ref, 'remove', channel, true, count);
  if (unreadCount() !== count) throw new Error('bench: not all unread again');

  const [, mark_stream_ms] = timed(() => ok(callAs(ref, HAMLET, 'POST', '/mark_stream_as_read', { stream_id: CHANNEL })));
  if (unreadCount() !== 0) throw new Error('bench: mark_stream_as_read left unread');
  walk(ref, 'remove', channel, true, count);
  const [done, mark_all_ms] = timed(() => ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read')));
  if (done['complete'] !== true || unreadCount() !== 0) throw new Error('bench: mark_all_as_read incomplete');

  const figures = (xs: number[]) => ({ requests: xs.length, total_ms: Math.round(xs.reduce((a, b) => a + b, 0)), p50_ms: quantile(xs, 0.5), p99_ms: quantile(xs, 0.99) });
  return {
    unread: count,
    build_seconds: +seconds.toFixed(2),
    register_ms: Math.round(register_ms),
    first_unread_ms: +first_unread_ms.toFixed(2),
    flags_narrow_read: figures(read),
    flags_narrow_unread: figures(unread),
    mark_stream_ms: Math.round(mark_stream_ms),
    mark_all_ms: Math.round(mark_all_ms),
    mark_all_batches: Math.ceil(count / 2000),
  };
}
