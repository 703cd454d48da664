// Reactions with a deactivated custom emoji (no endpoint here deactivates one, so the unit
// test sets the scene) and the widget helpers' edge cases.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { REALM_EMOJI } from '../state/realm-emoji.ts';
import { callAs } from '../testing/call-as.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { pythonJsonDumps, widgetForContent } from '../domain/widgets.ts';

function scene() {
  const ref = createReference({});
  const sent = callAs(ref, 'hamlet', 'POST', '/messages', { type: 'direct', to: [7], content: 'hi' }).json as { id: number };
  const deactivate = () => {
    const row = ref.store.table(REALM_EMOJI).get(1);
    if (!row) throw new Error('the default realm has custom emoji 1');
    ref.store.table(REALM_EMOJI).put({ ...row, deactivated: true });
  };
  return { ref, id: sent.id, deactivate };
}

test('a vote for an existing reaction with a since deactivated custom emoji is taken; a new one is refused', () => {
  const { ref, id, deactivate } = scene();
  assert.is(callAs(ref, 'hamlet', 'POST', `/messages/${id}/reactions`, { emoji_name: 'green_tick' }).status, 200);
  deactivate();
  const vote = callAs(ref, 'cordelia', 'POST', `/messages/${id}/reactions`, { emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' });
  assert.is(vote.status, 200, vote.body);
  const other = callAs(ref, 'hamlet', 'POST', '/messages', { type: 'direct', to: [7], content: 'again' }).json as { id: number };
  assertUnchanged(ref, () => {
    const fresh = callAs(ref, 'hamlet', 'POST', `/messages/${other.id}/reactions`, { emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' });
    assert.is((fresh.json as { msg: string }).msg, 'This custom emoji has been deactivated.');
    const byName = callAs(ref, 'hamlet', 'POST', `/messages/${other.id}/reactions`, { emoji_name: 'green_tick' });
    assert.is((byName.json as { msg: string }).msg, "Emoji 'green_tick' does not exist");
  });
  // Removing is not checked against the emoji: the reaction exists.
  assert.is(callAs(ref, 'hamlet', 'DELETE', `/messages/${id}/reactions`, { emoji_code: '1', reaction_type: 'realm_emoji' }).status, 200);
});

test('a refused reaction changes nothing', () => {
  const { ref, id } = scene();
  callAs(ref, 'hamlet', 'POST', `/messages/${id}/reactions`, { emoji_name: 'octopus' });
  assertUnchanged(ref, () => {
    assert.is(callAs(ref, 'hamlet', 'POST', `/messages/${id}/reactions`, { emoji_name: 'octopus' }).status, 400);
    assert.is(callAs(ref, 'hamlet', 'DELETE', `/messages/${id}/reactions`, { emoji_name: 'tada' }).status, 400);
    assert.is(callAs(ref, 'othello', 'POST', `/messages/${id}/reactions`, { emoji_name: 'tada' }).status, 400);
  });
});

test('widgets: Python json.dumps escapes, and the first word decides', () => {
  assert.is(pythonJsonDumps({ a: ['é', '😀', 'x\ny'] }), '{"a": ["\\u00e9", "\\ud83d\\ude00", "x\\ny"]}');
  assert.is(widgetForContent(' /poll x'), null);
  assert.is(widgetForContent('/POLL x'), null);
  assert.equal(widgetForContent('/poll\tQ?\r\nA\r\n* B'), { widget_type: 'poll', extra_data: { question: 'Q?', options: ['A', 'B'] } });
  assert.equal(widgetForContent('/todo\n- a: b: c'), { widget_type: 'todo', extra_data: { task_list_title: '', tasks: [{ task: 'a', desc: 'b: c' }] } });
});

test.run();
