// The edit-and-move benchmark (npm run bench -- --edits [N]): a realm of N messages
// (default 1,000,000, built as bench-messages.ts builds it, the full-text index built by a
// first search), plus topics of 100, 1,000 and 10,000 messages in one channel; each topic
// is renamed with propagate_mode change_all by PATCH /messages/{id} (every index follows:
// channel, topic, full-text; a history entry for each message), one is moved to another
// channel, and one message's content is edited. The cost of a move grows with the
// messages moved, not with the store. A benchmark, not a test: it prints figures.
import { buildRealm } from './bench-messages.ts';
import { FLAG, type Message } from '../reference/state/types.ts';

export interface EditBenchResult {
  messages: number;
  /** Renaming a topic of this many messages (change_all), ms. */
  topic_move_ms: Record<string, number>;
  /** µs per message moved, for each size. */
  topic_move_us_per_message: Record<string, number>;
  /** Moving the 1,000-message topic to another channel (change_all), ms. */
  channel_move_1000_ms: number;
  /** A content edit of one message, median ms. */
  edit_ms: number;
}

const SIZES = [100, 1_000, 10_000];

export function runEditBench(count = 1_000_000): EditBenchResult {
  const extra = SIZES.reduce((a, b) => a + b, 0);
  const { ref } = buildRealm(Math.max(0, count - extra));
  const store = ref.store;
  const iago = store.userByEmail('iago@zulip.com');
  if (!iago) throw new Error('no iago');
  const headers = { authorization: `Basic ${btoa(`iago@zulip.com:${iago.api_key}`)}` };
  const verona = store.channelByName('Verona')?.stream_id as number;
  const denmark = store.channelByName('Denmark')?.stream_id as number;
  const subscribers = store.subscribers(verona);
  const now = Math.floor(ref.control.now() / 1000);
  let id = store.data.ids['messages'] as number;
  const firstOf: Record<number, number> = {};
  for (const size of SIZES) {
    firstOf[size] = id;
    for (let i = 0; i < size; i++, id++) {
      const content = `moving message ${i} of ${size}`;
      const message: Message = {
        id, sender_id: iago.user_id, type: 'stream', stream_id: verona, topic: `big ${size}`, dm_user_ids: [], content,
        rendered_content: `<p>${content}</p>`, timestamp: now, client: 'bench', is_me_message: false, reactions: [], last_edit_timestamp: null, last_moved_timestamp: null,
      };
      store.addMessage(message, new Map(subscribers.map((u) => [u, u === iago.user_id ? FLAG.read : 0])));
    }
  }
  store.data.ids['messages'] = id;
  store.changed();
  const dispatch = (method: string, path: string, body: Record<string, string>) => {
    const res = ref.dispatch({ method, path: `/api/v1${path}`, headers, ...(method === 'GET' ? { query: body } : { body }) });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.body.slice(0, 300)}`);
    return res;
  };
  // The full-text index exists, as after any search: moves keep it up to date.
  dispatch('GET', '/messages', { anchor: 'newest', num_before: '1', num_after: '0', narrow: JSON.stringify([{ operator: 'search', operand: 'moving' }]) });

  const timed = (op: () => void) => {
    const t = performance.now();
    op();
    return performance.now() - t;
  };
  const topic_move_ms: Record<string, number> = {};
  const topic_move_us_per_message: Record<string, number> = {};
  for (const size of SIZES) {
    const ms = timed(() => dispatch('PATCH', `/messages/${firstOf[size]}`, { topic: `renamed ${size}`, propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
    const moved = store.topicMessageIds(verona, `renamed ${size}`).length;
    if (moved !== size) throw new Error(`moved ${moved} of ${size}`);
    topic_move_ms[String(size)] = round(ms);
    topic_move_us_per_message[String(size)] = round((ms * 1000) / size);
  }
  const channel_move_1000_ms = round(
    timed(() => dispatch('PATCH', `/messages/${firstOf[1_000]}`, { stream_id: String(denmark), propagate_mode: 'change_all', send_notification_to_new_thread: 'false' })),
  );
  if (store.topicMessageIds(denmark, 'renamed 1000').length !== 1_000) throw new Error('the channel move lost messages');
  const edits: number[] = [];
  const target = firstOf[100] as number;
  for (let i = 0; i < 21; i++) edits.push(timed(() => dispatch('PATCH', `/messages/${target}`, { content: `edited ${i} time${i === 1 ? '' : 's'}` })));
  edits.sort((a, b) => a - b);
  const found = dispatch('GET', '/messages', { anchor: 'newest', num_before: '5', num_after: '0', narrow: JSON.stringify([{ operator: 'search', operand: 'edited' }]) });
  if ((found.json['messages'] as unknown[]).length !== 1) throw new Error('search does not find the edited message');
  return { messages: store.allMessageIds().length, topic_move_ms, topic_move_us_per_message, channel_move_1000_ms, edit_ms: round(edits[edits.length >> 1] as number) };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
