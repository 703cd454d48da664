// POST /calls/vidprov/create and the provider token: the errors in upstream's order,
// a deterministic meeting URL, the has_vidprov_token event and register state.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { videoCallsInitialState } from '../domain/video-calls.ts';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';

const HAMLET = 6;
const CORDELIA = 7;
const create = (ref: Reference, who = HAMLET, params: Record<string, unknown> = {}) => callAs(ref, who, 'POST', '/calls/vidprov/create', params);

function refused(ref: Reference, status: number, code: string, msg: string) {
  const res = assertUnchanged(ref, () => create(ref));
  assert.equal([res.status, res.json['code'], res.json['msg']], [status, code, msg]);
}

test('without a token: INVALID_VIDEO_CALL_PROVIDER_TOKEN; not configured comes first', () => {
  const ref = createReference();
  refused(ref, 400, 'INVALID_VIDEO_CALL_PROVIDER_TOKEN', 'Invalid Webex access token');
  ref.control.setVidprovToken(HAMLET, true);
  ref.control.setConfig({ vidprov_configured: false });
  refused(ref, 400, 'BAD_REQUEST', 'Webex credentials have not been configured');
  ref.control.setVidprovToken(HAMLET, false);
  refused(ref, 400, 'BAD_REQUEST', 'Webex credentials have not been configured');
});

test('with a token: a meeting URL, a new one each time, the same for the same seed and requests', () => {
  const urls = (seed: string) => {
    const ref = createReference({ seed });
    ref.control.setVidprovToken(HAMLET, true);
    const first = create(ref, HAMLET, { is_video_call: true });
    assert.is(first.status, 200);
    assert.equal(first.json['ignored_parameters_unsupported'], ['is_video_call']);
    return [first.json['url'], create(ref).json['url']] as string[];
  };
  const [a, b] = urls('one');
  assert.match(a!, /^https:\/\/[^/]+\/.*MTID=m[0-9a-f]{32}$/);
  assert.is.not(a, b);
  assert.equal(urls('one'), [a, b]);
  assert.is.not(urls('two')[0], a);
});

test('granting and revoking tell the user, and the register state follows', () => {
  const ref = createReference();
  const hamlet = ref.store.user(HAMLET)!;
  assert.equal(videoCallsInitialState(ref.store, hamlet), { has_vidprov_token: false });
  ref.control.setVidprovToken(HAMLET, true);
  assert.equal(videoCallsInitialState(ref.store, hamlet), { has_vidprov_token: true });
  assert.equal(videoCallsInitialState(ref.store, ref.store.user(CORDELIA)!), { has_vidprov_token: false });
  ref.control.setVidprovToken(HAMLET, false);
  assert.equal(videoCallsInitialState(ref.store, hamlet), { has_vidprov_token: false });
  const events = ref.control.events(HAMLET).filter((e) => e['type'] === 'has_vidprov_token').map(({ id: _id, ...e }) => e);
  assert.equal(events, [
    { type: 'has_vidprov_token', value: true },
    { type: 'has_vidprov_token', value: false },
  ]);
  assert.equal(ref.control.events(CORDELIA).filter((e) => e['type'] === 'has_vidprov_token'), []);
  assert.is(create(ref, CORDELIA).json['code'], 'INVALID_VIDEO_CALL_PROVIDER_TOKEN', 'a token is one user\'s');
});

test('before feature level 493 there is no such endpoint; the control surface checks its user', () => {
  const ref = createReference({ featureLevel: 492 });
  ref.control.setVidprovToken(HAMLET, true);
  const res = assertUnchanged(ref, () => create(ref));
  assert.equal([res.status, res.json['msg']], [404, 'Not Found']);
  assert.throws(() => ref.control.setVidprovToken(9999, true), /No user 9999/);
});

test.run();
