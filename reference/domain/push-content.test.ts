// The notification text of rendered messages, and the bouncer's refusals of sealed
// contents that are not a registration.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64 } from '../crypto/encoding.ts';
import { tokenIdOf } from '../crypto/push-key.ts';
import { sealBox } from '../crypto/sealed-box.ts';
import { createReference } from '../index.ts';
import { renderForStore } from './render-message.ts';
import { mentionedIds, mobilePushContent, pushContent } from './push-content.ts';
import { bouncerKeyPair, bouncerPublicKey, bouncerRegister } from './push-bouncer.ts';
import { manualClock, SeededRandom } from '../determinism.ts';
import { World } from '../world.ts';

test('rendered HTML becomes the notification text: text in document order, entities decoded, mentions keep their text', () => {
  const ref = createReference();
  const html = renderForStore(ref.store, 'Hi @**King Hamlet** & @*hamletcharacters*,\n\n* one\n* two <b>\n\nline\nbreak', null).html;
  assert.is(pushContent(html), 'Hi @King Hamlet & @hamletcharacters,\n\none\ntwo <b>\n\nline\nbreak');
  assert.is(pushContent('<p>&#8212;&#x2014;&nbsp;&bogus;&#99999999;</p>'), '——\u00a0&bogus;&#99999999;');
  assert.equal(mentionedIds(html), { users: new Set([6]), groups: new Set([9]) });
  const silent = renderForStore(ref.store, '@_**King Hamlet** @_*hamletcharacters*', null).html;
  assert.equal(mentionedIds(silent), { users: new Set(), groups: new Set() });
});

test('truncate_content: at most 200 characters (code points), then an ellipsis', () => {
  assert.is(pushContent(`<p>${'x'.repeat(200)}</p>`), 'x'.repeat(200));
  assert.is(pushContent(`<p>${'😀'.repeat(201)}</p>`), `${'😀'.repeat(200)}…`);
});

test('"@user said:" paragraphs collapse with quotes only when they link to a message of this server', () => {
  const said = (href: string) => `<p><span class="user-mention silent" data-user-id="7">Zoe</span> <a href="${href}">said</a>:</p>\n<blockquote>\n<p>Hi?</p>\n</blockquote>\n<p>Great</p>`;
  assert.is(mobilePushContent(said('http://chat.example.com/#narrow/channel/1-a/topic/b/near/5'), 'chat.example.com'), '[…]\nGreat');
  assert.is(mobilePushContent(said('http://elsewhere.example.org/#narrow/channel/1-a/topic/b/near/5'), 'chat.example.com'), 'Zoe said:\n[…]Great');
});

// The server's own cases (TestPushNotificationsContent.test_fixtures): each rendered
// expected_output with a text_content becomes exactly that text.
const FIXTURES = fileURLToPath(new URL('../../../shared/upstream/zulip-server/zerver/tests/fixtures/markdown_test_cases.json', import.meta.url));
const fixtures = existsSync(FIXTURES)
  ? (JSON.parse(readFileSync(FIXTURES, 'utf8')) as { regular_tests: Array<{ name: string; expected_output: string; text_content?: string }> }).regular_tests.filter((t) => t.text_content !== undefined)
  : [];
(fixtures.length > 0 ? test : test.skip)(
  `get_mobile_push_content on the server's markdown_test_cases.json${fixtures.length > 0 ? ` (${fixtures.length} cases)` : ' (skipped: no ../shared/upstream/zulip-server beside the repository)'}`,
  () => {
    for (const t of fixtures) assert.is(mobilePushContent(t.expected_output, 'zulip.testserver'), t.text_content, t.name);
  },
);

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
