// The renderer against the server's own outputs: every case in cases.json, and the
// known divergences, which may only shrink.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import data from './cases.json' with { type: 'json' };
import { render, type RenderContext, type RenderEmoji } from './index.ts';

interface Case {
  name: string;
  input: string;
  expected: string;
  source: string;
  mentions?: { user_ids: number[]; group_ids: number[]; stream_wildcard: boolean; topic_wildcard: boolean };
}

interface Divergence {
  name: string;
  input: string;
  expected: string;
  server?: string;
  server_contains?: string;
  why: string;
}

/** The realm described in cases.json, answering as domain/render-message.ts does. */
function caseContext(): RenderContext {
  const { realmUrl, users, groups, channels, topics, emoji } = data.context;
  return {
    realmUrl,
    userByName: (name) => users.find((u) => u.full_name.toLowerCase() === name.toLowerCase()),
    userById: (id) => users.find((u) => u.user_id === id),
    groupByName: (name) => groups.find((g) => g.name.toLowerCase() === name.toLowerCase()),
    channelByName: (name) => channels.find((c) => c.name === name),
    emoji: (name) => emoji.find((e) => e.name === name) as RenderEmoji | undefined,
    topicWithId: (streamId, topic) => topics.find((t) => t.stream_id === streamId && t.topic === topic)?.with,
  };
}

const cases = data.cases as Case[];
const divergences = data.divergences as Divergence[];
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

test('the case file has at least 60 cases, each with a source, and unique names', () => {
  assert.ok(cases.length >= 60, `${cases.length} cases`);
  const names = [...cases, ...divergences].map((c) => c.name);
  assert.is(new Set(names).size, names.length);
  for (const c of cases) assert.ok(c.source, `${c.name} has no source`);
});

for (const c of cases) {
  test(`renders ${c.name} as the server does`, () => {
    const out = render(c.input, caseContext());
    assert.fixture(out.html, c.expected);
    if (c.mentions) {
      assert.equal(sorted(out.mentions.user_ids), sorted(c.mentions.user_ids), 'user_ids');
      assert.equal(sorted(out.mentions.group_ids), sorted(c.mentions.group_ids), 'group_ids');
      assert.is(out.mentions.stream_wildcard, c.mentions.stream_wildcard, 'stream_wildcard');
      assert.is(out.mentions.topic_wildcard, c.mentions.topic_wildcard, 'topic_wildcard');
    }
  });
}

for (const d of divergences) {
  test(`still diverges on ${d.name} (${d.why})`, () => {
    const html = render(d.input, caseContext()).html;
    assert.fixture(html, d.expected);
    if (d.server !== undefined) assert.is.not(html, d.server, 'now matches the server: move it to cases');
    if (d.server_contains !== undefined) assert.not.ok(html.includes(d.server_contains), 'now matches the server');
  });
}

test('/me messages are status messages; other slashes are not', () => {
  assert.ok(render('/me waves', caseContext()).is_me_message);
  assert.not.ok(render('/meh', caseContext()).is_me_message);
  assert.not.ok(render(' /me waves', caseContext()).is_me_message);
});

test('a mention in a code span mentions nobody', () => {
  const out = render('`@**King Hamlet**` and @**all**', caseContext());
  assert.equal(sorted(out.mentions.user_ids), []);
  assert.ok(out.mentions.stream_wildcard);
});

test('rendering is deterministic and leaves the context untouched', () => {
  const input = cases.map((c) => c.input).join('\n\n');
  assert.is(render(input, caseContext()).html, render(input, caseContext()).html);
});

test.run();
