// The notification text of rendered messages, and the bouncer's refusals of sealed
// contents that are not a registration.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64 } from '../crypto/encoding.ts';
import { tokenIdOf } from '../crypto/push-key.ts';
import { sealBox } from '../crypto/sealed-box.ts';
import { createReference } from '../index.ts';
import { renderForStore } from './render-message.ts';
import { mentionedIds, pushContent } from './push-content.ts';
import { bouncerKeyPair, bouncerPublicKey, bouncerRegister } from './push-bouncer.ts';
import { manualClock, SeededRandom } from '../determinism.ts';
import { World } from '../world.ts';

test('rendered HTML becomes plain text: blocks and breaks are lines, entities decoded, mentions keep their text', () => {
  const ref = createReference();
  const html = renderForStore(ref.store, 'Hi @**King Hamlet** & @*hamletcharacters*,\n\n* one\n* two <b>\n\nline\nbreak', null).html;
  assert.is(pushContent(html), 'Hi @King Hamlet & @hamletcharacters,\none\ntwo <b>\nline\nbreak');
  assert.is(pushContent('<p>&#8212;&#x2014;&nbsp;&bogus;&#99999999;</p>'), '——\u00a0&bogus;&#99999999;');
  assert.equal(mentionedIds(html), { users: new Set([6]), groups: new Set([9]) });
  const silent = renderForStore(ref.store, '@_**King Hamlet** @_*hamletcharacters*', null).html;
  assert.equal(mentionedIds(silent), { users: new Set(), groups: new Set() });
});

test('the bouncer refuses sealed contents that are not a registration JSON object', () => {
  const ref = createReference();
  const w = new World(ref.store, manualClock(ref.control.now()), new SeededRandom('understudy'));
  assert.is(bouncerPublicKey(w), ref.control.pushBouncerKey(), 'the key of the seed');
  const seal = (text: string | Uint8Array) =>
    base64.encode(sealBox(bouncerKeyPair(w).publicKey, typeof text === 'string' ? new TextEncoder().encode(text) : text, new Uint8Array(32).fill(9)));
  const id = tokenIdOf('t');
  const now = w.nowSeconds();
  for (const body of [
    'not json',
    '[1]',
    'null',
    `{"token": 1, "token_kind": "kind_a", "timestamp": ${now}}`,
    '{"token": "t", "token_kind": "kind_a", "timestamp": 1.5}',
    `{"token": "t", "token_kind": "kind_a", "timestamp": "${now}"}`,
    `{"token": "t", "token_kind": "kind_a", "timestamp": ${now}, "ios_app_id": 5}`,
  ]) {
    assert.equal(bouncerRegister(w, bouncerPublicKey(w), seal(body), id), { ok: false, code: 'BAD_REQUEST' }, body);
  }
  assert.equal(bouncerRegister(w, bouncerPublicKey(w), seal(Uint8Array.of(0xff, 0xfe)), id), { ok: false, code: 'BAD_REQUEST' }, 'not UTF-8');
  const good = `{"token": "t", "token_kind": "kind_a", "timestamp": ${now}, "extra": "ignored"}`;
  assert.equal(bouncerRegister(w, bouncerPublicKey(w), seal(good), id), { ok: true, registration: { token: 't', token_kind: 'kind_a', ios_app_id: null } });
  assert.equal(bouncerRegister(w, bouncerPublicKey(w), '!!!!', id), { ok: false, code: 'BAD_REQUEST' }, 'not Base64 at all');
});

test.run();
