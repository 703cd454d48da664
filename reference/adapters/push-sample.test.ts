// The push sample the browser test compares: the same bytes through dispatch and
// through fetch in Node, and a sample that a wrong key would not open.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64 } from '../crypto/encoding.ts';
import { parsePushKey } from '../crypto/push-key.ts';
import { secretboxOpen } from '../crypto/secretbox.ts';
import { createReference } from '../index.ts';
import { dispatchSend, fetchSend, pushSample, PUSH_SAMPLE_SEED } from './push-sample.ts';

test('the sample is the same through dispatch and fetch, and decrypts to the message', async () => {
  const viaDispatch = await pushSample(dispatchSend(createReference({ seed: PUSH_SAMPLE_SEED })));
  const ref = createReference({ seed: PUSH_SAMPLE_SEED });
  const viaFetch = await pushSample(fetchSend('http://zulip.test', (input, init) => ref.handle(new Request(input, init))));
  assert.equal(viaFetch, viaDispatch);
  assert.is(viaDispatch.push_key_id, 42);
  const key = parsePushKey('MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt')!;
  const plain = secretboxOpen(key, base64.decode(viaDispatch.encrypted_data));
  assert.is(JSON.parse(new TextDecoder().decode(plain!))['content'], 'the same bytes everywhere');
  const other = await pushSample(dispatchSend(createReference({ seed: 'another seed' })));
  assert.is.not(other.encrypted_data, viaDispatch.encrypted_data);
  assert.is.not(other.bouncer_public_key, viaDispatch.bouncer_public_key);
});

test('a refused request is an error naming it', async () => {
  const send = dispatchSend(createReference());
  await send('POST', '/api/v1/register_client_device', {}, 'hamlet@zulip.com');
  try {
    await send('POST', '/api/v1/mobile_push/register', { device_id: '99' }, 'hamlet@zulip.com');
    assert.unreachable();
  } catch (e) {
    assert.match(String(e), /mobile_push\/register: 400 .*Invalid `device_id`/);
  }
  const ref = createReference();
  try {
    await fetchSend('http://zulip.test', (input, init) => ref.handle(new Request(input, init)))('GET', '/_understudy/push/outbox', { user_id: 'x' });
    assert.unreachable();
  } catch (e) {
    assert.match(String(e), /outbox: 400/);
  }
});

test.run();
