// Linkifiers against the server's own expectations (zerver/tests/test_markdown.py
// test_realm_patterns, test_multiple_matching_realm_patterns,
// test_links_and_linkifiers_in_topic_name, test_topic_links_ordering_by_priority;
// zerver/tests/test_realm_linkifiers.py for the pattern errors).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, topicLinks, type RenderContext, type RenderLinkifier } from './index.ts';
import { translateRe2 } from './re2.ts';
import { expandUriTemplate, parseUriTemplate } from './uri-template.ts';

const ctx = (linkifiers: RenderLinkifier[]): RenderContext => ({
  realmUrl: 'http://zulip.testserver',
  userByName: () => undefined,
  userById: () => undefined,
  groupByName: () => undefined,
  channelByName: () => undefined,
  linkifiers,
});
const TRAC = { pattern: '#(?P<id>[0-9]{2,8})', url_template: 'https://trac.example.com/ticket/{id}' };

test('message content: the trac linkifier of test_realm_patterns', () => {
  const content =
    'We should fix #224 #336 #446 and #115, but not issue#124 or #1124z or [trac #15](https://trac.example.com/ticket/16) today.';
  assert.is(
    render(content, ctx([TRAC])).html,
    '<p>We should fix <a href="https://trac.example.com/ticket/224">#224</a> <a href="https://trac.example.com/ticket/336">#336</a> <a href="https://trac.example.com/ticket/446">#446</a> and <a href="https://trac.example.com/ticket/115">#115</a>, but not issue#124 or #1124z or <a href="https://trac.example.com/ticket/16">trac #15</a> today.</p>',
  );
  assert.is(render('#115', ctx([])).html, '<p>#115</p>');
});

test('URL escaping and spaces in patterns', () => {
  const l = { pattern: 'url-(?P<id>[0-9]+)', url_template: 'https://example.com/A%20Test/%%%ba/{id}' };
  assert.is(render('url-123 is well-escaped', ctx([l])).html, '<p><a href="https://example.com/A%20Test/%25%25%ba/123">url-123</a> is well-escaped</p>');
  assert.equal(topicLinks([l], 'url-123 is well-escaped'), [{ url: 'https://example.com/A%20Test/%25%25%ba/123', text: 'url-123' }]);
  const g = { pattern: 'community guidelines', url_template: 'https://zulip.com/development-community/#community-norms' };
  assert.is(
    render('please observe community guidelines here', ctx([g])).html,
    '<p>please observe <a href="https://zulip.com/development-community/#community-norms">community guidelines</a> here</p>',
  );
});

test('word boundaries (assert_conversion)', () => {
  for (const [text, linked] of [
    ['Hello #123 World', true],
    ['Hello #123World', false],
    ['Hello#123 World', false],
    ['Hello\u00a0#123\u00a0World', true],
    ['チケットは#123です', false],
    ['チケットは #123 です', true],
    ['(#123)', true],
    ['#123>', true],
    ['"#123"', true],
    ['#123@', true],
    [')#123(', false],
    ['##123', false],
  ] as const) {
    assert.is(render(text, ctx([TRAC])).html.includes('https://trac.example.com'), linked, text);
    assert.is(topicLinks([TRAC], text).length, linked ? 1 : 0, text);
  }
});

test('topic links: linkifiers and raw URLs, by position', () => {
  assert.equal(topicLinks([TRAC], '#444 https://google.com'), [
    { url: 'https://trac.example.com/ticket/444', text: '#444' },
    { url: 'https://google.com', text: 'https://google.com' },
  ]);
  assert.equal(topicLinks([TRAC], 'no match here'), []);
  const hello = { pattern: 'hello#(?P<id>[0-9]+)', url_template: 'https://trac.example.com/hello/{id}' };
  assert.equal(topicLinks([TRAC, hello], 'hello#123 #234'), [
    { url: 'https://trac.example.com/hello/123', text: 'hello#123' },
    { url: 'https://trac.example.com/ticket/234', text: '#234' },
  ]);
});

