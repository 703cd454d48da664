// What the scenarios cannot set up: mark_all_as_read cut short (the batch limit that
// stands for the real timeout), mobile notifications taken back when messages are read,
// and the per-user unread index kept equal to the rows through every kind of write.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPushKey } from '../crypto/push-key.ts';
import { createReference, type Reference } from '../index.ts';
import { FLAG } from '../state/types.ts';
import { callAs } from '../testing/call-as.ts';

const IAGO = 4;
const HAMLET = 6;
const CORDELIA = 7;

function ok(res: { status: number; json: Record<string, unknown> }) {
  assert.is(res.status, 200, JSON.stringify(res.json));
  return res.json;
}
const dm = (ref: Reference, from: number, to: number, content = 'hi') =>
  ok(callAs(ref, from, 'POST', '/messages', { type: 'direct', to: [to], content }))['id'] as number;
const unreadBy = (ref: Reference, userId: number) => {
  const { ids, flags } = ref.store.userMessageRows(userId);
  const out: number[] = [];
  for (let i = 0; i < ids.length; i++) if (!((flags[i] as number) & FLAG.read)) out.push(ids[i] as number);
  return out;
};
const flagEvents = (ref: Reference, userId: number) =>
  ref.control.events(userId).filter((e) => e['type'] === 'update_message_flags') as Array<Record<string, unknown>>;

test('mark_all_as_read with a batch limit stops after that many batches of 2,000, newest first, without an event', () => {
  const ref = createReference();
  ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'));
  const ids: number[] = [];
  for (let i = 0; i < 4100; i++) ids.push(dm(ref, CORDELIA, HAMLET, `m${i}`));
  ref.control.setConfig({ mark_all_as_read_batch_limit: 1 });
  assert.equal(ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read')), { result: 'success', msg: '', complete: false });
  assert.equal(unreadBy(ref, HAMLET), ids.slice(0, 2100), 'the newest 2,000 were marked read');
  assert.is(ref.control.events(HAMLET).at(-1)?.['type'], 'message', 'no event for a run cut short');
  assert.is(ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'))['complete'], false);
  assert.equal(unreadBy(ref, HAMLET), ids.slice(0, 100));
  assert.is(ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'))['complete'], true, 'the last batch is short: done');
  assert.equal(unreadBy(ref, HAMLET), []);
  assert.equal({ ...flagEvents(ref, HAMLET).at(-1), id: 0 }, { id: 0, type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true });
});

test('a batch limit of 0 marks nothing; without a limit one request completes', () => {
  const ref = createReference();
  ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'));
  const id = dm(ref, CORDELIA, HAMLET);
  ref.control.setConfig({ mark_all_as_read_batch_limit: 0 });
  assert.is(ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'))['complete'], false);
  assert.equal(unreadBy(ref, HAMLET), [id]);
});

function phone(ref: Reference, userId: number): void {
  const device = ok(callAs(ref, userId, 'POST', '/register_client_device'))['device_id'] as number;
  const sealed = ref.control.sealPushRegistration({ token: `fcm-${userId}`, token_kind: 'kind_a', timestamp: Math.floor(ref.control.now() / 1000) });
  ok(
    callAs(ref, userId, 'POST', '/mobile_push/register', {
      device_id: device,
      push_key: formatPushKey(new Uint8Array(32).fill(userId)),
      push_key_id: userId,
      token_kind: 'kind_a',
      ...sealed,
    }),
  );
}

test('reading a message takes its notification off the reader\'s devices, once; mark-all takes every one', () => {
  const ref = createReference();
  phone(ref, HAMLET);
  phone(ref, CORDELIA);
  const a = dm(ref, IAGO, HAMLET, 'a');
  const b = dm(ref, IAGO, HAMLET, 'b');
  const c = dm(ref, IAGO, CORDELIA, 'c');
  const sent = ref.control.pushOutbox().length;
  ok(callAs(ref, HAMLET, 'POST', '/messages/flags', { messages: [a], op: 'add', flag: 'read' }));
  const removal = ref.control.pushOutbox().slice(sent);
  assert.equal(removal.map((n) => n.user_id), [HAMLET], 'one removal, to the reader only');
  ok(callAs(ref, HAMLET, 'POST', '/messages/flags', { messages: [a], op: 'remove', flag: 'read' }));
  ok(callAs(ref, HAMLET, 'POST', '/messages/flags', { messages: [a], op: 'add', flag: 'read' }));
  assert.is(ref.control.pushOutbox().length, sent + 1, 'a notification is taken back once');
  ok(callAs(ref, HAMLET, 'POST', '/messages/flags', { messages: [b], op: 'add', flag: 'starred' }));
  assert.is(ref.control.pushOutbox().length, sent + 1, 'starring takes nothing back');
  ok(callAs(ref, HAMLET, 'POST', '/mark_all_as_read'));
  assert.equal(ref.control.pushOutbox().slice(sent + 1).map((n) => n.user_id), [HAMLET], 'mark-all takes back b');
  ok(callAs(ref, CORDELIA, 'POST', '/mark_all_as_read'));
  assert.is(ref.control.pushOutbox().length, sent + 3);
  assert.ok(c > 0);
});

test('the unread index equals the unread rows through sends, flag changes, mark-all/channel/topic, unsubscribing and deletion', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat(7), fc.nat(20), fc.boolean()), { maxLength: 40 }),
      (ops) => {
        const ref = createReference();
        const sent: number[] = [];
        for (const [kind, n, flag] of ops) {
          const pick = () => sent[n % Math.max(1, sent.length)] ?? 1;
          if (kind <= 1) sent.push(dm(ref, CORDELIA, HAMLET, `x${n}`));
          else if (kind === 2) sent.push(ok(callAs(ref, CORDELIA, 'POST', '/messages', { type: 'stream', to: 'Verona', topic: `t${n % 3}`, content: 'c' }))['id'] as number);
          else if (kind === 3) callAs(ref, HAMLET, 'POST', '/messages/flags', { messages: [pick(), pick()], op: flag ? 'add' : 'remove', flag: 'read' });
          else if (kind === 4) callAs(ref, HAMLET, 'POST', '/mark_topic_as_read', { stream_id: 1, topic_name: `t${n % 3}` });
          else if (kind === 5) callAs(ref, HAMLET, flag ? 'POST' : 'POST', flag ? '/mark_all_as_read' : '/mark_stream_as_read', flag ? {} : { stream_id: 1 });
          else if (kind === 6) callAs(ref, IAGO, 'DELETE', `/messages/${pick()}`);
          else callAs(ref, HAMLET, 'POST', '/messages/flags/narrow', { anchor: 'oldest', num_before: 0, num_after: n, narrow: [], op: flag ? 'add' : 'remove', flag: 'read' });
          assert.equal([...ref.store.unreadMessageIds(HAMLET)], unreadBy(ref, HAMLET));
        }
        ref.reset();
        assert.equal([...ref.store.unreadMessageIds(HAMLET)], unreadBy(ref, HAMLET), 'rebuilt after a reset');
      },
    ),
    { seed: 20260701, numRuns: 40 },
  );
});

test.run();
