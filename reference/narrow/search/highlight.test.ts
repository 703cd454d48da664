import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, MESSAGES, op, testEnv } from '../test-realm.ts';
import { escapeHtml } from './escape-html.ts';

const byId = (id: number) => MESSAGES.find((m) => m.id === id)!;
const highlight = (search: string, id: number) => compile([op('search', search)]).highlight!(byId(id));

test('matched words are wrapped in highlight spans, in content and topic', () => {
  assert.equal(highlight('running', 101), {
    match_content: '<p><span class="user-mention" data-user-id="3">@King Hamlet</span> <span class="highlight">running</span> late</p>',
    match_subject: 'party plans',
  });
  assert.equal(highlight('plans', 110), {
    match_content: '<p><span class="highlight">plans</span> for the castle</p>',
    match_subject: 'secret',
  });
  assert.equal(highlight('party', 100).match_subject, '<span class="highlight">party</span> plans');
});

test('every form of the word is highlighted, stop words are not', () => {
  assert.equal(highlight('the castle', 110).match_content, '<p>plans for the <span class="highlight">castle</span></p>');
});

test('words inside tags are never wrapped', () => {
  const content = highlight('example', 102).match_content;
  assert.is(content, '<p>see <a href="https://example.com">https://<span class="highlight">example</span>.com</a></p>');
});

test('match_subject is the HTML-escaped topic', () => {
  const message = { ...byId(100), topic: 'plans <b> & "party"' };
  assert.equal(compile([op('search', 'party')]).highlight!(message).match_subject, 'plans &lt;b&gt; &amp; &quot;<span class="highlight">party</span>&quot;');
  assert.is(escapeHtml(`<'&">`), '&lt;&#39;&amp;&quot;&gt;');
});

test('without a search term GET /messages has no highlight, matches_narrow a plain one', () => {
  assert.is(compile([op('channel', 'Verona')]).highlight, null);
  const plain = compile([op('channel', 'Verona')], testEnv(), { forMatchesNarrow: true }).highlight!;
  const message = { ...byId(100), topic: 'a & b' };
  assert.equal(plain(message), { match_content: message.rendered_content, match_subject: 'a &amp; b' });
});

test('matches_narrow with a search term highlights', () => {
  const compiled = compile([op('search', 'party')], testEnv(), { forMatchesNarrow: true });
  assert.is(compiled.highlight!(byId(100)).match_content, "<p>Let's plan a <span class=\"highlight\">party</span></p>");
});

test.run();