test('topic links: overlaps go to the earlier linkifier', () => {
  const ls = [
    { pattern: '(?P<id>ABC-[0-9]+)', url_template: 'https://trac.example.com/ticket/{id}' },
    { pattern: '(?P<id>[A-Z][A-Z0-9]*-[0-9]+)', url_template: 'https://other-trac.example.com/ticket/{id}' },
    { pattern: '(?P<id>[A-Z][A-Z0-9]+)', url_template: 'https://yet-another-trac.example.com/ticket/{id}' },
  ];
  assert.equal(topicLinks(ls, 'ASD-123 ABC-123 QWE'), [
    { url: 'https://other-trac.example.com/ticket/ASD-123', text: 'ASD-123' },
    { url: 'https://trac.example.com/ticket/ABC-123', text: 'ABC-123' },
    { url: 'https://yet-another-trac.example.com/ticket/QWE', text: 'QWE' },
  ]);
  assert.is(
    render('We should fix ABC-123 or [trac ABC-123](https://trac.example.com/ticket/16) today.', ctx(ls)).html,
    '<p>We should fix <a href="https://trac.example.com/ticket/ABC-123">ABC-123</a> or <a href="https://trac.example.com/ticket/16">trac ABC-123</a> today.</p>',
  );
  const prio = [
    { pattern: 'http', url_template: 'http://example.com/' },
    { pattern: 'b#(?P<id>[a-z]+)', url_template: 'http://example.com/b/{id}' },
    { pattern: 'a#(?P<aid>[a-z]+) b#(?P<bid>[a-z]+)', url_template: 'http://example.com/a/{aid}/b/{bid}' },
    { pattern: 'a#(?P<id>[a-z]+)', url_template: 'http://example.com/a/{id}' },
  ];
  assert.equal(topicLinks(prio, 'http://foo.com a#asd b#bar'), [
    { text: 'http', url: 'http://example.com/' },
    { text: 'a#asd', url: 'http://example.com/a/asd' },
    { text: 'b#bar', url: 'http://example.com/b/bar' },
  ]);
  const mixed = [
    { pattern: 'ABC-42', url_template: 'https://google.com' },
    { pattern: 'com.+(?P<id>ABC\\-[0-9]+)', url_template: 'https://trac.example.com/ticket/{id}' },
  ];
  assert.equal(topicLinks(mixed, 'https://foo.com/ABC-123'), [{ url: 'https://foo.com/ABC-123', text: 'https://foo.com/ABC-123' }]);
  assert.equal(topicLinks(mixed, 'com https://foo.com/ABC-123'), [{ url: 'https://trac.example.com/ticket/ABC-123', text: 'com https://foo.com/ABC-123' }]);
});

test('RE2 errors in RE2 words', () => {
  assert.equal(translateRe2('(foo'), { ok: false, error: 'missing ): (foo' });
  assert.equal(translateRe2('ZUL-(?P<id>\\d????)'), { ok: false, error: 'bad repetition operator: ????' });
  assert.equal(translateRe2('*a'), { ok: false, error: 'missing argument to repetition operator: *' });
  assert.equal(translateRe2('[a'), { ok: false, error: 'missing ]: [a' });
  assert.ok(!translateRe2('(?P<id>x)(?P<id>y)').ok);
  assert.ok(!translateRe2('(?=x)').ok);
  const ok = translateRe2('FOO_(?P<id>[a-f]{5});(?P<zone>[a-f])');
  assert.ok(ok.ok && ok.groups.join() === 'id,zone');
});

test('URI templates: validity and expansion', () => {
  for (const t of ['https://example.com/{foo}', 'https://example.com{/foo,bar,baz}', 'https://example.com/{?foo*}', 'https://chat{.domain}.com/{#foo}', '$not_a_url$', 'https://example.com/%%(foo)s'])
    assert.ok(parseUriTemplate(t) !== null, t);
  for (const t of ['https://example.com/{foo', 'https://example.com/{{}', 'https://example.com/{//foo}', 'https://example.com/{bar++}'])
    assert.is(parseUriTemplate(t), null, t);
  const t = parseUriTemplate('https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}');
  assert.is(
    expandUriTemplate(t!, { zone: 'a', domain: 'b', location: 'c', id: 'd e', name: 'n', chapter: '12', fragment: 'abcdefgh' }),
    'https://zone_a.b.net/ticket/c/d%20e?name=n&chapter=12#abcde',
  );
});

test('patterns that could backtrack without end are never applied, and never stall', () => {
  const t = translateRe2('(?P<id>(a+)+)b');
  assert.ok(t.ok && t.risky);
  assert.ok(translateRe2('(?P<id>(a|b)*)').ok && (translateRe2('(?P<id>(a|b)*)') as { risky: boolean }).risky);
  assert.ok(!(translateRe2('#(?P<id>[0-9]{2,8})') as { risky: boolean }).risky);
  assert.ok(!(translateRe2('(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)') as { risky: boolean }).risky);
  const started = performance.now();
  const l = { pattern: '(?P<id>(a+)+)b', url_template: 'https://e.com/{id}' };
  assert.is(render(`${'a'.repeat(40)}c`, ctx([l])).html, `<p>${'a'.repeat(40)}c</p>`);
  assert.equal(topicLinks([l], `${'a'.repeat(40)}c`), []);
  assert.ok(performance.now() - started < 1000);
});

test.run();
