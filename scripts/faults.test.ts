// The deliberate faults of npm start -- --fault NAME (a testing aid): each does what it
// says and nothing else, and the flag is taken out of the arguments or refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../reference/index.ts';
import { callAs } from '../reference/testing/call-as.ts';
import { FAULTS, isFault, takeFault, withFault } from './faults.ts';

test('--fault NAME and --fault=NAME are taken out of the arguments; an unknown fault is refused', () => {
  assert.equal(takeFault(['--port', '0', '--fault', 'history-leak', '--quiet']), { rest: ['--port', '0', '--quiet'], fault: 'history-leak' });
  assert.equal(takeFault(['--fault=unsubscribe-noop']), { rest: [], fault: 'unsubscribe-noop' });
  assert.equal(takeFault(['--quiet']), { rest: ['--quiet'] });
  assert.match(takeFault(['--fault', 'nope']).error ?? '', /^--fault: one of history-leak, unsubscribe-noop, error-without-code .* not "nope"$/);
  assert.match(takeFault(['--fault']).error ?? '', /not ""$/);
  assert.ok(isFault('error-without-code'));
  assert.not.ok(isFault('toString'));
  assert.equal(Object.keys(FAULTS).sort(), ['error-without-code', 'history-leak', 'unsubscribe-noop']);
});

/** A private channel with protected history, a message in it, then a newcomer. */
function protectedChannel(ref: ReturnType<typeof createReference>): number {
  callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'secret' }], invite_only: true, history_public_to_subscribers: false });
  const id = callAs(ref, 'iago', 'GET', '/get_stream_id', { stream: 'secret' }).json['stream_id'] as number;
  callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: id, topic: 't', content: 'before hamlet came' });
  callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'secret' }], principals: ['hamlet@zulip.com'] });
  return id;
}

test('history-leak: a newcomer reads the protected history through GET /messages, and only there', async () => {
  const read = (ref: ReturnType<typeof createReference>, id: number) =>
    (callAs(ref, 'hamlet', 'GET', '/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'channel', operand: id }] }).json['messages'] as unknown[]).length;
  const good = createReference();
  assert.is(read(good, protectedChannel(good)), 0);
  const bad = withFault(createReference(), 'history-leak');
  const id = protectedChannel(bad);
  assert.is(read(bad, id), 2, 'the creation notice and the message');
  assert.is(bad.store.channel(id)?.history_public_to_subscribers, false, 'the channel itself is unchanged');
  // The async door goes through the fault too.
  const res = await bad.respond({ method: 'GET', path: '/api/v1/users/me', headers: { authorization: `Basic ${btoa(`iago@zulip.com:${bad.store.userByEmail('iago@zulip.com')!.api_key}`)}` } });
  assert.is(res?.status, 200);
});

test('unsubscribe-noop: success, and nothing changed; error-without-code: errors lose their code, successes stay', () => {
  const ref = withFault(createReference(), 'unsubscribe-noop');
  const res = callAs(ref, 'hamlet', 'DELETE', '/users/me/subscriptions', { subscriptions: ['Verona'] });
  assert.is(res.status, 200);
  assert.equal(res.json['removed'], ['Verona']);
  const subs = callAs(ref, 'hamlet', 'GET', '/users/me/subscriptions').json['subscriptions'] as Array<{ name: string }>;
  assert.ok(subs.some((s) => s.name === 'Verona'), 'still subscribed');

  const coded = withFault(createReference(), 'error-without-code');
  const refused = callAs(coded, 'hamlet', 'DELETE', '/messages/999999');
  assert.is(refused.status, 400);
  assert.equal(JSON.parse(refused.body), { result: 'error', msg: 'Invalid message(s)' });
  assert.is(callAs(coded, 'hamlet', 'GET', '/users/me').json['result'], 'success');
});

test.run();
